// langarena: Matmul::T8 n iterations
//
// Dense matrix product on 8 threads: `prepare` makes two n x n matrices
// a and b (a[i][j] = (i - j)(i + j) / n^2); each run transposes b, forms
// c = a b row by row (each element the dot product of a row of a and a
// row of b^T, summed in k order), and adds the djb2 hash of c's centre
// element printed with 7 decimals to the checksum (u32). The rows of c
// are split into 8 blocks of ceil(n / 8) rows (the last block takes the
// rest; a block may be empty), one `thread.parallel` call per run, one
// thread per block, each writing its own rows of c. A matrix is a slice
// of row slices, as upstream's double**: b^T and c (all its rows made
// before the threads start) are made in the run and deleted at its end.
// No pool, no RNG. matmul_single is the same product on one thread.
// Usage: matmul_t8 n iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Matmul::T8: OK in <s>s` or
//   `Matmul::T8: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "thread"

const NAME: string = "Matmul::T8"
const THREADS: int = 8

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

// LangArena's checksum of an f64: djb2 of its "%.7f" text.
fn checksum_f64(v: f64) -> u32 {
    let s = fmt_f64(v, 7)
    var h: u32 = 5381
    for i in 0..s.len {
        h = (h << 5) + h + s[i] as u32
    }
    delete(s)
    return h
}

var n: int = 0
var a: [][]f64
var b: [][]f64
var result: u32 = 0

// The n x n matrix (i - j)(i + j) / n^2, in upstream's operation order.
fn matgen(n: int) -> [][]f64 {
    let tmp = 1.0 / n as f64 / n as f64
    let m = make([][]f64, n)
    for i in 0..n {
        m[i] = make([]f64, n)
        for j in 0..n {
            m[i][j] = tmp * (i - j) as f64 * (i + j) as f64
        }
    }
    return m
}

fn free_matrix(m: [][]f64) {
    for row in m {
        delete(row)
    }
    delete(m)
}

// m^T, a new matrix.
fn transpose(m: [][]f64) -> [][]f64 {
    let t = make([][]f64, m.len)
    for j in 0..m.len {
        let tj = make([]f64, m.len)
        for i in 0..m.len {
            tj[i] = m[i][j]
        }
        t[j] = tj
    }
    return t
}

// The dot product of two rows of equal length, summed in index order.
inline fn dot(x: []f64, y: []f64) -> f64 {
    assert x.len == y.len
    var s = 0.0
    for k in 0..x.len {
        s += x[k] * y[k]
    }
    return s
}

// x y, a new matrix: the rows of c in THREADS blocks, each on its own
// thread (upstream's split: ceil(n / THREADS) rows a block, the last one
// up to n).
fn matmul(x: [][]f64, y: [][]f64) -> [][]f64 {
    let n = x.len
    let yt = transpose(y)
    let c = make([][]f64, n)
    for i in 0..n {
        c[i] = make([]f64, n)
    }
    let rows = (n + THREADS - 1) / THREADS
    thread.parallel(THREADS, fn(t: int) {
        let start = t * rows
        var end = start + rows
        if end > n || t == THREADS - 1 {
            end = n
        }
        multiply_rows(x, yt, c, start, end)
    })
    free_matrix(yt)
    return c
}

// Rows start..end of c = x y, from yt = y^T.
fn multiply_rows(x: [][]f64, yt: [][]f64, c: [][]f64, start: int, end: int) {
    for i in start..end {
        let xi = x[i]
        let ci = c[i]
        for j in 0..yt.len {
            ci[j] = dot(xi, yt[j])
        }
    }
}

fn prepare() {
    a = matgen(n)
    b = matgen(n)
}

fn run(_: int) {
    let c = matmul(a, b)
    let centre = c[n >> 1][n >> 1]
    free_matrix(c)
    result += checksum_f64(centre)
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let args = args()
    if args.len != 3 {
        eprintln("usage: matmul_t8 n iterations expected_checksum")
        return 2
    }
    n = arg_int(args, 0)
    let iterations = arg_int(args, 1)
    let expected = arg_int(args, 2)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
