// Generic functions: type arguments inferred from the call's arguments;
// each distinct instantiation is its own function.
fn max[T](a: T, b: T) -> T {
    if a > b { return a }
    return b
}

fn first[T](xs: []T) -> T { return xs[0] }

fn swap_pair[A, B](a: A, b: B, flip: bool) -> string {
    if flip { return describe(b) + "," + describe(a) }
    return describe(a) + "," + describe(b)
}

fn describe[T](x: T) -> string { return "<" + to_string(x) + ">" }

fn count_if[T](xs: []T, pred: fn(T) -> bool) -> int {
    var n = 0
    for x in xs {
        if pred(x) { n += 1 }
    }
    return n
}

fn fill[T](xs: []T, v: T) {
    for i in 0..xs.len { xs[i] = v }
}

fn largest[T](xs: []T) -> T {
    var best = xs[0]
    for x in xs { best = max(best, x) }
    return best
}

fn main() {
    println(max(3, 9), max(2.5, -1.0), max("pear", "apple"))
    let a: u8 = 200
    let b: u8 = 100
    println(max(a, b), max(a, b) + 100)
    let i8v: i8 = -3
    println(max(i8v, -7))
    var xs = make([]int, 3)
    fill(xs, 4)
    xs[1] = 11
    println(first(xs), largest(xs))
    var ss = make([]string, 2)
    fill(ss, "s")
    println(first(ss), ss[1])
    println(swap_pair(1, 2.5, false), swap_pair(1, 2.5, true))
    let is_big = fn(x: int) -> bool { return x > 5 }
    println(count_if(xs, is_big))
    var fs = make([]f64, 2)
    fs[0] = 0.5
    println(count_if(fs, fn(x: f64) -> bool { return x > 0.0 }))
}
