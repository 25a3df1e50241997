// -O2 (lower/pass_loopcheck.c): a check whose operands a loop keeps fixed,
// on the loop body's top level before anything with an effect, in a loop
// that runs at least once, is done once before the loop; the same check
// right after the loop is then deleted. In `neighbours` the check of
// cells[c] leaves the k loop (0..4 runs four times; only loads come before
// it) and the one after the loop goes. `both_fixed` moves two checks in
// their order, `two_levels` moves one out of two loops, and `endless`
// moves one out of a `while true` (its body always runs once). The other
// functions keep their
// checks in the loop: the loop may run zero times (`maybe_none`), a store,
// a call or output comes first (`after_store`, `after_call`,
// `after_print`), the check sits in an if (`in_if`), an earlier check that
// stays could fail first (`second_check`), the loop changes the index
// (`moving`), a `while` tests first (`while_test`). Adversarial twins:
// rterr/loopcheck_hoisted.gs, rterr/loopcheck_after_print.gs,
// rterr/loopcheck_first_check.gs, run/loopcheck_zero_trip.gs.
struct Cell {
    alive: bool
    next: bool
    nb: [4]int
}

fn neighbours(cells: []Cell, grid: []int) -> int {
    var total = 0
    for c in grid {
        var n = 0
        for k in 0..4 {
            if cells[cells[c].nb[k]].alive {
                n += 1
            }
        }
        cells[c].next = n == 2
        total += n
    }
    return total
}

fn both_fixed(xs: []int, ys: []int, i: int, j: int) -> int {
    var s = 0
    for k in 0..3 {
        s += xs[i] + ys[j] + k
    }
    return s
}

fn two_levels(xs: []int, i: int) -> int {
    var s = 0
    for a in 0..2 {
        for b in 0..3 {
            s += xs[i] * b + a
        }
    }
    return s
}

fn endless(xs: []int, i: int) -> int {
    var s = 0
    var k = 0
    while true {
        s += xs[i]
        k += 1
        if k == 3 {
            break
        }
    }
    return s
}

fn maybe_none(xs: []int, i: int, m: int) -> int {
    var s = 0
    for k in 0..m {
        s += xs[i] + k
    }
    return s
}

fn after_store(xs: []int, out: []int, i: int) -> int {
    var s = 0
    for k in 0..3 {
        out[k] = k
        s += xs[i]
    }
    return s
}

var calls: int = 0

fn note(k: int) {
    calls += k
}

fn after_call(xs: []int, i: int) -> int {
    var s = 0
    for k in 0..3 {
        note(k)
        s += xs[i]
    }
    return s
}

fn after_print(xs: []int, i: int) -> int {
    var s = 0
    for k in 0..3 {
        println(k)
        s += xs[i]
    }
    return s
}

fn in_if(xs: []int, i: int) -> int {
    var s = 0
    for k in 0..3 {
        if k == 2 {
            s += xs[i]
        }
    }
    return s
}

fn second_check(xs: []int, ys: []int, i: int) -> int {
    var s = 0
    for k in 0..3 {
        s += xs[k + 1] + ys[i]
    }
    return s
}

fn moving(xs: []int) -> int {
    var s = 0
    var i = 0
    for _k in 0..3 {
        s += xs[i]
        i += 1
    }
    return s
}

fn while_test(xs: []int, i: int, m: int) -> int {
    var s = 0
    var k = 0
    while k < m {
        s += xs[i]
        k += 1
    }
    return s
}

fn main() {
    var cells = make([]Cell, 4)
    for c in 0..4 {
        cells[c].alive = c % 2 == 0
        for k in 0..4 {
            cells[c].nb[k] = (c + k + 1) % 4
        }
    }
    let grid = make([]int, 4)
    for c in 0..4 {
        grid[c] = 3 - c
    }
    println(neighbours(cells, grid), cells[1].next)
    let xs = make([]int, 5)
    for k in 0..5 {
        xs[k] = k * k
    }
    let out = make([]int, 3)
    println(both_fixed(xs, xs, 1, 2), two_levels(xs, 2), endless(xs, 4))
    println(maybe_none(xs, 2, 3), maybe_none(xs, 9, 0))
    println(after_store(xs, out, 4), out[2])
    println(after_call(xs, 3), calls)
    println(after_print(xs, 1))
    println(in_if(xs, 2), second_check(xs, xs, 4), moving(xs), while_test(xs, 3, 2))
}
