// langarena: Json::Generate coords iterations
//
// Each run builds a `json.Value` tree of `coords` objects
// {"x":..,"y":..,"z":..,"name":"<%.7f> <int>","opts":{"1":[1,true]}}
// (x, y, z from LangArena's RNG rounded to 8 decimals) in an array under
// "coordinates", plus "info", writes it with `json.to_string`, and counts
// the texts that start with `{"coordinates":` (the checksum, u32). The
// text of the last run is kept (json_parse_dom and json_parse_mapping
// parse it). As yyjson_mut_str upstream, object keys are the program's
// string literals, not copies; the name is a new string (yyjson_mut_strcpy).
// The tree's slices are plain heap slices made and freed each run
// (free_doc), as upstream's document is: one file, no pool.
// Usage: json_generate coords iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Json::Generate: OK in <s>s` or `Json::Generate: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "json"
import "math"
import "strings"

const NAME: string = "Json::Generate"

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

fn prepare() {}

fn run(_: int) {
    delete(text)
    text = generate(coords)
    if strings.has_prefix(text, "{\"coordinates\":") { result += 1 }
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: json_generate coords iterations expected_checksum")
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
