// langarena: Json::ParseDom coords iterations
//
// `prepare` makes the text as Json::Generate does (a json.Value tree of
// `coords` objects from LangArena's RNG, written by `json.to_string`).
// Each run reads it into a DOM of its own, finds "coordinates" (the first
// member of that name, as yyjson_obj_get), sums the members x, y and z of
// every object in it that has all three as numbers, and adds LangArena's
// f64 checksum ("%.7f", then the string hash) of the three averages to
// the total (u32); then frees the DOM.
// The library-pool variant of json_parse_dom: json.parse's tree is heap
// slices and strings and cannot live in a pool, so the module's streaming
// `json.Reader` (the same tokenizer and checks) feeds a builder that puts
// every node in a `pool.slot_pool[Node]`, each string's bytes in a
// `pool.slice_pool[u8]` span and each container's children (an object's
// as key, value, key, value ...) in a `pool.slice_pool[int]` span of node
// indices, copied from one reused stack when the container closes (so
// every span has its final size). Upstream's yyjson also keeps its whole
// document in one allocator; here the nodes and spans are freed each run
// and reused by the next.
// Usage: json_parse_dom_library coords iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Json::ParseDom: OK in <s>s` or `Json::ParseDom: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "json"
import "math"
import "pool"

const NAME: string = "Json::ParseDom"

// LangArena's RNG: next_int(max) = (last * max) / 139968 and
// next_float(max) = max * last / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_float(max: f64) -> f64 {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return max * rng_last as f64 / 139968.0
}

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

var coords: int = 0
var text: string
var result: u32 = 0

fn round8(v: f64) -> f64 { return math.round(v * 1e8) / 1e8 }

// LangArena's checksum of a string: djb2 (h = h * 33 + byte from 5381).
fn checksum_string(s: string) -> u32 {
    var h: u32 = 5381
    for c in s { h = (h << 5) + h + c as u32 }
    return h
}

// LangArena's checksum of an f64: the string hash of its "%.7f" text.
fn checksum_f64(v: f64) -> u32 {
    let s = format("{:.7}", v)
    let h = checksum_string(s)
    delete(s)
    return h
}

// One coordinate object; its name is the only string it owns.
fn make_coord() -> json.Value {
    let x = round8(next_float(1.0))
    let y = round8(next_float(1.0))
    let z = round8(next_float(1.0))
    let f = next_float(1.0)
    let k = next_int(10000)
    let name = format("{:.7} {}", f, k)
    let one = json.Value.Arr([]json.Value{json.Value.Num(1.0), json.Value.Bool(true)})
    let opts = json.Value.Obj([]string{"1"}, []json.Value{one})
    return json.Value.Obj([]string{"x", "y", "z", "name", "opts"},
        []json.Value{json.Value.Num(x), json.Value.Num(y), json.Value.Num(z),
            json.Value.Str(name), opts})
}

fn make_doc(n: int) -> json.Value {
    var items = make([]json.Value, 0, 0)
    for _ in 0..n { items.push(make_coord()) }
    return json.Value.Obj([]string{"coordinates", "info"},
        []json.Value{json.Value.Arr(items), json.Value.Str("some info")})
}

// Frees what make_doc made: every slice and each name (not the literals).
fn free_doc(v: json.Value) {
    match v {
        Str(_) => {}
        Arr(items) => {
            for x in items { free_doc(x) }
            delete(items)
        }
        Obj(keys, vals) => {
            for i, x in vals {
                match x {
                    Str(s) => if keys[i] == "name" { delete(s) }
                    _ => free_doc(x)
                }
            }
            delete(keys)
            delete(vals)
        }
        _ => {}
    }
}

// The text of a document of n coordinates (a new string).
fn generate(n: int) -> string {
    let doc = make_doc(n)
    let s = json.to_string(doc)
    free_doc(doc)
    return s
}

fn prepare() {
    text = generate(coords)
}

// The DOM: one slot per value. Str (keys too) holds its bytes in s; Arr
// its elements and Obj its keys and values, alternating, in kids.
enum Kind { Null, Bool, Num, Str, Arr, Obj }

struct Node {
    kind: Kind
    b: bool
    n: f64
    s: []u8
    kids: []int
}

var nodes = pool.slot_pool[Node]{}
var text_bytes = pool.slice_pool[u8]{}
var kid_spans = pool.slice_pool[int]{}
// While building: the children read so far of every open container, and
// each open container's node and where its children start in `pending`.
var pending: []int
var open_nodes: []int
var open_marks: []int

// A new Str node holding a copy of s's bytes.
fn new_str(s: string) -> int {
    var b = text_bytes.alloc_slice(s.len)
    for i in 0..s.len { b[i] = s[i] }
    return nodes.alloc(Node{kind: Kind.Str, s: b})
}

// Closes the innermost open container: its children move from
// `pending` into a span of their own. Its node index.
fn close_container() -> int {
    let i = open_nodes.pop()
    let mark = open_marks.pop()
    nodes.get(i).kids = kid_spans.alloc_copy(pending[mark:pending.len])
    while pending.len > mark { pending.pop() }
    return i
}

// The DOM of s (its root's index), -1 when s is no valid JSON (whatever
// was built is freed).
fn build(s: string) -> int {
    var r = json.new_reader(s)
    defer r.free()
    var root = -1
    while true {
        let (t, err) = r.next()
        if err != none { break }
        var done = -1
        match t {
            End => break
            BeginArr => {
                open_nodes.push(nodes.alloc(Node{kind: Kind.Arr}))
                open_marks.push(pending.len)
            }
            BeginObj => {
                open_nodes.push(nodes.alloc(Node{kind: Kind.Obj}))
                open_marks.push(pending.len)
            }
            EndArr | EndObj => done = close_container()
            Key(k) => done = new_str(k)
            Str(v) => done = new_str(v)
            Num(n) => done = nodes.alloc(Node{kind: Kind.Num, n: n})
            Bool(b) => done = nodes.alloc(Node{kind: Kind.Bool, b: b})
            Null => done = nodes.alloc(Node{kind: Kind.Null})
        }
        if done >= 0 {
            if open_nodes.len == 0 { root = done } else { pending.push(done) }
        }
    }
    if open_nodes.len > 0 {
        // A bad text: close what is open so that all of it is freed.
        while open_nodes.len > 0 {
            let i = close_container()
            if open_nodes.len == 0 { root = i } else { pending.push(i) }
        }
        free_node(root)
        return -1
    }
    return root
}

// Gives node i and everything under it back to the pools.
fn free_node(i: int) {
    let v = nodes.get(i)
    for k in v.kids { free_node(k) }
    kid_spans.free(v.kids)
    text_bytes.free(v.s)
    nodes.free(i)
}

inline fn bytes_eq(b: []u8, s: string) -> bool {
    if b.len != s.len { return false }
    for i in 0..b.len {
        if b[i] != s[i] { return false }
    }
    return true
}

// The node of the first member named key of object node i, -1 when i is
// no object or has no such member.
fn obj_get(i: int, key: string) -> int {
    let v = nodes.get(i)
    if v.kind != Kind.Obj { return -1 }
    var j = 0
    while j + 1 < v.kids.len {
        if bytes_eq(nodes.get(v.kids[j]).s, key) { return v.kids[j + 1] }
        j += 2
    }
    return -1
}

// Node i is a number.
inline fn is_num(i: int) -> bool {
    return i >= 0 && nodes.get(i).kind == Kind.Num
}

fn run(_: int) {
    let root = build(text)
    if root < 0 { return }
    defer free_node(root)
    let coordinates = obj_get(root, "coordinates")
    if coordinates < 0 || nodes.get(coordinates).kind != Kind.Arr { return }
    var x_sum = 0.0
    var y_sum = 0.0
    var z_sum = 0.0
    var len = 0
    let items = nodes.get(coordinates).kids
    for c in items {
        let x = obj_get(c, "x")
        let y = obj_get(c, "y")
        let z = obj_get(c, "z")
        if is_num(x) && is_num(y) && is_num(z) {
            x_sum += nodes.get(x).n
            y_sum += nodes.get(y).n
            z_sum += nodes.get(z).n
            len += 1
        }
    }
    if len > 0 {
        let n = len as f64
        result += checksum_f64(x_sum / n) + checksum_f64(y_sum / n) + checksum_f64(z_sum / n)
    }
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: json_parse_dom_library coords iterations expected_checksum")
        return 2
    }
    coords = arg_int(a, 0)
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
