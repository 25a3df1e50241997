// langarena: Etc::GameOfLife w h iterations
//
// Conway's Game of Life (B3/S23) on a w x h torus of cell objects. Each
// cell holds `alive`, `next` and its 8 neighbours (dy = -1..1 outer,
// dx = -1..1 inner, skipping itself, wrapping at the edges); seeding is
// row-major, `alive = next_float(1.0) < 0.1`. Each run is one generation:
// compute every cell's `next`, then commit. Checksum: FNV-1a-like over the
// cells' alive bits row-major (restarting from the offset basis whenever
// the hash is 0), plus the number of live cells.
//
// Memory: each cell is a slot of a slot pool (the original allocates one
// object per cell), allocated once in prepare and never freed; neighbours
// are slot indices. A run allocates nothing, so the two variants differ
// only in the cost of reaching a slot (r[i] against p.get(i)) in the hot
// loop: 9 slot reads and 1 write per cell per generation. A run walks the
// slots in index order, 0 .. cells.len: a fresh pool hands out 0, 1, 2, ..
// (no slot is ever freed), so that is prepare's row-major order, the order
// the original walks its grid of cells and the C version its arena; the
// grid of slots serves prepare's neighbour links and the checksum.
// Variant: builtin pools (`reusable Cell`); the _library file is the same
// program on pool.slot_pool.
// Usage: game_of_life_builtin w h iterations expected_checksum
//   Prints `Etc::GameOfLife: OK in <s>s` or
//   `Etc::GameOfLife: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "Etc::GameOfLife"

// LangArena's RNG.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_float(max: f64) -> f64 {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return max * rng_last as f64 / 139968.0
}

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

struct Cell {
    alive: bool
    next: bool
    nb: [8]int // neighbour slots
}

struct Life {
    cells: reusable Cell
    grid: []int // slot of the cell at y * w + x
    w: int
    h: int
}

fn (g: ref Life) prepare(w: int, h: int) {
    g.w = w
    g.h = h
    g.grid = make([]int, w * h)
    for y in 0..h {
        for x in 0..w {
            let alive = next_float(1.0) < 0.1
            g.grid[y * w + x] = g.cells.alloc(Cell{alive: alive})
        }
    }
    for y in 0..h {
        for x in 0..w {
            let c = g.grid[y * w + x]
            var k = 0
            for dy in -1..2 {
                for dx in -1..2 {
                    if dy != 0 || dx != 0 {
                        let ny = (y + dy + h) % h
                        let nx = (x + dx + w) % w
                        g.cells[c].nb[k] = g.grid[ny * w + nx]
                        k += 1
                    }
                }
            }
        }
    }
}

// One generation: every cell's next state, then commit.
fn (g: ref Life) run(_: int) {
    for c in 0..g.cells.len {
        var n = 0
        for k in 0..8 {
            if g.cells[g.cells[c].nb[k]].alive {
                n += 1
            }
        }
        g.cells[c].next = n == 3 || (n == 2 && g.cells[c].alive)
    }
    for c in 0..g.cells.len {
        g.cells[c].alive = g.cells[c].next
    }
}

fn (g: ref Life) checksum() -> u32 {
    var h: u32 = 0
    var live: u32 = 0
    for c in g.grid {
        var bit: u32 = 0
        if g.cells[c].alive {
            bit = 1
        }
        if h == 0 {
            h = 2166136261
        }
        h = (h ^ bit) * 16777619
        live += bit
    }
    return h + live
}

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: game_of_life w h iterations expected_checksum")
        return 2
    }
    let w = arg_int(a, 0)
    let h = arg_int(a, 1)
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    if w < 1 || h < 1 || iterations < 0 {
        eprintln(NAME + ": w and h must be >= 1, iterations >= 0")
        return 2
    }
    var g = Life{}
    rng_reset()
    g.prepare(w, h)
    for i in 0..max(1, iterations * 2 / 10) { g.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { g.run(i) }
    let t1 = clock_ns()
    return report(g.checksum(), expected, t1 - t0)
}
