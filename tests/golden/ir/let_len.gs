// -O1/-O2 (lower/pass_facts.c): a `let` declared with a slice's length
// stands for that length while the slice's header is not written:
// `let n = xs.len` then `if n > 0 { xs[n - 1] }` or `if i < n { xs[i] }`
// keeps no check. Kept: the same after a pop (the header changed since
// n was read; rterr twin rterr/let_len_pop.gs), and for a `var` n.
fn last(xs: []int) -> int {
    let n = xs.len
    if n > 0 {
        return xs[n - 1]
    }
    return -1
}

fn at(xs: []int, i: int) -> int {
    let n = xs.len
    if i >= 0 && i < n {
        return xs[i]
    }
    return -1
}

fn after_pop(xs: []int) -> int {
    var ys = xs
    let n = ys.len
    ys.pop()
    if n > 0 {
        return ys[n - 1]
    }
    return -1
}

fn var_n(xs: []int) -> int {
    var n = xs.len
    if n > 0 {
        return xs[n - 1]
    }
    return -1
}

fn main() {
    var v = make([]int, 3)
    v[2] = 7
    println(last(v), at(v, 1), at(v, 5), var_n(v))
    var e: []int
    println(last(e))
    if v.len > 5 { println(after_pop(v)) }
}
