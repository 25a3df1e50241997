// expect runtime error: tests/golden/rterr/version_ref_pop.gs:18:9: runtime error: index 2 out of range for length 1
// The loop pops from the slice it indexes: g.cells' header changes in the
// loop, so it is not versioned (golden/ir/version_ref_field.gs), and after
// three pops c == 2 is past the end.
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
        let last = g.cells.pop()
        g.cells[c].count += last.count + 1
    }
}

fn main() {
    var g = Grid{cells: make([]Cell, 4), n: 4}
    g.step()
    println("not reached")
}
