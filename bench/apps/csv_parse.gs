// langarena: CSV::Parse rows iterations
//
// `prepare` writes `rows` CSV lines of six fields from LangArena's RNG
// (quoted fields with "" and a literal backslash-n in them, an empty
// field, three numbers with ten decimals: x, z, y in that order); each run
// splits the text at its newlines, splits each line (shorter than 512
// bytes, as upstream's line buffer) at the commas outside quotes, reads
// fields 1, 3 and 5 as x, z, y into a slice of points, and adds
// LangArena's f64 checksum ("%.7f", then the string hash) of the three
// averages to the total (u32). Upstream copies each line and each field
// into stack buffers for strtod; here they are views of the text
// (`parse_f64` reads a view). The text is one string made in `prepare`;
// the points one plain slice per run, as upstream mallocs them: one file,
// no pool.
// Usage: csv_parse rows iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `CSV::Parse: OK in <s>s` or `CSV::Parse: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "strings"

const NAME: string = "CSV::Parse"

// LangArena's RNG: next_float(max) = max * last / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_float(max: f64) -> f64 {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return max * rng_last as f64 / 139968.0
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

struct Point { x: f64, y: f64, z: f64 }

var rows: int = 0
var csv: string
var result: u32 = 0

fn prepare() {
    var b = strings.Builder{}
    for i in 0..rows {
        let c = 'A' + (i % 26) as u8
        let x = next_float(1.0)
        let z = next_float(1.0)
        let y = next_float(1.0)
        var flag = "false"
        if i % 2 == 0 { flag = "true" }
        format_into(b, "\"point {:c}\\n, \"\"{}\"\"\",{:.10},,{:.10},\"[{}\\n, {}]\",{:.10}\n",
            c, i % 100, x, z, flag, i % 100, y)
    }
    csv = b.to_string()
    b.free()
}

// Fields 1, 3 and 5 of a line (x, z, y) read as numbers into p; false
// when the line has fewer than six fields. A comma inside quotes splits
// nothing; a quote toggles quoting, so "" inside a quoted field is two
// toggles. The sixth field runs to the end of the line.
fn parse_line(line: string, p: ref Point) -> bool {
    var starts: [6]int
    var ends: [6]int
    var n = 0
    var start = 0
    var in_quotes = false
    var i = 0
    while i < line.len && n < 6 {
        let c = line[i]
        if c == '"' {
            in_quotes = !in_quotes
        } else if c == ',' && !in_quotes {
            starts[n] = start
            ends[n] = i
            n += 1
            start = i + 1
        }
        i += 1
    }
    if n < 6 && start < line.len {
        starts[n] = start
        ends[n] = line.len
        n += 1
    }
    if n < 6 { return false }
    p.x = field_f64(line[starts[1]:ends[1]])
    p.z = field_f64(line[starts[3]:ends[3]])
    p.y = field_f64(line[starts[5]:ends[5]])
    return true
}

// A field as strtod reads it here: its number (every field this program
// writes is one), 0 otherwise.
inline fn field_f64(s: string) -> f64 {
    return parse_f64(s).or(0.0)
}

fn run(_: int) {
    var points = make([]Point, rows)
    var count = 0
    var s = 0
    while s < csv.len && count < rows {
        var e = strings.index_byte(csv[s:], '\n')
        if e < 0 { e = csv.len } else { e += s }
        if e - s < 512 {
            if parse_line(csv[s:e], points[count]) { count += 1 }
        }
        s = e + 1
    }
    if count > 0 {
        var x_sum = 0.0
        var y_sum = 0.0
        var z_sum = 0.0
        for i in 0..count {
            x_sum += points[i].x
            y_sum += points[i].y
            z_sum += points[i].z
        }
        let len = count as f64
        result += checksum_f64(x_sum / len) + checksum_f64(y_sum / len) + checksum_f64(z_sum / len)
    }
    delete(points)
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: csv_parse rows iterations expected_checksum")
        return 2
    }
    rows = arg_int(a, 0)
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
