// -O2 loop versioning (lower/pass_version.c): when the guard fails the
// loop runs as written, so a loop that leaves before its bad index does
// just what it did (no error), and one whose guard holds gives the same
// output. Twin of ir/version_loops.gs.
var flags: []bool

fn first_zero(xs: []int, n: int) -> int {
    for k in 0..n { // n > xs.len: the guard fails
        if xs[k] == 0 {
            return k
        }
    }
    return -1
}

fn mark_until(start: int, step: int, limit: int, stop: int) -> int {
    var j = start
    var marked = 0
    while j <= limit {
        if j >= stop {
            break
        }
        flags[j] = true
        marked += 1
        j += step
    }
    return marked
}

fn nested(grid: [][]int, rows: int, cols: int) -> int {
    var s = 0
    for r in 0..rows {
        let row = grid[r]
        for c in 0..cols {
            s += row[c]
        }
    }
    return s
}

fn main() {
    var xs = make([]int, 4)
    for i in 0..4 { xs[i] = 3 - i }
    println(first_zero(xs, 100), first_zero(xs, 4), first_zero(xs, 2))
    flags = make([]bool, 10)
    println(mark_until(1, 3, 1000, 10), mark_until(0, 2, 9, 100), mark_until(2, 1, 5, 4))
    var g = make([][]int, 3)
    for r in 0..3 {
        g[r] = make([]int, 3)
        for c in 0..3 { g[r][c] = r * 3 + c }
    }
    println(nested(g, 3, 3), nested(g, 2, 2), nested(g, 3, 0))
}
