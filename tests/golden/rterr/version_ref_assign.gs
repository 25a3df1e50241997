// expect runtime error: tests/golden/rterr/version_ref_assign.gs:21:9: runtime error: index 2 out of range for length 2
// The loop replaces g.cells with a shorter slice while it runs: a store of
// a slice value, so the loop is not versioned on g.cells' length
// (golden/ir/version_ref_field.gs), and c == 2 is out of range for the new
// slice.
struct Cell {
    alive: bool
    count: int
}

struct Grid {
    cells: []Cell
    n: int
}

fn (g: ref Grid) step(short: []Cell) {
    for c in 0..g.n {
        if c == 2 {
            g.cells = short
        }
        g.cells[c].count += 1
    }
}

fn main() {
    var g = Grid{cells: make([]Cell, 4), n: 4}
    g.step(make([]Cell, 2))
    println("not reached")
}
