// At -O2 a small function is emitted GS_INLINE (pass_bce.c inl_func),
// its size counted as what its C will hold: checks pass_bce removed and
// pure values nobody reads do not count. An inlined pool.slot_pool get
// leaves its receiver's address unread, so `step_library` below, the
// same loop as `step_builtin` over the library pool, is as small and as
// inline as it (game_of_life's Life.run stayed out of line before).
import "pool"

struct Cell {
    alive: bool
    next: bool
    nb: [8]int
}

fn step_builtin(cells: ref reusable Cell, grid: []int) {
    for c in grid {
        var n = 0
        for k in 0..8 {
            if cells[cells[c].nb[k]].alive {
                n += 1
            }
        }
        cells[c].next = n == 3 || (n == 2 && cells[c].alive)
    }
    for c in grid {
        cells[c].alive = cells[c].next
    }
}

fn step_library(cells: ref pool.slot_pool[Cell], grid: []int) {
    for c in grid {
        var n = 0
        for k in 0..8 {
            if cells.get(cells.get(c).nb[k]).alive {
                n += 1
            }
        }
        cells.get(c).next = n == 3 || (n == 2 && cells.get(c).alive)
    }
    for c in grid {
        cells.get(c).alive = cells.get(c).next
    }
}

fn main() {
    var b: reusable Cell
    var l = pool.slot_pool[Cell]{}
    var grid: []int
    for i in 0..9 {
        let alive = i % 3 == 0
        grid.push(b.alloc(Cell{alive: alive}))
        l.alloc(Cell{alive: alive})
    }
    for i in 0..9 {
        for k in 0..8 {
            b[i].nb[k] = (i + k + 1) % 9
            l.get(i).nb[k] = (i + k + 1) % 9
        }
    }
    for _ in 0..3 {
        step_builtin(b, grid)
        step_library(l, grid)
        var sb = 0
        var sl = 0
        for c in grid {
            if b[c].alive { sb += 1 }
            if l.get(c).alive { sl += 1 }
        }
        println(sb, sl)
    }
}
