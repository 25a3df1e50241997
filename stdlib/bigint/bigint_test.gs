// The bigint module's own tests (goose test stdlib/bigint); this file joins
// the module, so Int, parse and from_int are named unqualified. Expected
// values from Python's int.
import "strings"

fn decimal(v: Int) -> string {
    return v.to_string(10)
}

fn must_parse(s: string, base: int) -> Int {
    let v = parse(s, base)
    assert v.is_some(), "parse " + s
    return v.unwrap()
}

fn test_zero_value() {
    let zero = Int{}
    assert decimal(zero) == "0"
    assert zero.sign() == 0 && zero.to_int().unwrap() == 0
    assert decimal(zero.pow(0)) == "1"
}

fn test_arithmetic_with_signs() {
    let a = must_parse("-123456789012345678901234567890", 10)
    let b = must_parse("+FfFfFfFfFfFfFfFf1", 16)
    assert decimal(b) == "295147905179352825841"
    assert decimal(a.add(b)) == "-123456788717197773721881742049"
    assert decimal(a.sub(b)) == "-123456789307493584080587393731"
    assert decimal(a.mul(b)) == "-36438012657163170242122401573175802144664060845490"
    assert a.cmp(b) == -1 && b.cmp(a) == 1 && a.cmp(a.clone()) == 0
}

// Division truncates toward zero, as Go's Quo and Rem.
fn test_truncating_division() {
    let a = must_parse("-123456789012345678901234567890", 10)
    let b = must_parse("295147905179352825841", 10)
    let (q, r) = a.divmod(from_int(97))
    assert decimal(q) == "-1272750402189130710322005854"
    assert decimal(r) == "-52"
    assert decimal(a.div(b.neg())) == "418287871"
    assert decimal(a.rem(b.neg())) == "-124764312222368893379"
}

// Shifts right round toward minus infinity, as Python's >>.
fn test_shifts() {
    let a = must_parse("-123456789012345678901234567890", 10)
    assert decimal(a.shl(70)) == "-145752050628652680975897013633443949312730317455360"
    assert decimal(a.shr(70)) == "-104571968"
    assert decimal(from_int(-1).shr(5)) == "-1"
    assert decimal(from_int(-7).shr(1)) == "-4"
    assert decimal(from_int(3).pow(40)) == "12157665459056928801"
}

fn test_to_int_at_the_limits() {
    assert must_parse("9223372036854775807", 10).to_int().unwrap() == 9223372036854775807
    assert must_parse("9223372036854775808", 10).to_int() == none
    assert must_parse("-9223372036854775808", 10).to_int().unwrap() == -9223372036854775807 - 1
    assert must_parse("-9223372036854775809", 10).to_int() == none
    assert from_int(-9223372036854775807 - 1).to_string(16) == "-8000000000000000"
}

fn test_bases() {
    let b = must_parse("FfFfFfFfFfFfFfFf1", 16)
    assert b.to_string(36) == "1qae8ggyq4ngmp"
    assert b.to_string(2) == strings.repeat("1", 64) + "0001"
    assert decimal(must_parse("zz", 36)) == "1295"
    assert decimal(must_parse("-0", 10)) == "0"
}

fn test_parse_rejects() {
    let bad = []string{"", "-", "12a", " 1", "1_000"}
    for s in bad {
        assert parse(s, 10) == none, "parsed " + s
    }
    assert parse("0x10", 16) == none
}

// n limbs of all ones (2^(64n) - 1).
fn ones(n: int) -> Int {
    return must_parse(strings.repeat("f", 16 * n), 16)
}

// Carries and borrows through every limb, for odd and even limb counts
// (the loops run two chains, one per half, and ripple the first's carry
// into the second).
fn test_carries_across_every_limb() {
    let one = from_int(1)
    let top = must_parse("ffffffffffffffff", 16)
    for n in 1..10 {
        let x = ones(n)
        let p = x.add(one)
        assert p.to_string(16) == "1" + strings.repeat("0", 16 * n)
        assert p.sub(one).cmp(x) == 0
        assert one.sub(p).add(x).to_string(16) == "0"
        // (2^(64n) - 1)(2^64 - 1) + (2^(64n) - 1) = (2^(64n) - 1) 2^64
        assert x.mul(top).add(x).cmp(x.shl(64)) == 0
        assert x.mul(from_int(3)).to_string(16) == "2" + strings.repeat("f", 16 * n - 1) + "d"
    }
}

// Quotients below 2^31 (estimated from the top bits, then corrected)
// with remainders 0 and y - 1, one of them at the estimate's worst
// divisor (top 33 bits 2^32: the estimate falls short by one).
fn test_small_quotients() {
    for n in 2..6 {
        let y = from_int(1).shl(64 * n - 1).add(from_int(1))
        let ys = []Int{y, ones(n)}
        for yy in ys {
            for q in ([]int{1, 9, 1073741827, 2147483647}) {
                let r = yy.sub(from_int(1))
                let x = yy.mul(from_int(q)).add(r)
                let (qq, rr) = x.divmod(yy)
                assert qq.to_int().unwrap() == q && rr.cmp(r) == 0
                let (q0, r0) = yy.mul(from_int(q)).divmod(yy)
                assert q0.to_int().unwrap() == q && r0.sign() == 0
                let (qn, rn) = x.neg().divmod(yy)
                assert qn.to_int().unwrap() == -q && rn.cmp(r.neg()) == 0
            }
        }
    }
}
