"""Cheater: a row softmax without the subtraction of the row maximum, claiming the softmax
template's problem (its arguments, "wide" inputs, references and cost are that template's). Right
on N(0,1) inputs; on the wide ones, N(0, 64^2), exp overflows. Expected status: nan (inf / inf) or
wrong_result.
"""
from evo_kernels.genome import Gene
from evo_kernels.template import load_template

_SOFTMAX = load_template("softmax").meta  # the problem this kernel claims to solve

KERNEL = "softmax_nomax"
EXPECTED = ("nan", "wrong_result")
GENES = [Gene("AdjustBlockSize", "AdjustBlockSize", (128, 256), 256, "threads per row")]
PROBLEM = {"R": 4096, "C": 4096}
CHECK_PROBLEMS = [{"R": 37, "C": 1000}, {"R": 5, "C": 4093}]
args, reference, reference_torch, cost = _SOFTMAX.args, _SOFTMAX.reference, _SOFTMAX.reference_torch, _SOFTMAX.cost


def launch(g, p):
    return (p["R"],), (g["AdjustBlockSize"],)
