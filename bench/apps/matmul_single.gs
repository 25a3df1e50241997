// langarena: Matmul::Single n iterations
//
// Dense matrix product on one thread: `prepare` makes two n x n matrices
// a and b (a[i][j] = (i - j)(i + j) / n^2); each run transposes b, forms
// c = a b row by row (each element the dot product of a row of a and a
// row of b^T, summed in k order), and adds the djb2 hash of c's centre
// element printed with 7 decimals to the checksum (u32). A matrix is a
// slice of row slices, as upstream's double**: b^T and c are made in the
// run and deleted at its end (row by row, then the outer slice). No pool,
// no RNG. matmul_t4/t8/t16 are the same product split over threads.
// Usage: matmul_single n iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Matmul::Single: OK in <s>s` or
//   `Matmul::Single: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "Matmul::Single"

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

// x y, a new matrix.
fn matmul(x: [][]f64, y: [][]f64) -> [][]f64 {
    let yt = transpose(y)
    let c = make([][]f64, x.len)
    for i in 0..x.len {
        let ci = make([]f64, x.len)
        let xi = x[i]
        for j in 0..x.len {
            ci[j] = dot(xi, yt[j])
        }
        c[i] = ci
    }
    free_matrix(yt)
    return c
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
        eprintln("usage: matmul_single n iterations expected_checksum")
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
