// langarena: Maze::AStar w h iterations
//
// The maze of Maze::Generator (a w x h grid of cells, each side at least
// 5, neighbours linked and shuffled, then dug once) is built in `prepare`.
// Each run finds a shortest path from Start to Finish with A* (the
// Manhattan distance as the heuristic): a binary min-heap of (f, cell
// index) entries that drops a push whose f is not below the cell's best
// f so far, g scores and parents per cell index (y * w + x); the path is
// rebuilt from the parents once Finish is popped. The checksum adds the
// path's length (cells, both ends included; 0 when there is none) of
// every run to x * y of the last path's middle cell.
//
// Memory: each cell is a slot of a slot pool (the original allocates one
// object per cell), allocated row-major in prepare and never freed;
// neighbours are slot indices, and the slot of (y, x) is y * w + x. The
// search's scores, parents, heap and path are plain slices kept between
// runs (the original allocates them for each search). The two variants
// differ in the cost of reaching a slot (r[i] against p.get(i)).
// Variant: library pools (`pool.slot_pool`); the _builtin file
// is the same program on the builtin `reusable` pools.
// Usage: maze_astar_library w h iterations expected_checksum
//   Prints `Maze::AStar: OK in <s>s` or
//   `Maze::AStar: ERR[actual=<a>, expected=<e>]` (exit status 1).
import "pool"

const NAME: string = "Maze::AStar"

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
    cells: pool.slot_pool[Cell]
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
    m.cells.get(m.start).kind = START
    m.cells.get(m.finish).kind = FINISH
}

fn (m: ref Maze) add_neighbor(c: int, y: int, x: int) {
    let k = m.cells.get(c).nb_count
    m.cells.get(c).nb[k] = m.at(y, x)
    m.cells.get(c).nb_count = k + 1
}

// Links each inner cell to its 4 neighbours, shuffled; the outer ring
// becomes Border.
fn (m: ref Maze) update_neighbors() {
    for y in 0..m.h {
        for x in 0..m.w {
            let c = m.at(y, x)
            m.cells.get(c).nb_count = 0
            if x > 0 && y > 0 && x < m.w - 1 && y < m.h - 1 {
                m.add_neighbor(c, y - 1, x)
                m.add_neighbor(c, y + 1, x)
                m.add_neighbor(c, y, x + 1)
                m.add_neighbor(c, y, x - 1)
                for _ in 0..4 {
                    let i = next_int(4)
                    let j = next_int(4)
                    if i != j {
                        let t = m.cells.get(c).nb[i]
                        m.cells.get(c).nb[i] = m.cells.get(c).nb[j]
                        m.cells.get(c).nb[j] = t
                    }
                }
            } else {
                m.cells.get(c).kind = BORDER
            }
        }
    }
}

// How many of cell c's neighbours are walkable (Space, Start, Finish).
// Walkability is written out wherever a loop tests it, not a function: a
// loop with no call in it has its lifetime checks (the library pool's
// slots, a search's slices) tested once before it.
inline fn (m: ref Maze) walkable_count(c: int) -> int {
    var n = 0
    for i in 0..m.cells.get(c).nb_count {
        let k = m.cells.get(m.cells.get(c).nb[i]).kind
        if k == SPACE || k == START || k == FINISH {
            n += 1
        }
    }
    return n
}

// Pushes cell c's Wall neighbours on the stack.
inline fn (m: ref Maze) push_walls(c: int) {
    for i in 0..m.cells.get(c).nb_count {
        let n = m.cells.get(c).nb[i]
        if m.cells.get(n).kind == WALL {
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
        m.cells.get(c).kind = SPACE
        m.push_walls(c)
    }
}

fn (m: ref Maze) ensure_open_finish(from: int) {
    m.stack.clear()
    m.stack.push(from)
    while m.stack.len > 0 {
        let c = m.stack.pop()
        m.cells.get(c).kind = SPACE
        if m.walkable_count(c) > 1 {
            continue
        }
        m.push_walls(c)
    }
}

fn (m: ref Maze) generate() {
    for i in 0..m.cells.get(m.start).nb_count {
        let n = m.cells.get(m.start).nb[i]
        if m.cells.get(n).kind == WALL {
            m.dig(n)
        }
    }
    for i in 0..m.cells.get(m.finish).nb_count {
        let n = m.cells.get(m.finish).nb[i]
        if m.cells.get(n).kind == WALL {
            m.ensure_open_finish(n)
        }
    }
}

const INT_MAX: i32 = 2147483647

// A heap entry: a cell index (y * w + x) and its f = g + heuristic.
struct Entry {
    priority: i32
    vertex: i32
}

struct Astar {
    maze: Maze
    came_from: []i32 // per cell index: the index it was reached from
    g_score: []i32
    best: []i32   // per cell index: the lowest f pushed so far
    heap: []Entry // a binary min-heap on priority
    path: []int   // the last path's cells (slots), start first
    result: u32
}

fn (s: ref Astar) prepare(w: int, h: int) {
    s.maze.create(max(w, 5), max(h, 5))
    s.maze.update_neighbors()
    s.maze.generate()
    let size = s.maze.w * s.maze.h
    s.came_from = make([]i32, size)
    s.g_score = make([]i32, size)
    s.best = make([]i32, size)
}

// Sets every element of xs to v.
fn fill(xs: []i32, v: i32) {
    for i in 0..xs.len {
        xs[i] = v
    }
}

// The Manhattan distance between cells a and b.
inline fn (s: ref Astar) heuristic(a: int, b: int) -> i32 {
    return abs(s.maze.cells.get(a).x - s.maze.cells.get(b).x) + abs(s.maze.cells.get(a).y - s.maze.cells.get(b).y)
}

// Cell c's index, y * w + x.
inline fn (s: ref Astar) idx(c: int) -> int {
    return s.maze.cells.get(c).y as int * s.maze.w + s.maze.cells.get(c).x as int
}

// Pushes vertex with priority unless that is not below its best so far.
// (The heap's header is read into a local once it has its new entry: the
// sift's reads and writes then need no reload of it.)
fn (s: ref Astar) push(vertex: int, priority: i32) {
    if priority >= s.best[vertex] {
        return
    }
    s.best[vertex] = priority
    s.heap.push(Entry{})
    let heap = s.heap
    var i = heap.len - 1
    while i > 0 {
        let parent = (i - 1) / 2
        if heap[parent].priority <= priority {
            break
        }
        heap[i] = heap[parent]
        i = parent
    }
    heap[i] = Entry{priority: priority, vertex: vertex as i32}
}

// Removes and returns the entry of least priority. As the original, the
// sift compares the children with the entry still at the hole, then puts
// the last entry there.
fn (s: ref Astar) pop() -> Entry {
    let min = s.heap[0]
    let last = s.heap.pop()
    let heap = s.heap
    let size = heap.len
    if size > 0 {
        var i = 0
        while true {
            let left = 2 * i + 1
            let right = 2 * i + 2
            var smallest = i
            if left < size && heap[left].priority < heap[smallest].priority {
                smallest = left
            }
            if right < size && heap[right].priority < heap[smallest].priority {
                smallest = right
            }
            if smallest == i {
                break
            }
            heap[i] = heap[smallest]
            i = smallest
        }
        heap[i] = last
    }
    return min
}

// The path ending at cell index `last`, rebuilt from came_from, start
// first.
fn (s: ref Astar) rebuild(last: int) {
    let w = s.maze.w
    var cur = last
    while cur != -1 {
        s.path.push(s.maze.at(cur / w, cur % w))
        cur = s.came_from[cur] as int
    }
    var i = 0
    var j = s.path.len - 1
    while i < j {
        let t = s.path[i]
        s.path[i] = s.path[j]
        s.path[j] = t
        i += 1
        j -= 1
    }
}

// Sets `path` to a shortest path from start to target (empty when there
// is none). A popped cell's neighbours are relaxed first and their heap
// entries pushed after, in the same order (a push reads and writes only
// `best` and the heap, which the relaxing does not touch): with no call
// in the neighbour loop, its lifetime checks are tested once before it.
fn (s: ref Astar) astar(start: int, target: int) {
    s.path.clear()
    if start == target {
        s.path.push(start)
        return
    }
    let w = s.maze.w
    let came_from = s.came_from
    let g_score = s.g_score
    fill(came_from, -1)
    fill(g_score, INT_MAX)
    fill(s.best, INT_MAX)
    s.heap.clear()
    let tx = s.maze.cells.get(target).x
    let ty = s.maze.cells.get(target).y
    let start_idx = s.idx(start)
    let target_idx = s.idx(target)
    g_score[start_idx] = 0
    s.push(start_idx, s.heuristic(start, target))
    var pending: [4]Entry // the relaxed neighbours' entries, to push
    while s.heap.len > 0 {
        let cur = s.pop().vertex as int
        if cur == target_idx {
            s.rebuild(cur)
            return
        }
        let c = s.maze.at(cur / w, cur % w)
        let g = g_score[cur]
        var np = 0
        for i in 0..s.maze.cells.get(c).nb_count {
            let n = s.maze.cells.get(c).nb[i]
            let k = s.maze.cells.get(n).kind
            if !(k == SPACE || k == START || k == FINISH) {
                continue
            }
            let nx = s.maze.cells.get(n).x
            let ny = s.maze.cells.get(n).y
            let ni = ny as int * w + nx as int // idx(n)
            let tentative = g + 1
            if tentative < g_score[ni] {
                came_from[ni] = cur as i32
                g_score[ni] = tentative
                // heuristic(n, target), written out
                pending[np] = Entry{priority: tentative + abs(nx - tx) + abs(ny - ty), vertex: ni as i32}
                np += 1
            }
        }
        for j in 0..np {
            s.push(pending[j].vertex as int, pending[j].priority)
        }
    }
}

fn (s: ref Astar) run(_: int) {
    s.astar(s.maze.start, s.maze.finish)
    s.result += s.path.len as u32
}

// The result plus x * y of the last path's middle cell.
fn (s: ref Astar) checksum() -> u32 {
    if s.path.len == 0 {
        return s.result
    }
    let c = s.path[s.path.len / 2]
    return s.result + (s.maze.cells.get(c).x * s.maze.cells.get(c).y) as u32
}

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: maze_astar w h iterations expected_checksum")
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
    var s = Astar{}
    rng_reset()
    s.prepare(w, h)
    for i in 0..max(1, iterations * 2 / 10) { s.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { s.run(i) }
    let t1 = clock_ns()
    return report(s.checksum(), expected, t1 - t0)
}
