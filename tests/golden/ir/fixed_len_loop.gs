// BCE rule: `for i in 0..n` indexes xs when xs = make([]T, n) is never
// changed afterwards (no assignment, push, pop, clear, reference, capture)
// and n cannot change (a let, a parameter, a loop counter or a constant):
// xs.len == n wherever xs can be read. Adversarial twins:
// rterr/bce_fixed_len_pushed.gs, rterr/bce_fixed_len_var.gs,
// rterr/bce_fixed_len_cap.gs; fill_twice (reassigned) is loop-versioned.
fn sum_rounds(n: int, rounds: int) -> int {
    var h = make([]int, n)
    var s = 0
    for r in 0..rounds {
        for k in 0..n {
            h[k] = k + r
        }
        for k in 0..n {
            s += h[k]
        }
    }
    delete(h)
    return s
}

fn fill_twice(n: int) -> int {
    var h = make([]int, n)
    h = make([]int, n)
    var s = 0
    for k in 0..n {
        s += h[k]
    }
    return s
}

fn main() {
    for m in 1..4 {
        let xs = make([]int, m)
        for k in 0..m {
            xs[k] = k * m
        }
        println(xs[m - 1])
    }
    println(sum_rounds(10, 3) + fill_twice(4))
}
