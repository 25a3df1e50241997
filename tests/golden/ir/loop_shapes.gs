// -O1/-O2 (lower/pass_facts.c): loop shapes whose index checks follow from
// the counter's bounds keep none of them:
//   - `for i in 1..xs.len { .. xs[i - 1] .. }`: lo >= 1, so i - 1 >= 0;
//   - `for i in 0..xs.len - 1 { .. xs[i + 1] .. }` (also `0..n - 1` with
//     `let n = xs.len`): i < len - 1, so i + 1 < len (len - 1 cannot wrap);
//   - `var i = xs.len - 1; while i >= 0 { .. xs[i] ..; i -= 1 }` (or
//     `i = i - 1`): i < len at every point of the loop (it starts below
//     len and only goes down, and the test i >= 0 before the step keeps
//     i - 1 from wrapping, however many stores come between);
//   - `var i = xs.len; while i > 0 { i -= 1; xs[i] }`: i <= len over the
//     loop, and the step right before the read makes it i - 1 < len, >= 0;
//   - `var i = 0; while i < xs.len && xs[i] == 0 { i += 1 }`: i >= 0 at
//     every point of the loop (it starts at 0 and only steps up by 1
//     under i < xs.len, which keeps it from wrapping).
// Kept: the near misses, each with an rterr twin: an index past the end
// (rterr/shape_next_full.gs), a start that may be 0
// (rterr/shape_prev_from.gs), a pop in the loop (rterr/shape_next_pop.gs,
// rterr/shape_reverse_pop.gs), a length read before a pop
// (rterr/shape_let_len_pop.gs), another slice's length
// (rterr/shape_other_slice.gs), a reverse loop from len
// (rterr/shape_reverse_from_len.gs) or stepping before the read under
// i >= 0 (rterr/shape_reverse_late.gs), a call that may change a global
// (rterr/shape_reverse_call.gs), a skip loop from a start that may be
// negative (rterr/shape_skip_from.gs) or that may step back
// (rterr/shape_skip_back.gs).
var g: []int

fn diffs(xs: []int) -> int {
    var s = 0
    for i in 1..xs.len {
        s += xs[i] - xs[i - 1]
    }
    return s
}

fn pairs(xs: []int) -> int {
    var s = 0
    for i in 0..xs.len - 1 {
        s += xs[i] * xs[i + 1]
    }
    return s
}

fn pairs_let(xs: []int) -> int {
    let n = xs.len
    var s = 0
    for i in 0..n - 1 {
        s += xs[1 + i]
    }
    return s
}

fn reverse(xs: []int) -> int {
    var s = 0
    var i = xs.len - 1
    while i >= 0 {
        s = s * 3 + xs[i]
        i -= 1
    }
    var j = xs.len - 1
    while j >= 0 {
        s += xs[j]
        j = j - 1
    }
    return s
}

fn reverse_pre(xs: []int) -> int {
    var s = 0
    var i = xs.len
    while i > 0 {
        i -= 1
        s = s * 3 + xs[i]
    }
    return s
}

fn skip_zeros(xs: []int) -> int {
    var i = 0
    var n = 0
    while i < xs.len && xs[i] == 0 {
        n += 1
        i += 1
    }
    return i + n
}

fn k_next_full(xs: []int) -> int {
    var s = 0
    for i in 0..xs.len {
        s += xs[i + 1]
    }
    return s
}

fn k_prev_from(xs: []int, lo: int) -> int {
    var s = 0
    for i in lo..xs.len {
        s += xs[i - 1]
    }
    return s
}

fn k_next_pop(xs: []int) -> int {
    var ys = xs
    var s = 0
    for i in 0..ys.len - 1 {
        s += ys[i + 1]
        ys.pop()
    }
    return s
}

fn k_let_len_pop(xs: []int) -> int {
    var ys = xs
    let n = ys.len
    ys.pop()
    var s = 0
    for i in 0..n - 1 {
        s += ys[i + 1]
    }
    return s
}

fn k_other_slice(xs: []int, ys: []int) -> int {
    let n = xs.len
    var s = 0
    for i in 0..n - 1 {
        s += ys[i + 1]
    }
    return s
}

fn k_reverse_from_len(xs: []int) -> int {
    var s = 0
    var i = xs.len
    while i >= 0 {
        s += xs[i]
        i -= 1
    }
    return s
}

fn k_reverse_late(xs: []int) -> int {
    var s = 0
    var i = xs.len
    while i >= 0 {
        i -= 1
        s += xs[i]
    }
    return s
}

fn k_reverse_pop(xs: []int) -> int {
    var ys = xs
    var s = 0
    var i = ys.len - 1
    while i >= 0 {
        s += ys[i]
        if s == 0 {
            ys.pop()
            ys.pop()
        }
        i -= 1
    }
    return s
}

fn shrink() {
    g.pop()
}

fn k_reverse_call() -> int {
    var s = 0
    var i = g.len - 1
    while i >= 0 {
        shrink()
        s += g[i]
        i -= 1
    }
    return s
}

fn k_skip_from(xs: []int, k: int) -> int {
    var i = k
    while i < xs.len && xs[i] == 0 {
        i += 1
    }
    return i
}

fn k_skip_back(xs: []int) -> int {
    var i = 0
    var n = 0
    while i < xs.len && xs[i] == 0 {
        i += 1
        n += 1
        if n == 3 {
            i -= 5
        }
    }
    return i
}

fn main() {
    var v = make([]int, 5)
    for k in 0..5 {
        v[k] = k * k % 7
    }
    var z = make([]int, 4)
    z[3] = 1
    var e: []int
    println(diffs(v), pairs(v), pairs_let(v), reverse(v), reverse_pre(v), skip_zeros(z))
    println(diffs(e), pairs(e), pairs_let(e), reverse(e), reverse_pre(e), skip_zeros(e))
    println(k_next_full(e), k_prev_from(v, 1), k_next_pop(e), k_skip_from(z, 1), k_skip_back(v))
    if v.len > 100 {
        g = v
        println(k_let_len_pop(v), k_other_slice(v, z), k_reverse_from_len(v), k_reverse_late(v))
        println(k_reverse_pop(v), k_reverse_call())
    }
}
