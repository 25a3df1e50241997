// langarena: Json::ParseMapping coords iterations
//
// `prepare` makes the text as Json::Generate does (a json.Value tree of
// `coords` objects from LangArena's RNG, written by `json.to_string`).
// Each run decodes it into a slice of Coord structs (x, y, z) with the
// streaming `json.Reader`, as LangArena's Go decodes into a struct with
// encoding/json: members other than "coordinates", and x, y, z, are
// skipped (`r.skip`) and no tree is built. It then adds LangArena's f64
// checksum ("%.7f", then the string hash) of the three averages to the
// total (u32). Upstream's C reads the text into a yyjson document and
// walks it (as json_parse_dom does); the result is the same. The slice of
// coordinates is a plain slice made and freed each run: one file, no pool.
// Usage: json_parse_mapping coords iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Json::ParseMapping: OK in <s>s` or `Json::ParseMapping: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "json"
import "math"

const NAME: string = "Json::ParseMapping"

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

struct Coord { x: f64, y: f64, z: f64 }

// The next token; a reader error or a token of the wrong kind ends the
// decode (false), as encoding/json's Unmarshal stops at a type mismatch.
fn read_num(r: ref json.Reader, v: ref f64) -> bool {
    let (t, err) = r.next()
    match t {
        Num(n) => v = n
        _ => return false
    }
    return err == none
}

// Reads the token that opens an object (want_obj) or an array.
fn read_open(r: ref json.Reader, want_obj: bool) -> bool {
    let (t, err) = r.next()
    if err != none { return false }
    match t {
        BeginObj => return want_obj
        BeginArr => return !want_obj
        _ => return false
    }
}

// Reads the token that closes the object or array being read.
fn read_close(r: ref json.Reader) -> bool {
    let (_, err) = r.next()
    return err == none
}

// One coordinate object into c: x, y and z; every other member skipped.
fn read_coord(r: ref json.Reader, c: ref Coord) -> bool {
    if !read_open(r, true) { return false }
    while r.more() {
        let (k, err) = r.next()
        if err != none { return false }
        var ok = false
        match k {
            Key(name) => {
                if name == "x" {
                    ok = read_num(r, c.x)
                } else if name == "y" {
                    ok = read_num(r, c.y)
                } else if name == "z" {
                    ok = read_num(r, c.z)
                } else {
                    ok = r.skip() == none
                }
            }
            _ => {}
        }
        if !ok { return false }
    }
    return read_close(r)
}

// The array of coordinate objects into out.
fn read_coords(r: ref json.Reader, out: ref []Coord) -> bool {
    if !read_open(r, false) { return false }
    while r.more() {
        out.push(Coord{})
        if !read_coord(r, out[out.len - 1]) { return false }
    }
    return read_close(r)
}

// The document's member "coordinates" mapped into Coord structs (out),
// every other member skipped; false when the text does not fit.
fn decode(s: string, out: ref []Coord) -> bool {
    var r = json.new_reader(s)
    defer r.free()
    if !read_open(r, true) { return false }
    while r.more() {
        let (k, err) = r.next()
        if err != none { return false }
        var ok = false
        match k {
            Key(name) => {
                if name == "coordinates" {
                    ok = read_coords(r, out)
                } else {
                    ok = r.skip() == none
                }
            }
            _ => {}
        }
        if !ok { return false }
    }
    return read_close(r)
}

fn run(_: int) {
    var cs: []Coord
    defer delete(cs)
    if !decode(text, cs) { return }
    var x_sum = 0.0
    var y_sum = 0.0
    var z_sum = 0.0
    for c in cs {
        x_sum += c.x
        y_sum += c.y
        z_sum += c.z
    }
    if cs.len > 0 {
        let n = cs.len as f64
        result += checksum_f64(x_sum / n) + checksum_f64(y_sum / n) + checksum_f64(z_sum / n)
    }
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: json_parse_mapping coords iterations expected_checksum")
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
