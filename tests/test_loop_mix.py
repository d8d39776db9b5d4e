"""benchmarks/dev/loop_mix.py's reading of SASS, on an excerpt of real nvdisasm output (the sgemm baseline genome
built for sm_90 with nvcc 13.0 at 64 x 64 x 64): its k loop, and the trap loop nvcc ends every kernel with."""
import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "loop_mix", Path(__file__).resolve().parent.parent / "benchmarks" / "dev" / "loop_mix.py")
loop_mix = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(loop_mix)

SASS = """        /*00b0*/              @!P0 BRA `(.L_x_0) ;
        /*00c0*/                   LDC.64 R4, c[0x0][0x238] ;
        /*00d0*/                   ULDC.64 UR4, c[0x0][0x218] ;
        /*00e0*/                   IMAD.MOV.U32 R13, RZ, RZ, RZ ;
        /*00f0*/                   LDC.64 R8, c[0x0][0x220] ;
        /*0100*/                   VIADDMNMX R4, R4, 0xffffffff, R11, PT ;
        /*0110*/                   VIADDMNMX R15, R5, 0xffffffff, R2, PT ;
        /*0120*/                   IMAD.WIDE R6, R4, R17, RZ ;
        /*0130*/                   IMAD.WIDE R8, R15, 0x4, R8 ;
        /*0140*/                   LEA R10, P0, R6, UR4, 0x2 ;
        /*0150*/                   UMOV UR4, URZ ;
        /*0160*/                   LEA.HI.X R7, R6, UR5, R7, 0x2, P0 ;
.L_x_1:
        /*0170*/                   IMAD.MOV.U32 R6, RZ, RZ, R10 ;
        /*0180*/                   LDG.E.CONSTANT R0, desc[UR6][R8.64] ;
        /*0190*/                   LDG.E.CONSTANT R4, desc[UR6][R6.64] ;
        /*01a0*/                   UIADD3 UR4, UR4, 0x1, URZ ;
        /*01b0*/                   IADD3 R10, P1, R10, 0x4, RZ ;
        /*01c0*/                   IMAD.WIDE R8, R5, 0x4, R8 ;
        /*01d0*/                   ISETP.LE.AND P0, PT, R17, UR4, PT ;
        /*01e0*/                   IMAD.X R7, RZ, RZ, R7, P1 ;
        /*01f0*/                   FFMA R13, R0, R4, R13 ;
        /*0200*/              @!P0 BRA `(.L_x_1) ;
.L_x_0:
.L_x_2:
        /*02e0*/                   BRA `(.L_x_2);
"""


def test_the_hottest_loop_is_the_k_loop_with_its_ffma_not_the_trap():
    n, ops = loop_mix.hottest_loop(SASS)
    assert n == 10 and ops["FFMA"] == 1 and ops["LDG"] == 2 and ops["BRA"] == 1


def test_no_backward_branch_is_no_loop():
    straight = "\n".join(line for line in SASS.splitlines() if "BRA" not in line)
    assert loop_mix.hottest_loop(straight) is None
