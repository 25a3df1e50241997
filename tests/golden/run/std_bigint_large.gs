// bigint on numbers of thousands of digits, so that every back end runs
// the Karatsuba product over 28-bit digits, Knuth's division and the
// divide-and-conquer conversions: digit counts, digit sums and the last
// digits are printed, and round trips are checked.
import "bigint"

fn digest(label: string, v: bigint.Int) {
    let s = v.to_string(10)
    var sum = 0
    for i in 0..s.len {
        if s[i] != '-' {
            sum += (s[i] - '0') as int
        }
    }
    println(label, s.len, sum, s[s.len - 20:s.len])
    let back = bigint.parse(s, 10).unwrap()
    assert back.cmp(v) == 0, "decimal round trip"
    delete(s)
}

fn main() {
    let a = bigint.from_int(3).pow(9000)
    let b = bigint.from_int(-7).pow(5001)
    digest("a", a)
    digest("b", b)
    let p = a.mul(b)
    digest("a*b", p)
    let (q, r) = p.add(bigint.from_int(12345)).divmod(b)
    println(q.cmp(a))
    digest("r", r)
    let (q2, r2) = a.divmod(b.shr(4000))
    digest("q2", q2)
    digest("r2", r2)
    assert q2.mul(b.shr(4000)).add(r2).cmp(a) == 0, "a = q*b + r"
    let h = p.to_string(36)
    let back = bigint.parse(h, 36).unwrap()
    println(h.len, back.cmp(p), back.sub(p).sign())
    let s7 = a.to_string(7)
    println(s7.len, bigint.parse(s7, 7).unwrap().cmp(a))
    println(a.shl(12345).shr(12345).cmp(a), b.shr(20000).to_string(10))
}
