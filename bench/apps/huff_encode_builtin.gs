// langarena: Compress::HuffEncode size iterations
//
// Huffman coding of `size` bytes of "ABRACADABRA" repeated. Each run
// counts the byte frequencies, builds the Huffman tree (a leaf per byte
// that occurs, sorted by frequency; then, while more than one node is
// left, the first two are joined under a new node that takes the first
// place, and the list is sorted again), derives each byte's code (left 0,
// right 1) and packs the codes of the input into bytes, most significant
// bit first. The checksum adds the encoded length in bytes of every run
// (u32).
//
// Memory: every tree node is a slot of a pool (here `reusable Node`),
// linked to its children by slot index, allocated as the tree is built and
// freed children first at the end of the run, so each run reuses the slots
// of the last. The working list of nodes is a slice kept between runs; the
// encoded bytes of a run are a slice, freed by the next run. Each run sorts
// the list with sort.sort_by (stable, where the C's qsort need not be: ties
// may join in another order, which changes some codes but not their total
// length, the checksum).
// Variant: builtin pools (`reusable T`); the _library file is the same
// program on pool.slot_pool.
// Usage: huff_encode_builtin size iterations expected_checksum
//   Prints `Compress::HuffEncode: OK in <s>s` or
//   `Compress::HuffEncode: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "sort"

const NAME: string = "Compress::HuffEncode"
const NIL: int = -1 // no node

// LangArena's RNG (unused by this benchmark; every port has it).
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

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

// A tree node; left and right are slot indices, NIL for none.
struct Node {
    frequency: i32
    byte_val: u8
    is_leaf: bool
    left: int
    right: int
}

// Each byte's code (its low `lengths[b]` bits), from the tree.
struct Codes {
    lengths: [256]i32
    codes: [256]i32
}

// Packed codes: `bit_count` bits in data, and the frequencies they came from.
struct Encoded {
    data: []u8
    bit_count: i32
    frequencies: [256]i32
}

var nodes: reusable Node
var order: []int // the nodes not yet joined

// "ABRACADABRA" repeated to size bytes.
fn test_data(size: int) -> []u8 {
    let src = "ABRACADABRA"
    var d = make([]u8, size)
    for i in 0..size {
        d[i] = src[i % src.len]
    }
    return d
}

fn by_frequency(a: int, b: int) -> bool {
    return nodes[a].frequency < nodes[b].frequency
}

// A new leaf for byte b.
fn leaf(frequency: i32, b: u8) -> int {
    let n = Node{frequency: frequency, byte_val: b, is_leaf: true, left: NIL, right: NIL}
    return nodes.alloc(n)
}

// The root of the Huffman tree of freq, NIL when no byte occurs. A single
// byte gets a root with a zero-frequency leaf as its right child.
fn build_tree(freq: ref [256]i32) -> int {
    order.clear()
    for i in 0..256 {
        if freq[i] > 0 {
            order.push(leaf(freq[i], i as u8))
        }
    }
    if order.len == 0 {
        return NIL
    }
    if order.len == 1 {
        let only = order[0]
        let root = nodes.alloc(Node{frequency: nodes[only].frequency, left: only, right: NIL})
        let right = leaf(0, 0)
        nodes[root].right = right
        return root
    }
    sort.sort_by(order, by_frequency)
    while order.len > 1 {
        let l = order[0]
        let r = order[1]
        let f = nodes[l].frequency + nodes[r].frequency
        order[0] = nodes.alloc(Node{frequency: f, left: l, right: r})
        move_from(order[1:order.len - 1], order[2:order.len])
        order.pop()
        sort.sort_by(order, by_frequency)
    }
    return order[0]
}

// The codes of the leaves under node, whose code is `code` (length bits).
fn build_codes(node: int, code: i32, length: i32, c: ref Codes) {
    let n: Node = nodes[node]
    if n.is_leaf {
        c.lengths[n.byte_val] = length
        c.codes[n.byte_val] = code
        return
    }
    if n.left != NIL {
        build_codes(n.left, code << 1, length + 1, c)
    }
    if n.right != NIL {
        build_codes(n.right, (code << 1) | 1, length + 1, c)
    }
}

// Frees the tree at node, children first.
fn free_tree(node: int) {
    let n: Node = nodes[node]
    if !n.is_leaf {
        if n.left != NIL { free_tree(n.left) }
        if n.right != NIL { free_tree(n.right) }
    }
    nodes.free(node)
}

// input's codes packed into bytes, most significant bit first; the last
// byte is padded with zeros.
fn encode(input: []u8, c: ref Codes, freq: ref [256]i32) -> Encoded {
    var e = Encoded{frequencies: freq}
    if input.len == 0 {
        return e
    }
    e.data = make([]u8, 0, input.len * 2)
    var cur: u8 = 0
    var bit_pos = 0
    for b in input {
        let code = c.codes[b]
        let length = c.lengths[b]
        var j = length - 1
        while j >= 0 {
            if code & (1 << j) != 0 {
                cur |= (1 as u8) << (7 - bit_pos)
            }
            bit_pos += 1
            e.bit_count += 1
            if bit_pos == 8 {
                e.data.push(cur)
                cur = 0
                bit_pos = 0
            }
            j -= 1
        }
    }
    if bit_pos > 0 {
        e.data.push(cur)
    }
    return e
}

// The byte frequencies of input.
fn frequencies(input: []u8) -> [256]i32 {
    var freq: [256]i32
    for b in input {
        freq[b] += 1
    }
    return freq
}

var data: []u8
var encoded: Encoded
var result: u32 = 0

fn prepare(size: int) {
    data = test_data(size)
}

fn run(_: int) {
    delete(encoded.data)
    var freq = frequencies(data)
    let tree = build_tree(freq)
    if tree == NIL {
        return
    }
    var codes = Codes{}
    build_codes(tree, 0, 0, codes)
    encoded = encode(data, codes, freq)
    result += encoded.data.len as u32
    free_tree(tree)
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: huff_encode size iterations expected_checksum")
        return 2
    }
    let size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    if size < 0 || iterations < 0 {
        eprintln(NAME + ": size and iterations must be >= 0")
        return 2
    }
    rng_reset()
    prepare(size)
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
