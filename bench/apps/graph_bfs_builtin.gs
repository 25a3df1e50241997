// langarena: Graph::BFS vertices jumps jump_len iterations
//
// `prepare` builds the graph (see build_graph); each run adds the length
// of a shortest path from 0 to vertices-1, found breadth first, to the
// checksum (u32).
// Each vertex's adjacency list is a span of a slice pool (here
// `reusable[] i32`); the search's queue, stack, heap and flags
// are plain slices. The two variants, _builtin and _library, differ only
// in the pool lines (the library's resize may grow a span in place).
// Usage: graph_bfs vertices jumps jump_len iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Graph::BFS: OK in <s>s` or `Graph::BFS: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

const NAME: string = "Graph::BFS"

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

// The graph: adj[v] is v's adjacency span, from the pool; its first
// deg[v] elements are v's neighbours in the order they were added. A full
// span grows to twice its length (4 at first).
var spans: reusable[] i32
var adj: [][]i32
var deg: []i32
var vertices: int = 0
var jumps: int = 0
var jump_len: int = 0
var result: u32 = 0

// old's elements in a new span of n (> old.len) elements: a new span, the
// elements copied, old freed (an empty old is no span).
fn grow(old: []i32, n: int) -> []i32 {
    let b = spans.alloc(n)
    copy_into(b[0:old.len], old)
    spans.free(old)
    return b
}

fn append(u: int, v: int) {
    if deg[u] as int == adj[u].len {
        adj[u] = grow(adj[u], max(4, 2 * adj[u].len))
    }
    adj[u][deg[u]] = v as i32
    deg[u] += 1
}

fn add_edge(u: int, v: int) {
    append(u, v)
    append(v, u)
}

// A chain 0 - 1 - ... - (vertices-1), then from each vertex v next_int(jumps)
// jumps to v + next_int(jump_len) - jump_len / 2 when that is another
// vertex.
fn build_graph() {
    adj = make([][]i32, vertices)
    deg = make([]i32, vertices)
    for i in 1..vertices {
        add_edge(i, i - 1)
    }
    for v in 0..vertices {
        let n = next_int(jumps)
        for _ in 0..n {
            let u = v + next_int(jump_len) - jump_len / 2
            if u >= 0 && u < vertices && u != v {
                add_edge(v, u)
            }
        }
    }
}

// A vertex and its distance from the start.
struct Step {
    v: i32
    dist: i32
}

var visited: []bool
var queue: []Step

fn prepare() {
    build_graph()
    visited = make([]bool, vertices)
}

// The length of a shortest path from start to target (breadth first), -1
// when there is none.
fn bfs(start: int, target: int) -> int {
    if start == target {
        return 0
    }
    defaults(visited)
    queue.clear()
    visited[start] = true
    queue.push(Step{v: start as i32, dist: 0})
    var head = 0
    while head < queue.len {
        let s = queue[head]
        head += 1
        let ns = adj[s.v]
        for k in 0..deg[s.v] as int {
            let n = ns[k]
            if n as int == target {
                return s.dist as int + 1
            }
            if !visited[n] {
                visited[n] = true
                queue.push(Step{v: n, dist: s.dist + 1})
            }
        }
    }
    return -1
}

fn run(_: int) {
    result += bfs(0, vertices - 1) as u32
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 5 {
        eprintln("usage: graph_bfs vertices jumps jump_len iterations expected_checksum")
        return 2
    }
    vertices = arg_int(a, 0)
    jumps = arg_int(a, 1)
    jump_len = arg_int(a, 2)
    let iterations = arg_int(a, 3)
    let expected = arg_int(a, 4)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
