// Closures capture the variables they name by reference: assignments on
// either side are seen by the other. Capture-free closures, closures as
// arguments, closures bound with let and called.
fn apply(f: fn(int) -> int, x: int) -> int { return f(x) }

fn apply_twice(f: fn(int) -> int, x: int) -> int { return f(f(x)) }

fn repeat(n: int, body: fn(int)) {
    for i in 0..n { body(i) }
}

fn make_and_use(k: int) -> int {
    let addk = fn(x: int) -> int { return x + k }
    return addk(1) + apply(addk, 2)
}

fn main() {
    var k = 1
    let add = fn(x: int) -> int { return x + k }
    println(add(1))
    k = 10
    println(add(1))
    var count = 0
    let bump = fn() { count += 1 }
    bump()
    bump()
    println(count)
    let double = fn(x: int) -> int { return x * 2 }
    println(apply(double, 21), apply_twice(double, 3), double(0))
    println(apply(fn(x: int) -> int { return x - 1 }, 0))
    var sum = 0
    repeat(5, fn(i: int) { sum += i })
    println(sum)
    var log = ""
    repeat(3, fn(i: int) { log = log + to_string(i) + ";" })
    println(log)
    println(make_and_use(100))
    var xs = make([]int, 0)
    let push_sq = fn(v: int) { xs.push(v * v) }
    push_sq(3)
    push_sq(4)
    println(xs.len, xs[1])
    let nested = fn(x: int) -> int {
        let inner = fn(y: int) -> int { return y + k }
        return inner(x) * 2
    }
    println(nested(1))
    let no_args = fn() -> string { return "hi" }
    println(no_args())
    var p = 0
    let setp = fn(v: int) { p = v }
    setp(5)
    println(p)
}
