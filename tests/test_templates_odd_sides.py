"""The genes of transpose and stencil for odd sides (issue 17): identity by default, rendered, grid y
strided for tall shapes, run on the CPU through tests/cuda_emu.h and compiled without spills."""
from __future__ import annotations

import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.template import load_template
from _memory_template_helpers import COVERAGE, _valid_genomes, cuda_emu, needs_gxx


ODD_EMU = {"transpose": [{"R": 130, "C": 67}, {"R": 67, "C": 130}, {"R": 1, "C": 37}, {"R": 129, "C": 37},
                         {"R": 128, "C": 128}, {"R": 131, "C": 5}, {"R": 125, "C": 67},   # 125: skew's extra tile row
                         {"R": 208, "C": 37}],   # 208: 2 runs of 104 rows of TileLoops_Narrow, shifted
           "stencil": [{"H": 1, "W": 37}, {"H": 3, "W": 3}, {"H": 37, "W": 1}, {"H": 67, "W": 45},
                       {"H": 70, "W": 261}, {"H": 130, "W": 1030}, {"H": 5, "W": 2},
                       {"H": 40, "W": 125},    # 125: TileLoops_Skew's extra tile column (128-wide tiles)
                       {"H": 64, "W": 1},      # TileLoops_Narrow: one run of 64, shifted to its sector
                       {"H": 2, "W": 30}]}     # even: the vector path, whose skew tile column starts past W

ODD_DESIGNS = {
    "transpose": [{"VectorizeLoads_Align": True},
                  {"VectorizeLoads_Align": True, "TileLoops_Flat": True, "ThreadCoarsening": 2},
                  {"VectorizeLoads_Align": True, "VectorizeLoads": 2, "PadSharedMemory": False},
                  {"VectorizeLoads_Align": True, "TileLoops_Flat": True, "TileLoops": 16, "AdjustBlockSize": 4,
                   "ThreadCoarsening": 4},
                  # CoalesceMemoryAccess_Lines: every warp access one aligned window (128, 64 and 32 bytes)
                  {"CoalesceMemoryAccess": True, "CoalesceMemoryAccess_Lines": True, "VectorizeLoads": 2,
                   "TileLoops_Specialize": True, "AdjustBlockSize": 8},
                  {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "CoalesceMemoryAccess_Lines": True,
                   "TileLoops_Specialize": True},
                  {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "CoalesceMemoryAccess_Lines": True,
                   "TileLoops": 32, "AdjustBlockSize": 8, "VectorizeLoads": 4, "UnrollLoop": False},
                  # TileLoops_Skew: every output segment starts on a 32-byte sector (8 more rows staged)
                  {"CoalesceMemoryAccess": True, "TileLoops_Skew": True, "ReorderInstructions_Batch": True},
                  {"CoalesceMemoryAccess": True, "TileLoops_Skew": True, "CoalesceMemoryAccess_Lines": True,
                   "TileLoops_Specialize": True},
                  {"CoalesceMemoryAccess": True, "TileLoops_Skew": True, "TileLoops": 32, "AdjustBlockSize": 8,
                   "VectorizeLoads": 2, "ThreadCoarsening": 2, "CoalesceMemoryAccess_Lines": True},
                  # TileLoops_Narrow: runs of whole rows of a matrix at most 64 wide (blocks of 256, 512, 128, 16)
                  {"TileLoops_Narrow": True},
                  {"TileLoops_Narrow": True, "CoalesceMemoryAccess": True, "TileLoops_Skew": True,
                   "ReorderInstructions_Batch": True, "VectorizeLoads": 2},
                  {"TileLoops_Narrow": True, "TileLoops": 32, "AdjustBlockSize": 8, "VectorizeLoads": 2,
                   "ThreadCoarsening": 2},
                  {"TileLoops_Narrow": True, "TileLoops": 16, "AdjustBlockSize": 4, "VectorizeLoads": 4},
                  # ReorderInstructions_Batch: all of a thread's tile rows loaded before the shared stores
                  {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True},
                  {"ReorderInstructions_Batch": True, "CoalesceMemoryAccess": True, "TileLoops_Specialize": True,
                   "AdjustBlockSize": 8},
                  {"ReorderInstructions_Batch": True, "TileLoops": 32, "AdjustBlockSize": 4, "ThreadCoarsening": 2}],
    "stencil": [{"VectorizeLoads_Align": True},
                {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True},
                {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True, "ReorderInstructions_Prefetch": True,
                 "ThreadCoarsening": 4},
                {"VectorizeLoads_Align": True, "VectorizeLoads_AlignStores": True, "VectorizeLoads": 2,
                 "ReorderInstructions_Prefetch": True, "AdjustBlockSizeX": 64, "AdjustBlockSizeY": 2},
                {"ReorderInstructions_Prefetch": True, "ThreadCoarsening": 4},
                {"UseSharedMemory": True, "VectorizeLoads_AlignShared": True, "AdjustBlockSizeX": 64,
                 "AdjustBlockSizeY": 2, "ThreadCoarsening": 4, "VectorizeLoads": 2, "PadSharedMemory": True},
                {"UseSharedMemory": True, "VectorizeLoads_AlignShared": True, "AdjustBlockSizeX": 8,
                 "AdjustBlockSizeY": 8, "ThreadCoarsening": 2},
                # TileLoops_Skew: each output row split between tiles at 32-byte sector boundaries
                {"UseSharedMemory": True, "TileLoops_Skew": True},
                {"UseSharedMemory": True, "TileLoops_Skew": True, "AdjustBlockSizeX": 64, "AdjustBlockSizeY": 2,
                 "ThreadCoarsening": 4, "VectorizeLoads": 2, "PadSharedMemory": True, "UnrollLoop": False},
                {"UseSharedMemory": True, "TileLoops_Skew": True, "AdjustBlockSizeX": 8, "AdjustBlockSizeY": 8,
                 "ThreadCoarsening": 2, "VectorizeLoads": 1},
                # TileLoops_Narrow: the grid as one contiguous run of floats, staged run by run (runs of 4096,
                # 1024, 64 and 4096 outputs)
                {"TileLoops_Narrow": True},
                {"TileLoops_Narrow": True, "ThreadCoarsening": 4, "VectorizeLoads": 2, "UnrollLoop": False},
                {"TileLoops_Narrow": True, "AdjustBlockSizeX": 64, "AdjustBlockSizeY": 1, "ThreadCoarsening": 1,
                 "VectorizeLoads": 1, "UnrollLoop": False},
                {"TileLoops_Narrow": True, "AdjustBlockSizeX": 256, "AdjustBlockSizeY": 4, "ThreadCoarsening": 2,
                 "VectorizeLoads": 2},
                # CoalesceMemoryAccess: a thread's columns a block width apart, every warp access consecutive
                {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4, "AdjustBlockSizeY": 2},
                {"CoalesceMemoryAccess": True, "ThreadCoarsening": 4, "VectorizeLoads": 2, "AdjustBlockSizeX": 64,
                 "AdjustBlockSizeY": 2, "ReorderInstructions_Prefetch": True},
                {"CoalesceMemoryAccess": True, "ThreadCoarsening": 2, "AdjustBlockSizeX": 8, "AdjustBlockSizeY": 8,
                 "UnrollLoop": False},
                # TileLoops_Flat: one thread per (band of rows, column), no idle block at a ragged edge
                {"TileLoops_Flat": True, "ThreadCoarsening": 4},
                {"TileLoops_Flat": True, "ThreadCoarsening": 2, "UnrollLoop": False, "AdjustBlockSizeX": 8,
                 "AdjustBlockSizeY": 8},
                # TileLoops_Flat=float4: the flat grid in float4 pieces, the neighbours scalar loads through L1
                {"TileLoops_Flat": "float4", "ThreadCoarsening": 1, "AdjustBlockSizeX": 32,
                 "AdjustBlockSizeY": 1, "UnrollLoop": False},
                {"TileLoops_Flat": "float4", "ThreadCoarsening": 4, "AdjustBlockSizeX": 64,
                 "AdjustBlockSizeY": 1},
                {"TileLoops_Flat": "float4", "ThreadCoarsening": 2, "AdjustBlockSizeX": 8,
                 "AdjustBlockSizeY": 8, "UnrollLoop": False}],
}


def _odd_genomes(t):
    return [t.space.check(t.space.coerce({**t.meta.FAST_GENOME, **c})) for c in ODD_DESIGNS[t.name]]


def _odd_design(t, **genes):
    """The first of ODD_DESIGNS[t.name] that sets every one of these genes to these values, as a genome."""
    for c, g in zip(ODD_DESIGNS[t.name], _odd_genomes(t)):
        if all(k in c and c[k] == v for k, v in genes.items()):
            return g
    raise LookupError(f"no {t.name} design in ODD_DESIGNS sets {genes}")


@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_odd_side_genes_are_identity_by_default_and_render(name):
    t = load_template(name)
    base = t.space.baseline()
    new = [g.name for g in t.space.genes if g.name in ("VectorizeLoads_Align", "TileLoops_Flat",
                                                        "ReorderInstructions_Prefetch", "VectorizeLoads_AlignStores",
                                                        "VectorizeLoads_AlignShared", "ReorderInstructions_Batch",
                                                        "CoalesceMemoryAccess", "TileLoops_Flat")]
    if name == "stencil":
        assert base["CoalesceMemoryAccess"] is False and base["TileLoops_Flat"] is False
    assert len(new) >= 2 and all(base[n] is False for n in new)
    fast = t.space.coerce(t.meta.FAST_GENOME)
    for g in _odd_genomes(t):
        assert t.render(g) != t.render(fast)
    if name == "transpose":
        g = _odd_genomes(t)[0]
        assert "span_load" in t.render(g) and "span_load" not in t.render(fast)
        assert "tile_pass<true>" in t.render(_odd_genomes(t)[1]) and "tile_pass<true>" not in t.render(g)
        # where the gene cannot apply it changes nothing (and no constraint rejects the genome)
        plain = dict(fast, VectorizeLoads=1)
        assert t.render(dict(plain, VectorizeLoads_Align=True)) == t.render(plain)
        assert t.smem_bytes(g) == 64 * (64 + 4 + 1) * 4
        assert "g0 += 4" in t.render(dict(fast, ReorderInstructions_Batch=True))   # 4 rows of float4 batched
        lines = _odd_genomes(t)[4]
        assert "line_shift(ib" in t.render(lines)
        assert "line_shift" not in t.render(dict(lines, CoalesceMemoryAccess_Lines=False))
        assert "& 31)" in t.render(lines) and "& 7)" in t.render(_odd_genomes(t)[6])   # the window: min(32, TILE/V)
        assert t.render(dict(fast, CoalesceMemoryAccess_Lines=True)) == t.render(fast)   # no CoalesceMemoryAccess
        skew = _odd_genomes(t)[7]
        assert "tile_skew<VIN, FULL>" in t.render(skew) and t.render(dict(fast, TileLoops_Skew=True)) == t.render(fast)
        assert t.smem_bytes(skew) == (64 + 8) * (64 + 1) * 4
        assert t.launch(skew, {"R": 121, "C": 64}).grid[1] == 3 and t.launch(fast, {"R": 121, "C": 64}).grid[1] == 2
        narrow = _odd_genomes(t)[10]
        assert "narrow(out, inp, R, C, K" in t.render(narrow) and "narrow(" not in t.render(fast)
        assert t.render(dict(_odd_genomes(t)[0], TileLoops_Narrow=True)) == t.render(_odd_genomes(t)[0])   # Align
        plain = dict(t.space.baseline(), UseSharedMemory=True)
        assert t.render(dict(plain, TileLoops_Narrow=True)) == t.render(plain)   # the plain kernel
        assert "((4152 / C) - 8) & ~7" in t.render(narrow)   # a 64 x 65 tile: 104 rows per run at C = 37
        nosmem = dict(fast, UseSharedMemory=False, PadSharedMemory=False, AdjustBlockSize=8)
        assert t.render(dict(nosmem, ReorderInstructions_Batch=True)) == t.render(nosmem)
    else:
        assert "store_row<VEC>" in t.render(_odd_genomes(t)[1]) and "__shfl_down_sync" not in t.render(fast)
        smem = dict(fast, UseSharedMemory=True)
        assert t.render(dict(smem, VectorizeLoads_Align=True, ReorderInstructions_Prefetch=True)) == t.render(smem)
        assert t.render(dict(fast, VectorizeLoads_AlignShared=True)) == t.render(fast)  # no shared memory
        assert "tile[r][4 + col]" in t.render(dict(smem, VectorizeLoads_AlignShared=True))
        assert "run_co(" in t.render(dict(fast, CoalesceMemoryAccess=True)) and "run_co(" not in t.render(fast)
        assert t.render(dict(smem, CoalesceMemoryAccess=True)) == t.render(smem)
        aligned = dict(fast, VectorizeLoads_Align=True)
        assert t.render(dict(aligned, CoalesceMemoryAccess=True)) == t.render(aligned)
        assert "g32 / (unsigned)W" in t.render(dict(fast, TileLoops_Flat=True))
        assert t.render(dict(smem, TileLoops_Flat=True)) == t.render(smem)
        skew = _odd_genomes(t)[7]
        assert "run_skew(out" in t.render(skew) and "run_skew" not in t.render(smem)
        assert t.render(dict(fast, TileLoops_Skew=True)) == t.render(fast)   # no shared memory
        assert t.smem_bytes(skew) == (32 + 2) * (128 + 12) * 4 and t.smem_bytes(smem) == (32 + 2) * (128 + 8) * 4
        assert t.launch(skew, {"H": 64, "W": 125}).grid[0] == 2 and t.launch(smem, {"H": 64, "W": 125}).grid[0] == 1
        narrow = _odd_genomes(t)[10]
        assert "narrow(out, inp, H, W, c0, c1, buf)" in t.render(narrow) and "narrow(" not in t.render(fast)
        assert "if (2 * W <= 4096)" in t.render(narrow) and t.smem_bytes(narrow) == 4 * (2 * 4096 + 16)
        assert t.render(dict(smem, TileLoops_Narrow=True)) == t.render(smem)
        flat = dict(fast, TileLoops_Flat=True)
        assert t.render(dict(flat, TileLoops_Narrow=True)) == t.render(flat)
        big = dict(narrow, AdjustBlockSizeX=256, AdjustBlockSizeY=4, ThreadCoarsening=8)
        assert any("TileLoops_Narrow" in m for m in t.space.violations(big))   # 2 x 8192 x 4 floats: over 48 KiB
        assert t.launch(dict(fast, TileLoops_Flat=True), {"H": 131072, "W": 257}).grid[:2] == (16384 * 257 // 128, 1)
        bad = dict(fast, VectorizeLoads_Align=True, VectorizeLoads_AlignStores=True, AdjustBlockSizeX=16)
        assert any("VectorizeLoads_AlignStores" in m for m in t.space.violations(bad))


@pytest.mark.parametrize("coverage", COVERAGE)
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_tall_shapes_stay_within_grid_y(name, coverage):
    # 1048573 x 37 in tiles of 16 rows, 131072 rows in tiles of 1: the kernels stride over grid y
    t = load_template(name)
    p = {"R": 1048573, "C": 37} if name == "transpose" else {"H": 131072, "W": 257}
    for g in _valid_genomes(t, coverage):
        lc = t.launch(g, p)
        assert 1 <= lc.grid[1] <= 65535


@needs_gxx
def test_a_skewed_stencil_at_an_even_width_reads_nothing_past_the_array(tmp_path):
    # found by benchmarks/dev/fuzz_shapes.py: with TileLoops_Skew the grid has a tile column more (W + 7 columns)
    # for the skewed path; at an even width with aligned buffers the vector path runs instead, and where that last
    # column starts past W (W % 32 of 26-30) its halo load read up to 6 floats past the array (AddressSanitizer)
    t = load_template("stencil")
    g = t.space.check({**t.space.coerce(t.meta.FAST_GENOME), "AdjustBlockSizeX": 16, "AdjustBlockSizeY": 4,
                       "ThreadCoarsening": 1, "VectorizeLoads": 2, "UseSharedMemory": True, "TileLoops_Skew": True,
                       "UnrollLoop": False})
    for p in ({"H": 1, "W": 26}, {"H": 3, "W": 30}):
        assert t.launch(g, p).grid[0] == 2
        r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=0, reverse=True)
        assert r["status"] == "ok", f"{p}: {r}"


@needs_gxx
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_odd_side_genes_run_on_the_cpu(name, tmp_path):
    # every design on ragged and odd shapes, buffers 16-byte aligned and 4 bytes past (offset 1); the
    # second rep runs the blocks in reverse order (two blocks writing one element make the reps differ)
    t = load_template(name)
    for g in _odd_genomes(t):
        for p in ODD_EMU[name]:
            for off in (0, 1):
                r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off, reverse=True)
                assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


@needs_gxx
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_grid_y_stride_runs_on_the_cpu(name, tmp_path, monkeypatch):
    # grid y capped well below the tiles: the blocks stride over y (the cap is 65535 on the GPU)
    t = load_template(name)
    launch = t.meta.launch

    def capped(g, p):
        (gx, gy), block = launch(g, p)
        return (gx, min(gy, 2)), block

    monkeypatch.setattr(t.meta, "launch", capped)
    genomes = [t.space.baseline(), t.space.coerce(t.meta.FAST_GENOME), *_odd_genomes(t)[:2]]
    if name == "stencil":
        genomes.append(t.space.check(dict(t.space.coerce(t.meta.FAST_GENOME), UseSharedMemory=True)))
        genomes.append(_odd_design(t, UseSharedMemory=True, VectorizeLoads_AlignShared=True))
        genomes.append(_odd_design(t, CoalesceMemoryAccess=True, AdjustBlockSizeX=8))
        genomes.append(_odd_design(t, TileLoops_Flat=True))
        genomes.append(_odd_design(t, TileLoops_Flat="float4", ThreadCoarsening=2))
        # TileLoops_Narrow, runs of 1024: 4 at 70 x 45, over 2 blocks
        genomes.append(_odd_design(t, TileLoops_Narrow=True, ThreadCoarsening=4))
    else:
        genomes.append(_odd_design(t, ReorderInstructions_Batch=True, TileLoops_Specialize=True, AdjustBlockSize=8))
        genomes.append(_odd_design(t, ReorderInstructions_Batch=True, CoalesceMemoryAccess_Lines=True))
        # TileLoops_Skew: its extra row of tiles strided over grid y
        genomes.append(_odd_design(t, TileLoops_Skew=True, CoalesceMemoryAccess_Lines=True))
        # TileLoops_Narrow: the blocks stride over the runs
        genomes.append(_odd_design(t, TileLoops_Narrow=True, TileLoops=32))
    p = {"R": 150, "C": 37} if name == "transpose" else {"H": 70, "W": 45}
    for g in genomes:
        assert t.launch(g, p).grid[1] <= 2
        r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=1)
        assert r["status"] == "ok", f"{g} {p}: {r}"


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("name", ["transpose", "stencil"])
def test_odd_side_designs_compile_without_spills(name, tmp_path):
    t = load_template(name)
    genomes = _odd_genomes(t)
    cands = [Candidate(t.name, g, t.problem, t.space.key(g)) for g in genomes]
    for g, r in zip(genomes, NvccBuilder(cache_dir=tmp_path).build(t, cands)):
        assert r.status == "ok" and r.spill_bytes == 0 and r.stack_bytes == 0, (g, r.status, r.error[-1000:])
        assert r.smem_bytes == t.smem_bytes(g), g


FLAT_VECTOR_EMU = [{"H": 3, "W": 3}, {"H": 5, "W": 2}, {"H": 40, "W": 128}, {"H": 67, "W": 45}, {"H": 33, "W": 130},
                   {"H": 29, "W": 131}]


@needs_gxx
@pytest.mark.slow   # 14 s: --all only since 2026-12-07h, to keep CI under 10 minutes
def test_the_flat_vector_stencil_runs_on_the_cpu(tmp_path):
    # TileLoops_Flat=float4: W % 4 of 0, 1, 2 and 3 (the rows above and below start anywhere in a vector),
    # vectors that wrap into the next row, a last partial vector, the first and last rows (loads clamped), rows of
    # 2-3 floats and buffers 4 bytes past alignment (the scalar path); the slow test_odd_side_genes_run_on_the_cpu
    # runs all three designs on every shape of ODD_EMU
    t = load_template("stencil")
    genomes = [g for g in _odd_genomes(t) if g["TileLoops_Flat"] == "float4"]
    assert len(genomes) == 3 and all("up[c][e] = __ldg(pu + e)" in t.render(g) for g in genomes)
    for g, shapes, offsets in ((genomes[0], FLAT_VECTOR_EMU, (0, 1)), (genomes[1], FLAT_VECTOR_EMU[-1:], (0,)),
                               (genomes[2], FLAT_VECTOR_EMU[-1:], (0,))):
        for p in shapes:
            for off in offsets:
                r = cuda_emu.run_on_cpu(t, g, p, work_dir=tmp_path, offset=off, reverse=True)
                assert r["status"] == "ok", f"{g} {p} offset {off}: {r}"


def test_the_flat_vector_stencil_layout():
    t = load_template("stencil")
    g = t.space.coerce({**t.meta.FAST_GENOME, "TileLoops_Flat": "float4", "ThreadCoarsening": 2})
    assert t.space.is_valid(g) and t.meta.flat_vector(g) and not t.meta.flat_vector(dict(g, TileLoops_Flat=True))
    assert any("exceed 4" in m for m in t.space.violations(dict(g, ThreadCoarsening=8)))
    # 4 * ThreadCoarsening floats per thread: 131072 x 257 in blocks of 128 threads x 8 floats
    assert t.launch(g, {"H": 131072, "W": 257}).grid[:2] == (-(-131072 * 257 // 1024), 1)
    assert t.render(g) != t.render(dict(g, TileLoops_Flat=True))
    smem = dict(g, UseSharedMemory=True)   # with shared memory TileLoops_Flat changes nothing, float4 or not
    assert t.render(smem) == t.render(dict(smem, TileLoops_Flat=False))
