// expect runtime error: tests/golden/rterr/version_ref_short.gs:18:9: runtime error: index 3 out of range for length 3
// g.n is longer than g.cells: the guard of the versioned loop
// (golden/ir/version_ref_field.gs) fails, and the loop as written stops at
// c == 3, after the stores of c = 0..2 (printed by nothing: the error is
// the output).
struct Cell {
    alive: bool
    count: int
}

struct Grid {
    cells: []Cell
    n: int
}

fn (g: ref Grid) step() {
    for c in 0..g.n {
        g.cells[c].count += 1
        g.cells[c].alive = true
    }
}

fn main() {
    var g = Grid{cells: make([]Cell, 3), n: 4}
    g.step()
    println("not reached")
}
