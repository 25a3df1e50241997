// langarena: Json::ParseDom coords iterations
//
// `prepare` makes the text as Json::Generate does (a json.Value tree of
// `coords` objects from LangArena's RNG, written by `json.to_string`).
// Each run parses it whole with `json.parse` into a `json.Value` tree,
// finds "coordinates" (the first member of that name, as yyjson_obj_get),
// sums the members x, y and z of every object in it that has all three
// as numbers, and adds LangArena's f64 checksum ("%.7f", then the string
// hash) of the three averages to the total (u32); then `json.free`.
// Upstream parses with yyjson into one document block; the module's tree
// is heap slices and strings made and freed each run, so this port has no
// pool; json_parse_dom_library is the same run over a DOM of its own in
// the library pools.
// Usage: json_parse_dom coords iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Json::ParseDom: OK in <s>s` or `Json::ParseDom: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "json"
import "math"

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

// The value of the first member named key of an object, none when v is
// no object or has no such member.
fn obj_get(v: json.Value, key: string) -> ?json.Value {
    match v {
        Obj(keys, vals) => {
            for i, k in keys {
                if k == key { return vals[i] }
            }
        }
        _ => {}
    }
    return none
}

// The number v holds, none when it holds something else.
inline fn num(v: ?json.Value) -> ?f64 {
    match v {
        some(x) => match x { Num(n) => return n, _ => {} }
        none => {}
    }
    return none
}

fn run(_: int) {
    let (doc, err) = json.parse(text)
    if err != none { return }
    defer json.free(doc)
    var x_sum = 0.0
    var y_sum = 0.0
    var z_sum = 0.0
    var len = 0
    match obj_get(doc, "coordinates") {
        some(coordinates) => match coordinates {
            Arr(items) => {
                for c in items {
                    let x = num(obj_get(c, "x"))
                    let y = num(obj_get(c, "y"))
                    let z = num(obj_get(c, "z"))
                    if x != none && y != none && z != none {
                        x_sum += x.unwrap()
                        y_sum += y.unwrap()
                        z_sum += z.unwrap()
                        len += 1
                    }
                }
            }
            _ => return
        }
        none => return
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
        eprintln("usage: json_parse_dom coords iterations expected_checksum")
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
