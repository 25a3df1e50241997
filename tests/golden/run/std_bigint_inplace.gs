// bigint set_ forms: the receiver may be an operand, and its storage is
// reused; 100! and Fibonacci(300) by accumulation in place, and a
// divmod whose quotient and remainder overwrite its operands.
import "bigint"

fn show(label: string, v: bigint.Int) {
    let s = v.to_string(10)
    println(label, s)
    delete(s)
}

fn main() {
    var f = bigint.from_int(1)
    var k = bigint.Int{}
    for i in 1..101 {
        k.set_int(i)
        f.set_mul(f, k)
    }
    show("100!", f)
    var a = bigint.Int{}
    var b = bigint.from_int(1)
    for _i in 0..300 {
        a.set_add(a, b)
        b.set_sub(a, b)
    }
    show("fib300", a)
    // q.set_divmod(r, q, r): both operands are overwritten.
    var q = f.clone()
    var r = a.clone()
    q.set_divmod(r, q, r)
    show("100!/fib300", q)
    show("100!%fib300", r)
    var x = bigint.from_int(-5)
    x.set_mul(x, x)
    x.set_neg(x)
    x.set_shl(x, 100)
    show("-25<<100", x)
    x.set_shr(x, 99)
    show(">>99", x)
    x.set_pow(x, 3)
    show("^3", x)
    x.set_sub(x, x)
    show("x-x", x)
    println(x.sign(), f.sign(), x.to_int())
    f.free()
    show("freed", f)
    f.set_int(-42)
    show("reused", f)
}
