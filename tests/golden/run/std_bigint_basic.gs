// bigint: construction, text in several bases, arithmetic with signs,
// truncating division, floor shifts, cmp and to_int at int's limits.
import "bigint"

fn show(label: string, v: bigint.Int) {
    let s = v.to_string(10)
    println(label, s)
    delete(s)
}

fn main() {
    var zero = bigint.Int{}
    show("zero", zero)
    println(zero.to_int(), zero.sign())
    let a = bigint.parse("-123456789012345678901234567890", 10).unwrap()
    let b = bigint.parse("+FfFfFfFfFfFfFfFf1", 16).unwrap()
    show("a", a)
    show("b", b)
    show("a+b", a.add(b))
    show("a-b", a.sub(b))
    show("a*b", a.mul(b))
    let (q, r) = a.divmod(bigint.from_int(97))
    show("a/97", q)
    show("a%97", r)
    show("a/-b", a.div(b.neg()))
    show("a%-b", a.rem(b.neg()))
    show("a<<70", a.shl(70))
    show("a>>70", a.shr(70))
    show("-1>>5", bigint.from_int(-1).shr(5))
    show("-7>>1", bigint.from_int(-7).shr(1))
    show("3^40", bigint.from_int(3).pow(40))
    show("0^0", zero.pow(0))
    println(a.cmp(b), b.cmp(a), a.cmp(a.clone()))
    println(bigint.parse("9223372036854775807", 10).unwrap().to_int())
    println(bigint.parse("9223372036854775808", 10).unwrap().to_int())
    println(bigint.parse("-9223372036854775808", 10).unwrap().to_int())
    println(bigint.parse("-9223372036854775809", 10).unwrap().to_int())
    println(bigint.from_int(-9223372036854775807 - 1).to_string(16))
    println(b.to_string(2))
    println(b.to_string(36), a.to_string(36), a.to_string(7))
    println(bigint.parse("zz", 36).unwrap().to_string(10), bigint.parse("-0", 10).unwrap().to_string(10))
    println(bigint.parse("", 10), bigint.parse("-", 10).is_some(), bigint.parse("12a", 10).is_some())
    println(bigint.parse("0x10", 16).is_some(), bigint.parse("1_000", 10).is_some(), bigint.parse(" 1", 10).is_some())
}
