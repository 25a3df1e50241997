// langarena: Maze::Generator w h iterations
//
// A w x h grid of cells (each at least 5; the outer ring is Border, every
// other cell a Wall, Start at (1, 1), Finish at (w-2, h-2)). `prepare`
// links each inner cell to its 4 neighbours (up, down, right, left) and
// shuffles them with 4 random swaps (next_int(4) twice per swap). Each run
// resets the Space cells to Wall and digs: from each Wall neighbour of
// Start, a depth-first stack makes a cell Space when exactly one of its
// neighbours is walkable (Space, Start, Finish) and pushes its Wall
// neighbours; then from each Wall neighbour of Finish, cells become Space
// and push their Wall neighbours while at most one neighbour is walkable.
// The checksum adds the middle cell's kind of every run to an FNV-1a
// (32-bit) of x * y over the final maze's Space cells, row-major.
//
// Memory: each cell is a slot of a slot pool (the original allocates one
// object per cell), allocated row-major in prepare and never freed;
// neighbours are slot indices, and the slot of (y, x) is y * w + x. The dig
// stack is one plain slice, cleared for each dig (the original mallocs
// one of w * h cells per dig). A run allocates nothing: the two variants
// differ in the cost of reaching a slot (r[i] against p.get(i)).
// Variant: builtin pools (`reusable Cell`); the _library file is the same
// program on pool.slot_pool.
// Usage: maze_generator_builtin w h iterations expected_checksum
//   Prints `Maze::Generator: OK in <s>s` or
//   `Maze::Generator: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "Maze::Generator"

// A cell's kind (the original's enum values).
const WALL: i32 = 0
const SPACE: i32 = 1
const START: i32 = 2
const FINISH: i32 = 3
const BORDER: i32 = 4

// LangArena's RNG: next_int(max) = (last * max) / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_int(max: int) -> int {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return rng_last * max / 139968
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
    kind: i32
    nb: [4]int // neighbour slots; the first nb_count are set
    nb_count: i32
    x: i32
    y: i32
}

struct Maze {
    cells: reusable Cell
    w: int
    h: int
    start: int // slots
    finish: int
    stack: []int // the dig stack (slots)
}

// The slot of the cell at (y, x): the cells are allocated row-major from
// a fresh pool, which hands out 0, 1, 2, .., so the pool is the grid (as
// the original's rows of cells).
inline fn (m: ref Maze) at(y: int, x: int) -> int {
    return y * m.w + x
}

fn (m: ref Maze) create(w: int, h: int) {
    m.w = w
    m.h = h
    for y in 0..h {
        for x in 0..w {
            let slot = m.cells.alloc(Cell{kind: WALL, x: x as i32, y: y as i32})
            assert slot == m.at(y, x)
        }
    }
    m.start = m.at(1, 1)
    m.finish = m.at(h - 2, w - 2)
    m.cells[m.start].kind = START
    m.cells[m.finish].kind = FINISH
}

fn (m: ref Maze) add_neighbor(c: int, y: int, x: int) {
    let k = m.cells[c].nb_count
    m.cells[c].nb[k] = m.at(y, x)
    m.cells[c].nb_count = k + 1
}

// Links each inner cell to its 4 neighbours, shuffled; the outer ring
// becomes Border.
fn (m: ref Maze) update_neighbors() {
    for y in 0..m.h {
        for x in 0..m.w {
            let c = m.at(y, x)
            m.cells[c].nb_count = 0
            if x > 0 && y > 0 && x < m.w - 1 && y < m.h - 1 {
                m.add_neighbor(c, y - 1, x)
                m.add_neighbor(c, y + 1, x)
                m.add_neighbor(c, y, x + 1)
                m.add_neighbor(c, y, x - 1)
                for _ in 0..4 {
                    let i = next_int(4)
                    let j = next_int(4)
                    if i != j {
                        let t = m.cells[c].nb[i]
                        m.cells[c].nb[i] = m.cells[c].nb[j]
                        m.cells[c].nb[j] = t
                    }
                }
            } else {
                m.cells[c].kind = BORDER
            }
        }
    }
}

fn (m: ref Maze) reset() {
    for c in 0..m.cells.len {
        if m.cells[c].kind == SPACE {
            m.cells[c].kind = WALL
        }
    }
    m.cells[m.start].kind = START
    m.cells[m.finish].kind = FINISH
}

// How many of cell c's neighbours are walkable (Space, Start, Finish).
// Walkability is written out wherever a loop tests it, not a function: a
// loop with no call in it has its lifetime checks (the library pool's
// slots, a search's slices) tested once before it.
inline fn (m: ref Maze) walkable_count(c: int) -> int {
    var n = 0
    for i in 0..m.cells[c].nb_count {
        let k = m.cells[m.cells[c].nb[i]].kind
        if k == SPACE || k == START || k == FINISH {
            n += 1
        }
    }
    return n
}

// Pushes cell c's Wall neighbours on the stack.
inline fn (m: ref Maze) push_walls(c: int) {
    for i in 0..m.cells[c].nb_count {
        let n = m.cells[c].nb[i]
        if m.cells[n].kind == WALL {
            m.stack.push(n)
        }
    }
}

fn (m: ref Maze) dig(from: int) {
    m.stack.clear()
    m.stack.push(from)
    while m.stack.len > 0 {
        let c = m.stack.pop()
        if m.walkable_count(c) != 1 {
            continue
        }
        m.cells[c].kind = SPACE
        m.push_walls(c)
    }
}

fn (m: ref Maze) ensure_open_finish(from: int) {
    m.stack.clear()
    m.stack.push(from)
    while m.stack.len > 0 {
        let c = m.stack.pop()
        m.cells[c].kind = SPACE
        if m.walkable_count(c) > 1 {
            continue
        }
        m.push_walls(c)
    }
}

fn (m: ref Maze) generate() {
    for i in 0..m.cells[m.start].nb_count {
        let n = m.cells[m.start].nb[i]
        if m.cells[n].kind == WALL {
            m.dig(n)
        }
    }
    for i in 0..m.cells[m.finish].nb_count {
        let n = m.cells[m.finish].nb[i]
        if m.cells[n].kind == WALL {
            m.ensure_open_finish(n)
        }
    }
}

fn (m: ref Maze) middle_kind() -> i32 {
    return m.cells[m.at(m.h / 2, m.w / 2)].kind
}

// FNV-1a (32-bit) of x * y over the Space cells, row-major.
fn (m: ref Maze) checksum() -> u32 {
    var hasher: u32 = 2166136261
    for y in 0..m.h {
        for x in 0..m.w {
            if m.cells[m.at(y, x)].kind == SPACE {
                hasher = (hasher ^ (x * y) as u32) * 16777619
            }
        }
    }
    return hasher
}

struct Generator {
    maze: Maze
    result: u32
}

fn (g: ref Generator) prepare(w: int, h: int) {
    g.maze.create(max(w, 5), max(h, 5))
    g.maze.update_neighbors()
}

fn (g: ref Generator) run(_: int) {
    g.maze.reset()
    g.maze.generate()
    g.result += g.maze.middle_kind() as u32
}

fn (g: ref Generator) checksum() -> u32 { return g.result + g.maze.checksum() }

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: maze_generator w h iterations expected_checksum")
        return 2
    }
    let w = arg_int(a, 0)
    let h = arg_int(a, 1)
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    if iterations < 0 {
        eprintln(NAME + ": iterations must be >= 0")
        return 2
    }
    var g = Generator{}
    rng_reset()
    g.prepare(w, h)
    for i in 0..max(1, iterations * 2 / 10) { g.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { g.run(i) }
    let t1 = clock_ns()
    return report(g.checksum(), expected, t1 - t0)
}
