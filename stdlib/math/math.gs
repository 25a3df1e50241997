// math.gs — the math module: C's libm on f64 (each function is the
// library primitive of the same name, one libm call), the constants pi and
// e, and the IEEE 754 helpers. Results are libm's, so they match C's
// exactly on every back end.
// Not for: integer helpers (the builtins abs, min, max).

const pi: f64 = 3.141592653589793
const e: f64 = 2.718281828459045

// Positive infinity.
fn inf() -> f64 { return __f64_from_bits(0x7ff0000000000000) }

// A quiet NaN.
fn nan() -> f64 { return __f64_from_bits(0x7ff8000000000000) }

fn is_nan(x: f64) -> bool { return x != x }

// True for either infinity.
fn is_inf(x: f64) -> bool { return x == inf() || x == -inf() }

// The IEEE 754 bits of x, and the f64 with those bits.
fn f64_bits(x: f64) -> u64 { return __f64_bits(x) }
fn f64_from_bits(b: u64) -> f64 { return __f64_from_bits(b) }

// The square root.
fn sqrt(x: f64) -> f64 { return __sqrt(x) }

// The cube root.
fn cbrt(x: f64) -> f64 { return __cbrt(x) }

// E to the power x.
fn exp(x: f64) -> f64 { return __exp(x) }

// 2 to the power x.
fn exp2(x: f64) -> f64 { return __exp2(x) }

// The natural logarithm.
fn log(x: f64) -> f64 { return __log(x) }

// The base-2 logarithm.
fn log2(x: f64) -> f64 { return __log2(x) }

// The base-10 logarithm.
fn log10(x: f64) -> f64 { return __log10(x) }

// The sine (radians).
fn sin(x: f64) -> f64 { return __sin(x) }

// The cosine (radians).
fn cos(x: f64) -> f64 { return __cos(x) }

// The tangent (radians).
fn tan(x: f64) -> f64 { return __tan(x) }

// The arc sine.
fn asin(x: f64) -> f64 { return __asin(x) }

// The arc cosine.
fn acos(x: f64) -> f64 { return __acos(x) }

// The arc tangent.
fn atan(x: f64) -> f64 { return __atan(x) }

// The hyperbolic sine.
fn sinh(x: f64) -> f64 { return __sinh(x) }

// The hyperbolic cosine.
fn cosh(x: f64) -> f64 { return __cosh(x) }

// The hyperbolic tangent.
fn tanh(x: f64) -> f64 { return __tanh(x) }

// The largest integer value not above x.
fn floor(x: f64) -> f64 { return __floor(x) }

// The smallest integer value not below x.
fn ceil(x: f64) -> f64 { return __ceil(x) }

// The nearest integer value, halves away from zero.
fn round(x: f64) -> f64 { return __round(x) }

// The integer value toward zero.
fn trunc(x: f64) -> f64 { return __trunc(x) }

// X to the power y.
fn pow(x: f64, y: f64) -> f64 { return __pow(x, y) }

// The angle of the point (x, y) (arguments y, x, as C's).
fn atan2(y: f64, x: f64) -> f64 { return __atan2(y, x) }

// Sqrt(x*x + y*y) without undue overflow.
fn hypot(x: f64, y: f64) -> f64 { return __hypot(x, y) }

// The remainder of x / y with x's sign.
fn fmod(x: f64, y: f64) -> f64 { return __fmod(x, y) }

// X's magnitude with y's sign.
fn copysign(x: f64, y: f64) -> f64 { return __copysign(x, y) }
