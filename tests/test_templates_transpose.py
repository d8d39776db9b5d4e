"""The transpose template alone: its old genomes, its ragged genes on the CPU. The checks it shares
with the other memory-bound templates are tests/test_templates_memory.py; its odd-side genes
tests/test_templates_odd_sides.py."""
from __future__ import annotations

import shutil

import numpy as np
import pytest

from evo_kernels.genome import InvalidGenome
from evo_kernels.template import load_template
from _memory_template_helpers import cuda_emu


def test_transpose_keeps_its_old_genomes():
    t = load_template("transpose")
    old = {"TileLoops": 32, "AdjustBlockSize": 8, "UseSharedMemory": True, "PadSharedMemory": True, "UnrollLoop": True}
    g = t.space.coerce(old)
    assert t.space.is_valid(g) and g["VectorizeLoads"] == 1 and g["ThreadCoarsening"] == 1
    assert t.launch(g, t.problem).block == (32, 8, 1)
    src = t.render(t.space.baseline())
    assert "out[(size_t)c * R + r] = inp[(size_t)r * C + c];" in src  # the naive baseline


@pytest.mark.slow
def test_transpose_ragged_genes_build_and_run_on_the_cpu(tmp_path):
    # the coalesced fallback for sides that allow no vectors, and the unguarded copy for full tiles
    t = load_template("transpose")
    fast = dict(t.meta.FAST_GENOME)
    genomes = [t.space.check(dict(fast, CoalesceMemoryAccess=True)),
               t.space.check(dict(fast, CoalesceMemoryAccess=True, TileLoops_Specialize=True, ThreadCoarsening=2)),
               t.space.check(dict(fast, TileLoops_Specialize=True, UseSharedMemory=False, PadSharedMemory=False,
                                  AdjustBlockSize=8)),
               t.space.check(dict(t.space.baseline(), TileLoops_Specialize=True))]
    assert "__ldg(rowp + cc)" in t.render(genomes[0]) and "tile_io<VIN, VOUT, true>" in t.render(genomes[1])
    assert not t.space.is_valid(dict(fast, CoalesceMemoryAccess=True, VectorizeLoads=1))
    if shutil.which("g++") is None:
        pytest.skip("g++ not on PATH (CPU emulation)")
    for g in genomes:
        for p in ({"R": 130, "C": 67}, {"R": 67, "C": 130}, {"R": 128, "C": 128}, {"R": 1, "C": 37}):
            for off in (0, 1):
                r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off)
                assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


# The default suite's emulation of the two newest genes (the slow odd-side test runs more designs of each on
# seven shapes). The second rep runs the blocks in reverse order, which catches a block writing outside its
# segment (its neighbour's elements), a race that launch order hides.
NEW_GENES = {
    # CoalesceMemoryAccess_Lines: each warp access one aligned 128-byte window, the elements outside the row
    # segment not touched; the segments start mid-window on odd sides and buffers 4 or 12 bytes off alignment
    "lines": ({"VectorizeLoads": 2, "CoalesceMemoryAccess_Lines": True}, "line_shift(ob",
              [({"R": 130, "C": 67}, 1), ({"R": 67, "C": 130}, 3)]),
    # TileLoops_Skew: output segments start on 32-byte sectors, so each tile writes input rows r0 - d .. and
    # the grid has one more row of tiles; at 125 rows that row is needed (125 + 7 > 128)
    "skew": ({"TileLoops_Skew": True, "TileLoops_Specialize": True}, "tile_skew<VIN, FULL>",
             [({"R": 125, "C": 67}, 1), ({"R": 200, "C": 131}, 0)]),
    # TileLoops_Gather: a matrix of few rows written as one flat run of float4s, each float gathered from its row,
    # on a grid sized to the float4s (10 rows: 2.5 float4s an output row; 81 rows within 128; 2 rows; buffers 4 bytes
    # off: scalar stores; 200 rows: the tiles on the full grid; 129 rows and 33 columns: past the gather, narrow)
    "gather": ({"TileLoops_Gather": 128, "ThreadCoarsening": 2, "TileLoops_Narrow": True},
               "gather<unsigned, true>(out, inp, R, C)",
               [({"R": 10, "C": 1031}, 0), ({"R": 81, "C": 67}, 0), ({"R": 1, "C": 37}, 0), ({"R": 3, "C": 5}, 0),
                ({"R": 10, "C": 1031}, 1), ({"R": 2, "C": 2053}, 0), ({"R": 17, "C": 523}, 1),
                ({"R": 200, "C": 131}, 0), ({"R": 129, "C": 33}, 0), ({"R": 64, "C": 40}, 1)]),
    # TileLoops_GatherOnly: the gather is the whole kernel, at every R (past gather_rows it strides over the tiles'
    # grid: 200 and 129 rows; 1031 rows, 2 columns; 3 x 5 is less than one float4 per thread)
    "gather_only": ({"TileLoops_Gather": 64, "TileLoops_GatherOnly": True, "ThreadCoarsening": 2},
                    "TileLoops_GatherOnly: the gather at every R",
                    [({"R": 10, "C": 1031}, 1), ({"R": 3, "C": 5}, 0), ({"R": 200, "C": 131}, 0),
                     ({"R": 129, "C": 33}, 1), ({"R": 1031, "C": 2}, 0), ({"R": 64, "C": 40}, 0)]),
    # TileLoops_GatherStage: each block's run staged from float4s along the rows (rows misaligned at odd C, buffers
    # 4 or 12 bytes off: the first and last partial vectors; one row; 64 rows: 2 columns a run; past 64 rows the
    # unstaged gather)
    "gather_stage": ({"TileLoops_Gather": 64, "TileLoops_GatherOnly": True, "TileLoops_GatherStage": True,
                      "ThreadCoarsening": 2},
                     "gather_staged<true>(out, inp, R, C, stage)",
                     [({"R": 10, "C": 1031}, 1), ({"R": 3, "C": 5}, 0), ({"R": 1, "C": 37}, 3),
                      ({"R": 2, "C": 2053}, 0), ({"R": 17, "C": 523}, 1), ({"R": 64, "C": 40}, 0),
                      ({"R": 7, "C": 300}, 3), ({"R": 200, "C": 131}, 0)]),
    # TileLoops_Gather 256: the staged run at 129-256 rows (a run of 2 x 256 float4s covers 2-8 columns of each row;
    # 256 rows: the most the stage holds; 257: past it, the unstaged gather; odd C: rows misaligned; buffers 12 bytes
    # off alignment; benchmarks/dev/fuzz_shapes.py ran 64 more at random sizes: RESULTS.md, 2026-12-07d)
    "gather_stage_256": ({"TileLoops_Gather": 256, "TileLoops_GatherOnly": True, "TileLoops_GatherStage": True,
                          "ThreadCoarsening": 2},
                         "gather_staged<true>(out, inp, R, C, stage)",
                         [({"R": 204, "C": 523}, 3), ({"R": 256, "C": 131}, 0), ({"R": 257, "C": 40}, 0)]),
    # TileLoops_Diagonal: the blocks' tiles in diagonal order, a bijection of the grid whatever its sides (6 x 2
    # blocks of two tiles, 4 x 3, 2 x 1, 1 x 1; blocks run in reverse order), on the tile code and on the aligned
    # vectors' kernel
    "diagonal": ({"TileLoops_Diagonal": True, "ThreadCoarsening": 2, "TileLoops_Specialize": True},
                 "diagonal_block(dbx, dby)",
                 [({"R": 200, "C": 333}, 0), ({"R": 333, "C": 200}, 1), ({"R": 130, "C": 67}, 3),
                  ({"R": 1, "C": 37}, 0)]),
    # TileLoops_SkewSectors: output rows that take float4s but start off a 32-byte sector (132 rows: every other
    # row 16 bytes off; 136 rows with the buffers 16 bytes off) skewed as well, the unguarded copy only from the
    # second row of tiles; 200 rows on sectors: the plain vector tile; 130 rows: no vectors, skewed as before
    "skew_sectors": ({"TileLoops_Skew": True, "TileLoops_SkewSectors": True, "TileLoops_Specialize": True},
                     "TileLoops_SkewSectors: output rows that take vectors",
                     [({"R": 132, "C": 200}, 0), ({"R": 132, "C": 68}, 0), ({"R": 136, "C": 67}, 4),
                      ({"R": 200, "C": 131}, 0),
                      ({"R": 130, "C": 67}, 1)]),
    "diagonal_align": ({"TileLoops_Diagonal": True, "VectorizeLoads_Align": True}, "diagonal_block(dbx, dby)",
                       [({"R": 200, "C": 333}, 1), ({"R": 67, "C": 130}, 3)]),
}


# gather_stage_256 with --all only (12 s): gather_stage runs the same staged code at 64 rows in the default
@pytest.mark.parametrize("gene", [pytest.param(g, marks=pytest.mark.slow) if g == "gather_stage_256" else g
                                  for g in sorted(NEW_GENES)])
def test_newest_genes_run_on_the_cpu(gene, tmp_path):
    if shutil.which("g++") is None:
        pytest.skip("g++ not on PATH (CPU emulation)")
    t = load_template("transpose")
    overrides, marker, cases = NEW_GENES[gene]
    g = t.space.check(dict(t.meta.FAST_GENOME, CoalesceMemoryAccess=True, ReorderInstructions_Batch=True,
                           **overrides))
    assert marker in t.render(g)
    for p, off in cases:
        r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off, reverse=True)
        assert r["status"] == "ok", f"{p} offset {off}: {r}"


def test_gather_grid_is_sized_to_the_output_where_the_gather_runs():
    # TileLoops_Gather: at few rows the grid covers the R * C / 4 float4s (a grid of tiles started 8x the blocks
    # needed at 2 rows, most with nothing to do: 37% of the copy on the H100); past gather_rows the tiles' grid
    t = load_template("transpose")
    g = t.space.check(dict(t.meta.FAST_GENOME, TileLoops_Gather=64))   # 64 x 16 threads, float4: k = 16
    tiles = t.space.check(dict(g, TileLoops_Gather=0))
    for p, want in (({"R": 2, "C": 15491379}, -(-15491379 * 2 // (64 * 16))), ({"R": 16, "C": 1000}, 16),
                    ({"R": 17, "C": 1000}, 16), ({"R": 65, "C": 1000}, 16)):
        grid, block = t.launch(g, p).grid, t.launch(g, p).block
        assert grid[0] == want and block == t.launch(tiles, p).block, p
        assert grid[1] == t.launch(tiles, p).grid[1]
        # every thread of the grid has at most one float4 per step to write where R <= k, none idle past one block
        if p["R"] <= 16:
            assert (grid[0] - 1) * block[0] * block[1] * 4 < p["R"] * p["C"] <= grid[0] * block[0] * block[1] * 4
    assert t.launch(tiles, {"R": 2, "C": 15491379}).grid[0] == -(-15491379 // 64)


def test_gather_only_keeps_no_tile_code_and_changes_nothing_without_the_gather():
    # the point of the gene: the kernel holds the gather's registers, not the tile path's; where the gather it keeps
    # is not compiled the gene changes nothing (the kernel byte for byte)
    t = load_template("transpose")
    g = t.space.check(dict(t.meta.FAST_GENOME, TileLoops_Gather=64, TileLoops_GatherOnly=True, ThreadCoarsening=2))
    src = t.render(g)
    assert "gather<unsigned, true>(out, inp, R, C)" in src and "body<" not in src.split("extern \"C\"")[-1]
    assert "__shared__" not in src.split("extern \"C\"")[-1] and t.smem_bytes(g) == 0
    assert t.smem_bytes(dict(g, TileLoops_GatherOnly=False)) > 0
    for off in ({"TileLoops_Gather": 0}, {"VectorizeLoads": 1, "ThreadCoarsening": 1}, {"VectorizeLoads_Align": True}):
        h = t.space.check(dict(g, **off))
        assert t.render(h) == t.render(dict(h, TileLoops_GatherOnly=False, TileLoops_GatherStage=True))
        assert t.smem_bytes(h) == t.smem_bytes(dict(h, TileLoops_GatherOnly=False))
    # TileLoops_GatherStage: only in the gather-only kernel (else nothing), its run within 48 KB of static shared memory
    staged = t.space.check(dict(g, TileLoops_GatherStage=True))
    assert t.smem_bytes(staged) == (16 * 16 * 2 * 4 + 3 * 64) * 4 and "__shared__" in t.render(staged)
    assert t.render(dict(staged, TileLoops_GatherOnly=False)) == t.render(dict(g, TileLoops_GatherOnly=False))
    with pytest.raises(InvalidGenome, match="48 KB"):
        t.space.check(dict(staged, ThreadCoarsening=8, AdjustBlockSize=32, TileLoops_Gather=128))


def test_gather_rows_is_where_the_template_compiles_the_gather():
    t = load_template("transpose")
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(300):
        g = t.space.sample(rng)
        on = bool(t.meta.gather_rows(g))
        assert on == ("gather<long long, true>(out, inp, R, C)" in t.render(g)), g   # staged or not
        seen.add(on)
    assert seen == {True, False}
