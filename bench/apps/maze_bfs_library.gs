// langarena: Maze::BFS w h iterations
//
// The maze of Maze::Generator (a w x h grid of cells, each side at least
// 5, neighbours linked and shuffled, then dug once) is built in `prepare`.
// Each run finds a shortest path from Start to Finish breadth first: a
// queue of path nodes (a cell and its parent node), a visited flag per
// cell, neighbours in their shuffled order; the first node with Finish as
// a neighbour ends the search, and the path is rebuilt from the parents.
// The checksum adds the path's length (cells, both ends included; 0 when
// there is none) of every run to x * y of the last path's middle cell.
//
// Memory: each cell is a slot of a slot pool (the original allocates one
// object per cell), allocated row-major in prepare and never freed;
// neighbours are slot indices, and the slot of (y, x) is y * w + x. The
// search's flags, queue, path nodes and path are plain slices kept
// between runs (the original allocates them for each search). The two
// variants differ in the cost of reaching a slot (r[i] against p.get(i)).
// Variant: library pools (`pool.slot_pool`); the _builtin file
// is the same program on the builtin `reusable` pools.
// Usage: maze_bfs_library w h iterations expected_checksum
//   Prints `Maze::BFS: OK in <s>s` or
//   `Maze::BFS: ERR[actual=<a>, expected=<e>]` (exit status 1).
import "pool"

const NAME: string = "Maze::BFS"

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

// A search node: a cell and the node it was reached from (-1: none).
struct PathNode {
    cell: int
    parent: i32
}

struct Bfs {
    maze: Maze
    visited: []bool // per cell, at y * w + x
    queue: []i32    // node indices
    nodes: []PathNode
    path: []int // the last path's cells (slots), start first
    result: u32
}

fn (s: ref Bfs) prepare(w: int, h: int) {
    s.maze.create(max(w, 5), max(h, 5))
    s.maze.update_neighbors()
    s.maze.generate()
    let size = s.maze.w * s.maze.h
    s.visited = make([]bool, size)
    s.queue = make([]i32, size)
    s.nodes = make([]PathNode, size)
}

// The path to target: the nodes from `last` back to the start, then
// target, start first.
fn (s: ref Bfs) rebuild(last: int, target: int) {
    s.path.push(target)
    var cur = last
    while cur >= 0 {
        s.path.push(s.nodes[cur].cell)
        cur = s.nodes[cur].parent as int
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
// is none). As in the original, the queue and the nodes have room for
// every cell (each is queued at most once), so the search writes them by
// index; the node with target as a neighbour ends both loops, and the
// path is rebuilt after them.
fn (s: ref Bfs) bfs(start: int, target: int) {
    s.path.clear()
    if start == target {
        s.path.push(start)
        return
    }
    let w = s.maze.w
    let visited = s.visited
    let queue = s.queue
    let nodes = s.nodes
    defaults(visited)
    visited[s.maze.cells.get(start).y as int * w + s.maze.cells.get(start).x as int] = true
    nodes[0] = PathNode{cell: start, parent: -1}
    var count = 1
    queue[0] = 0
    var head = 0
    var tail = 1
    var found = -1 // the node with target as a neighbour
    while head < tail && found < 0 {
        let id = queue[head]
        head += 1
        let c = nodes[id].cell
        for i in 0..s.maze.cells.get(c).nb_count {
            let n = s.maze.cells.get(c).nb[i]
            if n == target {
                found = id as int
                break
            }
            let v = s.maze.cells.get(n).y as int * w + s.maze.cells.get(n).x as int
            let k = s.maze.cells.get(n).kind
            if (k == SPACE || k == START || k == FINISH) && !visited[v] {
                visited[v] = true
                nodes[count] = PathNode{cell: n, parent: id}
                queue[tail] = count as i32
                count += 1
                tail += 1
            }
        }
    }
    if found >= 0 {
        s.rebuild(found, target)
    }
}

fn (s: ref Bfs) run(_: int) {
    s.bfs(s.maze.start, s.maze.finish)
    s.result += s.path.len as u32
}

// The result plus x * y of the last path's middle cell.
fn (s: ref Bfs) checksum() -> u32 {
    if s.path.len == 0 {
        return s.result
    }
    let c = s.path[s.path.len / 2]
    return s.result + (s.maze.cells.get(c).x * s.maze.cells.get(c).y) as u32
}

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: maze_bfs w h iterations expected_checksum")
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
    var s = Bfs{}
    rng_reset()
    s.prepare(w, h)
    for i in 0..max(1, iterations * 2 / 10) { s.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { s.run(i) }
    let t1 = clock_ns()
    return report(s.checksum(), expected, t1 - t0)
}
