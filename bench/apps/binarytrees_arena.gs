// langarena: Binarytrees::Arena depth iterations
//
// Each run builds the tree node(0, depth) — node(item, d) has the children
// node(item - 2^(d-1), d-1) and node(item + 2^(d-1), d-1) when d > 0 —
// adds the sum over its nodes of item + 1 to the checksum (u32), and frees
// it. The nodes live in one arena, a slice made per run with room for 1024
// nodes and grown by `push` (which doubles its storage when full, resizing
// it in place or moving it, as the C twin's realloc does); children are
// linked by index. One file: no pool.
// Usage: binarytrees_arena depth iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Binarytrees::Arena: OK in <s>s` or `Binarytrees::Arena:
//   ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "Binarytrees::Arena"

// LangArena's RNG (unused by this benchmark; every port has it).
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

// A tree node, 12 bytes as upstream's (int32_t fields); left and right
// are indices into the arena, -1 for none.
struct Node {
    item: i32
    left: i32
    right: i32
}

// The arena: nodes[0:nodes.len] are in use; its capacity starts at 1024
// and doubles when it is full (push).
var nodes: []Node
var depth: int = 0
var result: u32 = 0

// The index of a new node.
fn add(n: Node) -> int {
    nodes.push(n)
    return nodes.len - 1
}

// The index of a new node(item, d).
fn build(item: int, d: int) -> int {
    let i = add(Node{item: item as i32, left: -1, right: -1})
    if d > 0 {
        let half = 1 << (d - 1)
        let l = build(item - half, d - 1)
        let r = build(item + half, d - 1)
        nodes[i].left = l as i32
        nodes[i].right = r as i32
    }
    return i
}

// The sum of item + 1 over the tree at i.
fn check(i: int) -> u32 {
    let n = nodes[i]
    var s = (n.item + 1) as u32
    if n.left >= 0 {
        s += check(n.left as int) + check(n.right as int)
    }
    return s
}

fn prepare() {}

// A new arena per run, freed at the end of the run.
fn run(_: int) {
    nodes = make([]Node, 0, 1024)
    let root = build(0, depth)
    result += check(root)
    delete(nodes)
    nodes = make([]Node, 0)
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: binarytrees_arena depth iterations expected_checksum")
        return 2
    }
    depth = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
