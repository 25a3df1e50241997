// bigint products by a one-limb operand (below 2^64), which take a
// single carry pass (big_mul_1) instead of a schoolbook: a carry out of
// the top limb and none, 2^32 - 1, 1, either operand order, in place
// (x = x * k), long operands, and the product's sign.
import "bigint"

fn show(label: string, v: bigint.Int) {
    let s = v.to_string(10)
    println(label, s)
    delete(s)
}

fn main() {
    var k = bigint.from_int(4294967295)
    var x = bigint.parse("340282366920938463463374607431768211455", 10).unwrap() // 2^128 - 1
    var z = bigint.Int{}
    z.set_mul(x, k)
    show("max*max", z)
    z.set_mul(k, x)
    show("swapped", z)
    var one = bigint.from_int(1)
    z.set_mul(x, one)
    show("x*1", z)
    var two = bigint.from_int(2)
    var small = bigint.from_int(3)
    z.set_mul(small, two)
    show("3*2", z)
    // 10^100 by repeated *10 in place, then 3^200 by *3 in place.
    var ten = bigint.from_int(10)
    var p = bigint.from_int(1)
    for _ in 0..100 {
        p.set_mul(p, ten)
    }
    show("10^100", p)
    var three = bigint.from_int(-3)
    var q = bigint.from_int(1)
    for _ in 0..200 {
        q.set_mul(q, three)
    }
    show("(-3)^200", q)
    q.set_mul(q, three)
    show("(-3)^201", q)
    let w = q.mul(bigint.from_int(0))
    show("*0", w)
}
