// langarena: Sort::Self size iterations
//
// `prepare` draws `size` values (i32, as upstream's int32_t) with
// next_int(1000000). Each run copies them into a new slice, sorts it with
// the standard library's sort.sort (a stable bottom-up merge sort), then
// adds data[next_int(size)] + sorted[next_int(size)] to the checksum (u32)
// and deletes the copy. Plain slices only: one file, no pool.
// Usage: sort_self size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Sort::Self: OK in <s>s` or `Sort::Self: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "sort"

const NAME: string = "Sort::Self"

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

var size: int = 0
var data: []i32
var result: u32 = 0

fn prepare() {
    data = make([]i32, size)
    for i in 0..size {
        data[i] = next_int(1000000) as i32
    }
}

fn run(_: int) {
    var sorted = make([]i32, data.len)
    copy_into(sorted, data)
    sort.sort(sorted)
    let a = next_int(size)
    let b = next_int(size)
    result += data[a] as u32 + sorted[b] as u32
    delete(sorted)
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: sort_self size iterations expected_checksum")
        return 2
    }
    size = arg_int(a, 0)
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
