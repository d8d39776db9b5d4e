"""evo_kernels/limits.py: sm_90's block and cluster limits and the two opt-in decisions taken from them."""
from evo_kernels.limits import (DEFAULT_DYNAMIC_SMEM, MAX_CLUSTER, MAX_SMEM_PER_BLOCK, MAX_STATIC_SMEM_BYTES,
                                PORTABLE_CLUSTER, default_dynamic_smem, needs_cluster_opt_in)


def test_a_block_gets_48_kb_of_shared_memory_static_and_dynamic_together_before_it_opts_in():
    assert default_dynamic_smem(0) == DEFAULT_DYNAMIC_SMEM == 48 * 1024
    assert default_dynamic_smem(8960) == 48 * 1024 - 8960   # a staged transpose run's static 8960 bytes
    assert MAX_STATIC_SMEM_BYTES <= DEFAULT_DYNAMIC_SMEM < MAX_SMEM_PER_BLOCK == 227 * 1024


def test_clusters_opt_in_past_the_portable_eight_up_to_sixteen():
    assert [needs_cluster_opt_in(c) for c in (1, PORTABLE_CLUSTER, PORTABLE_CLUSTER + 1, MAX_CLUSTER)] == \
        [False, False, True, True]
    assert (PORTABLE_CLUSTER, MAX_CLUSTER) == (8, 16)
