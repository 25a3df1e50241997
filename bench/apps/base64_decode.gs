// langarena: Base64::Decode size iterations
//
// `prepare` encodes `size` bytes of 'a' (`encoding.base64_encode`) and
// decodes them once (for the checksum line); each run decodes the text
// again with `encoding.base64_decode` and adds the decoded length to the
// total (u32). The checksum is LangArena's string hash of
// "decode <encoded preview> to <decoded preview>: <total>". Upstream
// decodes with libbase64 into a buffer it mallocs and frees each run;
// here the module returns a new slice, deleted each run (a decode error
// would stop the program: the text is the module's own). The encoded text
// is made once in `prepare`: one file, no pool, no RNG.
// Usage: base64_decode size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Base64::Decode: OK in <s>s` or `Base64::Decode: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "encoding"

const NAME: string = "Base64::Decode"

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

// LangArena's checksum of a string: djb2 (h = h * 33 + byte from 5381).
fn checksum_string(s: string) -> u32 {
    var h: u32 = 5381
    for c in s { h = (h << 5) + h + c as u32 }
    return h
}

// Upstream's preview of a text in the checksum line: its first four
// bytes and "..." when it is longer than four, else all of it.
fn preview(s: string) -> string {
    if s.len > 4 { return s[0:4] + "..." }
    return s + ""
}

var size: int = 0
var encoded: string
var decoded: []u8
var total: u32 = 0

// The decoded bytes of the module's own encoding (an error is a bug).
fn decode(s: string) -> []u8 {
    let (d, err) = encoding.base64_decode(s)
    if err != none { panic(err.unwrap().msg) }
    return d
}

fn prepare() {
    var input = make([]u8, size)
    for i in 0..size { input[i] = 'a' }
    encoded = encoding.base64_encode(input)
    decoded = decode(encoded)
    delete(input)
}

fn run(_: int) {
    let d = decode(encoded)
    total += d.len as u32
    delete(d)
}

fn checksum() -> u32 {
    let text = from_bytes(decoded)
    let line = format("decode {} to {}: {}", preview(encoded), preview(text), total)
    let h = checksum_string(line)
    delete(line)
    delete(text)
    return h
}

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: base64_decode size iterations expected_checksum")
        return 2
    }
    size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
