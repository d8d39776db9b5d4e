"""Cheater: a sum of N floats that, above LARGE elements, skips every 20th element and scales the rest up by
20/19, claiming the reduce_sum template's problem (its arguments, inputs, references, error norm and cost are that
template's). 5% less to read. On inputs that share a mean (uniform in [0, 1), reduce_sum's until 2026-12-06d) the
scaled sum is within the 1e-5 tolerance of the true one in about half the checks at this PROBLEM's 2^26 elements
and four in five at reduce_sum's 2^28; on reduce_sum's zero-mean inputs it is off by about a fifth of sqrt(sum x^2)
(its error norm) at any size. Expected status: wrong_result.
"""
from evo_kernels.genome import Gene
from evo_kernels.template import load_template

_SUM = load_template("reduce_sum").meta  # the problem this kernel claims to solve

KERNEL = "sum_subsample"
EXPECTED = "wrong_result"
GENES = [Gene("AdjustBlockSize", "AdjustBlockSize", (128, 256), 256, "threads per block")]
PROBLEM = {"N": 1 << 26}  # 256 MiB, past the L2
CHECK_PROBLEMS = [{"N": 1000}, {"N": 4093 * 7}]  # below LARGE: summed honestly
LARGE = 1 << 20
args, reference, reference_torch, error_norm, cost = (_SUM.args, _SUM.reference, _SUM.reference_torch, _SUM.error_norm,
                                                      _SUM.cost)


def launch(g, p):
    return (min(264, max(1, -(-p["N"] // g["AdjustBlockSize"]))),), (g["AdjustBlockSize"],)
