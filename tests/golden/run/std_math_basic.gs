// math: every function once, on values whose libm results print the same
// everywhere, the constants, the IEEE helpers and the special values.
import "math"
fn main() {
    printf("{:.6} {:.6} {:.6} {:.6}\n", math.sqrt(2.0), math.cbrt(27.0), math.pow(2.0, 0.5), math.hypot(3.0, 4.0))
    printf("{:.6} {:.6} {:.6} {:.6} {:.6}\n", math.exp(1.0), math.exp2(10.0), math.log(math.e), math.log2(1024.0), math.log10(0.001))
    printf("{:.6} {:.6} {:.6} {:.6}\n", math.sin(math.pi / 6.0), math.cos(math.pi / 3.0), math.tan(math.pi / 4.0), math.atan2(1.0, -1.0))
    printf("{:.6} {:.6} {:.6}\n", math.asin(0.5), math.acos(0.5), math.atan(1.0))
    printf("{:.6} {:.6} {:.6}\n", math.sinh(1.0), math.cosh(1.0), math.tanh(0.5))
    println(math.floor(-1.5), math.ceil(-1.5), math.round(2.5), math.round(-2.5), math.round(0.49999999999999994), math.trunc(-2.7))
    println(math.fmod(7.5, 2.0), math.fmod(-7.5, 2.0), math.copysign(3.0, -0.0), math.copysign(-3.0, 1.0))
    println(math.is_nan(math.nan()), math.is_nan(1.0), math.is_inf(math.inf()), math.is_inf(-math.inf()), math.is_inf(math.nan()))
    println(math.sqrt(-1.0), math.log(0.0), math.inf() - math.inf())
    println(math.f64_bits(1.0), math.f64_bits(-0.0), math.f64_from_bits(0x4009_21fb_5444_2d18) == math.pi)
    printf("{:.15} {:.15}\n", math.pi, math.e)
}
