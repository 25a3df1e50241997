// -O2 loop versioning (lower/pass_version.c) of checks on a slice reached
// from a `ref` parameter by fields: in a method on `g: ref Grid`, the
// loop `for c in 0..g.n` reads and writes g.cells[c] (bool and int stores
// only: no store of a slice value, no push, no call), so g.cells keeps its
// header through the loop and the guard `g.n <= g.cells.len` before it
// proves every g.cells[c] check of the fast copy. Kept (no versioned copy):
// a loop that pushes onto g.cells, one that assigns g.cells, and one that
// calls a function (where the compound assignment also checks g.cells[c]
// again after the call, which may change the slice). The check on an
// index read from memory (cells[c].nb) stays in both copies. Adversarial
// twins: rterr/version_ref_short.gs, rterr/version_ref_assign.gs,
// rterr/version_ref_push.gs.
struct Cell {
    alive: bool
    nb: int
    count: int
}

struct Grid {
    cells: []Cell
    n: int
}

// Versioned: bool and int stores only.
fn (g: ref Grid) step() {
    for c in 0..g.n {
        let other = g.cells[c].nb
        g.cells[c].count += 1
        g.cells[c].alive = g.cells[other].alive
    }
}

// Not versioned: the loop pushes onto g.cells.
fn (g: ref Grid) grow() {
    for c in 0..g.n {
        g.cells.push(g.cells[c])
    }
}

// Not versioned: the loop stores a slice value into g.cells.
fn (g: ref Grid) swap(other: []Cell) {
    for c in 0..g.n {
        g.cells[c].count += 1
        if c == 1 { g.cells = other }
    }
}

fn touch(c: int) -> int { return c + 1 }

// Not versioned: a call in the loop.
fn (g: ref Grid) calls() {
    for c in 0..g.n {
        g.cells[c].count += touch(c)
    }
}

fn main() {
    var g = Grid{cells: make([]Cell, 4), n: 4}
    for i in 0..4 { g.cells[i].nb = (i + 1) % 4 }
    g.cells[0].alive = true
    g.step()
    g.step()
    g.grow()
    g.calls()
    g.swap(make([]Cell, 8))
    println(g.cells.len, g.cells[0].count, g.cells[2].alive, g.cells[3].alive)
}
