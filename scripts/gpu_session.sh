#!/usr/bin/env bash
# One device session in one call (under the 10-minute limit). STAGES picks what runs, in order:
#   tests   - the GPU test suite (faulty and cheating kernels, runner, headers that run, record); every file with GPU tests
#   check   - 50 random genomes + baseline + FAST_GENOME of CHECK_TEMPLATES, check shapes only
#   bench   - the kernel benchmark of BENCH_TEMPLATES (benchmarks/bench_kernels.py; BENCH_ARGS adds
#             e.g. "--climb 3 --from-db runs/batch_h200/results.db")
#   shapes  - the kernels at a user's shapes (bench_kernels.py --size second, SHAPES_TEMPLATES; SHAPES_ARGS
#             adds e.g. "--extra benchmarks/candidates/shapes_candidates.json --rounds 3"; SHAPES_SIZES replaces
#             "--size second", e.g. "--size transpose:R=4097,C=4096 --size transpose:R=4096,C=4097"), then
#             shapes/TARGETS.txt: issue 17's targets read from the result (benchmarks/dev/targets.py)
#   profile - where the time goes: ncu counters and the SASS mix (benchmarks/profile_kernels.py) of the best
#             genome of each shape in PROFILE_SHAPES (a shapes.json) under PROFILE_BELOW % of the copy bandwidth,
#             and of the cases in PROFILE_CASES (a JSON list); PROFILE_ARGS adds e.g. "--source" (stalls per SASS line)
#   peercode - what torch.compile generates (its Triton kernels and launch parameters) and how fast it runs,
#             for the cases of PEER_CASES (default "stencil:H=131072,W=257"; benchmarks/peer_code.py)
#   batch   - the overnight-style batch BATCH_TOML (default benchmarks/batches/batch_h200.toml; several files, space-
#             separated, run one after the other; each file's out folder, or BATCH_OUT): headers, report, leaderboard
#   record  - recordings of RECORD_TEMPLATES (up to SAMPLE genomes each, T_RECORD seconds each), for replay
#   throughput - benchmarks/throughput.py --gpu: today's loop (OLD_TREE, a `git archive 3f7e032`) against
#             the pipeline and the pipeline through Dask, on transpose 16384^2 and sgemm 4096^3
#   subspace - whole sub-spaces of SUBSPACE_TEMPLATES (some genes fixed, ~1000-2000 genomes each), for
#             replays in which every neighbour a search asks for was measured
# SEARCH_TABLE=1 also runs benchmarks/search_table.py (replays only: the CPU cores, not the GPU) in the
# background from the start, niced, on SEARCH_JOBS processes (default 12) and for at most T_SEARCH
# seconds (default 540), resuming SEARCH_TABLE_FROM (a table.jsonl) where given; SEARCH_ARGS narrows it.
# Each stage has its own time limit (T_<STAGE> seconds) and works in a scratch folder; after every
# stage the folder is packed into OUTDIR/session.tar.gz (one file: the device returns at most 8), and every
# PACK_EVERY seconds (default 60) in between (scripts/_pack.sh), so a call stopped at the device's time limit keeps
# what the earlier stages finished and what the stage it stopped in had written.
#   STAGES="bench batch" scripts/gpu_session.sh OUTDIR
set -uo pipefail
OUTDIR=${1:?usage: scripts/gpu_session.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$OUTDIR"
source scripts/_gpu_env.sh
WORK=$(mktemp -d)
EK="python3 -m evo_kernels.cli"
source scripts/_pack.sh
start_packer
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$WORK/gpu.txt"
search_pid=""
if [ -n "${SEARCH_TABLE:-}" ]; then
  mkdir -p "$WORK/searchtable"
  [ -n "${SEARCH_TABLE_FROM:-}" ] && cp "$SEARCH_TABLE_FROM" "$WORK/searchtable/table.jsonl"
  # shellcheck disable=SC2086
  nice -n 15 timeout "${T_SEARCH:-540}" python3 benchmarks/search_table.py --out "$WORK/searchtable" \
    --jobs "${SEARCH_JOBS:-12}" ${SEARCH_ARGS:-} > "$WORK/searchtable/searchtable.log" 2>&1 &
  search_pid=$!
fi
for stage in ${STAGES:-tests check bench batch}; do
  t_start=$(date +%s)
  case $stage in
    tests)
      # shellcheck disable=SC2086
      timeout "${T_TESTS:-240}" python3 -m pytest -q -m gpu -p no:cacheprovider ${TESTS_FILES:-tests/test_gpu_runner.py \
        tests/test_gpu_templates.py tests/test_export.py tests/test_export_launch.py tests/test_recording.py} ${TESTS_K:+-k "$TESTS_K"} \
        > "$WORK/gpu_tests.log" 2>&1
      echo "tests rc=$?" >> "$WORK/gpu_tests.log" ;;
    check)
      sel=$(echo "${CHECK_TEMPLATES:-conv2d stencil}" | sed 's/ / or /g')
      EVO_GPU_SAMPLE=50 timeout "${T_CHECK:-120}" python3 -m pytest -v -m gpu -p no:cacheprovider \
        tests/test_gpu_templates.py -k "$sel" > "$WORK/gpu_check50.log" 2>&1
      echo "check rc=$?" >> "$WORK/gpu_check50.log" ;;
    bench)
      mkdir -p "$WORK/bench"
      # shellcheck disable=SC2086
      timeout "${T_BENCH:-240}" python3 benchmarks/bench_kernels.py --out "$WORK/bench" --sample "${BENCH_SAMPLE:-50}" \
        --time-cap 0.1 --templates ${BENCH_TEMPLATES:-reduce_sum softmax transpose stencil} ${BENCH_ARGS:-} \
        > "$WORK/bench/bench.log" 2>&1
      echo "bench rc=$?" >> "$WORK/bench/bench.log" ;;
    shapes)
      mkdir -p "$WORK/shapes"
      # shellcheck disable=SC2086
      timeout "${T_SHAPES:-360}" python3 benchmarks/bench_kernels.py --out "$WORK/shapes" ${SHAPES_SIZES:---size second} \
        --templates ${SHAPES_TEMPLATES:-softmax transpose reduce_sum stencil} --sample "${SHAPES_SAMPLE:-6}" \
        --climb "${SHAPES_CLIMB:-1}" --time-cap 0.1 ${SHAPES_ARGS:-} > "$WORK/shapes/shapes.log" 2>&1
      echo "shapes rc=$?" >> "$WORK/shapes/shapes.log"
      # issue 17's targets read from what was measured (benchmarks/dev/targets.py; exit 1 where a shape misses)
      [ -f "$WORK/shapes/shapes.json" ] && python3 benchmarks/dev/targets.py "$WORK/shapes/shapes.json" \
        > "$WORK/shapes/TARGETS.txt" 2>&1 ;;
    profile)
      mkdir -p "$WORK/profile"
      # shellcheck disable=SC2086
      timeout "${T_PROFILE:-150}" python3 benchmarks/profile_kernels.py --out "$WORK/profile" \
        ${PROFILE_SHAPES:+--from-shapes $PROFILE_SHAPES --below ${PROFILE_BELOW:-90}} \
        ${PROFILE_TEMPLATES:+--templates $PROFILE_TEMPLATES} ${PROFILE_CASES:+--cases $PROFILE_CASES} ${PROFILE_ARGS:-} \
        > "$WORK/profile/profile.log" 2>&1
      echo "profile rc=$?" >> "$WORK/profile/profile.log" ;;
    peercode)
      mkdir -p "$WORK/peercode"
      cases=""
      for c in ${PEER_CASES:-stencil:H=131072,W=257}; do cases="$cases --case $c"; done
      # shellcheck disable=SC2086
      timeout "${T_PEERCODE:-120}" python3 benchmarks/peer_code.py --out "$WORK/peercode" $cases \
        > "$WORK/peercode/peercode.log" 2>&1
      echo "peercode rc=$?" >> "$WORK/peercode/peercode.log" ;;
    batch)
      # BATCH_TOML may name several files, run one after the other (an A/B: files that differ in one key);
      # each writes batch-<stem>.log, leaderboard-<stem>.txt/.json and its out folder's headers, report and db
      for bt in ${BATCH_TOML:-benchmarks/batches/batch_h200.toml}; do
        stem=$(basename "$bt" .toml)
        # the out folder as batch reads it (a relative one against the file's folder)
        bo=${BATCH_OUT:-$(python3 -c "import sys; from evo_kernels.batch import load_jobs, out_folder; p = sys.argv[1]; print(out_folder(p, load_jobs(p)[0]))" "$bt")}
        timeout "${T_BATCH:-200}" $EK batch "$bt" > "$WORK/batch-$stem.log" 2>&1
        echo "batch rc=$?" >> "$WORK/batch-$stem.log"
        $EK leaderboard --db "$bo/results.db" --top 15 > "$WORK/leaderboard-$stem.txt" 2>&1
        $EK leaderboard --db "$bo/results.db" --json > "$WORK/leaderboard-$stem.json" 2>&1
        mkdir -p "$WORK/$(basename "$bo")"
        cp -r "$bo/headers" "$bo/report" "$bo"/results.db* "$WORK/$(basename "$bo")/" 2>/dev/null
      done ;;
    throughput)
      mkdir -p "$WORK/throughput"
      # shellcheck disable=SC2086
      timeout "${T_THROUGHPUT:-420}" python3 benchmarks/throughput.py --gpu --out "$WORK/throughput" \
        ${OLD_TREE:+--old-tree $OLD_TREE} ${THROUGHPUT_ARGS:-} > "$WORK/throughput/throughput.log" 2>&1
      echo "throughput rc=$?" >> "$WORK/throughput/throughput.log" ;;
    record)
      mkdir -p "$WORK/recordings"
      for t in ${RECORD_TEMPLATES:-sgemm transpose stencil}; do
        # the recordings' problem sizes (kept from the first recordings, so that replays compare)
        case $t in
          sgemm) size="M=2048 N=2048 K=2048" ;; transpose) size="R=2048 C=2048" ;; stencil) size="H=2048 W=2048" ;;
          *) size="" ;;
        esac
        # a random order of the space: a recording cut short by its time limit is a uniform sample
        # shellcheck disable=SC2086
        # RECORD_EXTEND=1: add genomes the shipped recording lacks to it (RECORD_SEED: another random order)
        if [ -n "${RECORD_EXTEND:-}" ]; then
          cp "evo_kernels/recordings/$t.json.gz" "$WORK/recordings/$t.json.gz"
          extend="--extend"
        else
          extend=""
        fi
        timeout "${T_RECORD:-120}" $EK record "$t" ${size:+--size $size} --sample "${SAMPLE:-5000}" $extend \
          --seed "${RECORD_SEED:-0}" --db "$WORK/recordings/record-$t.db" --out "$WORK/recordings/$t.json.gz" \
          --time-cap 0.1 2>&1 | tail -n 3 >> "$WORK/recordings/record.log"
        rm -f "$WORK/recordings/record-$t.db"*
      done ;;
    subspace)
      mkdir -p "$WORK/recordings"
      # whole sub-spaces (some genes fixed, ~1000-2000 genomes each), for replays in which every
      # neighbour a search asks for was measured; SUBSPACE_TEMPLATES picks (default: all three)
      for t in ${SUBSPACE_TEMPLATES:-sgemm transpose stencil}; do
        case $t in
          # the fast family (shared memory, vector loads, register-tiled, padded, 128-register cap, no cp.async,
          # unsplit): free are the block tile (M, N, K), the thread tile (M, N), the full-tile loop and the
          # fragment pipeline
          sgemm) size="M=2048 N=2048 K=2048"; pins="--pin UseSharedMemory=True --pin VectorizeLoads=True
            --pin ReorderInstructions_Async=0 --pin ReorderInstructions=True --pin AdjustBlockSize_MaxRegisters=128
            --pin CoalesceMemoryAccess=True --pin PadSharedMemory=True --pin TileLoops_Group=1 --pin UnrollLoop=32
            --pin TileLoops_SpecializeEdges=False --pin TileLoops_SplitK=1 --pin TileLoops_SplitKEdges=1" ;;
          # shared tiles, padded; aligned-only vectors, 2-D grid, no edge specialization, no line windows or
          # skewed tiles or narrow runs (at 2048^2 every side takes vectors): tile, block, unrolling, vector width, coarsening, coalesced
          # stores and the store batching are free
          transpose) size="R=2048 C=2048"; pins="--pin UseSharedMemory=True --pin PadSharedMemory=True
            --pin VectorizeLoads_Align=False --pin TileLoops_Flat=False --pin TileLoops_Specialize=False
            --pin CoalesceMemoryAccess_Lines=False --pin TileLoops_Skew=False --pin TileLoops_Narrow=False" ;;
          # the genes of the first stencil template (its odd-side genes, the skewed tile and the narrow runs off)
          stencil) size="H=2048 W=2048"; pins="--pin VectorizeLoads_Align=False --pin ReorderInstructions_Prefetch=False
            --pin VectorizeLoads_AlignStores=False --pin VectorizeLoads_AlignShared=False
            --pin CoalesceMemoryAccess=False --pin TileLoops_Flat=False --pin TileLoops_Skew=False --pin TileLoops_Narrow=False" ;;
          *) echo "subspace: no pins for $t" >> "$WORK/recordings/record.log"; continue ;;
        esac
        # shellcheck disable=SC2086
        timeout "${T_SUBSPACE:-200}" $EK record "$t" --size $size $pins \
          --db "$WORK/recordings/record-sub-$t.db" --out "$WORK/recordings/${t}_subspace.json.gz" --time-cap 0.1 \
          2>&1 | tail -n 3 >> "$WORK/recordings/record.log"
        rm -f "$WORK/recordings/record-sub-$t.db"*
      done ;;
    *) echo "unknown stage $stage" >> "$WORK/stages.log" ;;
  esac
  echo "$stage $(( $(date +%s) - t_start )) s" >> "$WORK/stages.log"
  pack
done
if [ -n "$search_pid" ]; then
  wait "$search_pid"; echo "searchtable rc=$?" >> "$WORK/searchtable/searchtable.log"
  python3 benchmarks/search_table.py --out "$WORK/searchtable" --render >> "$WORK/searchtable/searchtable.log" 2>&1
  pack
  tail -n 5 "$WORK/searchtable/searchtable.log"
fi
stop_packer
pack
cat "$WORK/stages.log"
tail -n 3 "$WORK"/*.log 2>/dev/null
tail -n 30 "$WORK/bench/bench.log" 2>/dev/null
grep -v "^- " "$WORK/shapes/SHAPES.md" 2>/dev/null | tail -n 40
cat "$WORK/profile/PROFILE.md" 2>/dev/null; tail -n 5 "$WORK/profile/profile.log" 2>/dev/null
exit 0
