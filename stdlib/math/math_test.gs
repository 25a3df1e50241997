// The math module's own tests (goose test stdlib/math); this file joins the
// module, so its functions and constants are named unqualified.

fn magnitude(x: f64) -> f64 {
    if x < 0.0 {
        return -x
    }
    return x
}

// a within 1e-9 of b, relative to b when |b| > 1 (libm results may differ
// in their last bits).
fn near(a: f64, b: f64) -> bool {
    var scale = magnitude(b)
    if scale < 1.0 {
        scale = 1.0
    }
    return magnitude(a - b) <= 1e-9 * scale
}

fn test_roots_and_powers() {
    assert near(sqrt(2.0), 1.4142135623730951)
    assert near(cbrt(27.0), 3.0)
    assert near(pow(2.0, 0.5), sqrt(2.0))
    assert hypot(3.0, 4.0) == 5.0
}

fn test_exp_and_log() {
    assert near(exp(1.0), e)
    assert exp2(10.0) == 1024.0
    assert near(log(e), 1.0)
    assert log2(1024.0) == 10.0
    assert near(log10(0.001), -3.0)
}

fn test_trigonometry() {
    assert near(sin(pi / 6.0), 0.5)
    assert near(cos(pi / 3.0), 0.5)
    assert near(tan(pi / 4.0), 1.0)
    assert near(atan2(1.0, -1.0), 3.0 * pi / 4.0)
    assert near(asin(0.5), pi / 6.0)
    assert near(acos(0.5), pi / 3.0)
    assert near(atan(1.0), pi / 4.0)
    assert near(sinh(1.0), 1.1752011936438014)
    assert near(cosh(1.0), 1.5430806348152437)
    assert near(tanh(0.5), 0.46211715726000974)
}

fn test_rounding() {
    assert floor(-1.5) == -2.0 && ceil(-1.5) == -1.0
    assert round(2.5) == 3.0 && round(-2.5) == -3.0
    assert round(0.49999999999999994) == 0.0
    assert trunc(-2.7) == -2.0
    assert fmod(7.5, 2.0) == 1.5 && fmod(-7.5, 2.0) == -1.5
    assert copysign(3.0, -0.0) == -3.0 && copysign(-3.0, 1.0) == 3.0
}

fn test_special_values() {
    assert is_nan(nan()) && !is_nan(1.0)
    assert is_inf(inf()) && is_inf(-inf()) && !is_inf(nan())
    assert is_nan(sqrt(-1.0))
    assert log(0.0) == -inf()
    assert is_nan(inf() - inf())
}

fn test_bits() {
    assert f64_bits(1.0) == 4607182418800017408
    assert f64_bits(-0.0) == 9223372036854775808
    assert f64_from_bits(0x4009_21fb_5444_2d18) == pi
    assert f64_from_bits(f64_bits(e)) == e
}
