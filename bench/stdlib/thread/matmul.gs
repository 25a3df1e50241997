// matmul.gs — bench/stdlib/thread/run.py: C = A * B for n x n f64
// matrices (flat slices), reps times. args: n threads reps. threads 0:
// on the calling thread, no thread.parallel; else thread.parallel(threads)
// with body t computing rows [t*n/threads, (t+1)*n/threads). The entries
// are small integers, so every sum is exact (the same in any order, with
// or without fused multiply-add) and matmul.c prints the same checksum.
import "thread"

// Rows lo..hi of c = a * b (i-k-j order: the inner loop runs along rows).
fn mul_rows(a: []f64, b: []f64, c: []f64, n: int, lo: int, hi: int) {
    for i in lo..hi {
        let row = c[i * n:(i + 1) * n]
        for j in 0..n {
            row[j] = 0.0
        }
        for k in 0..n {
            let x = a[i * n + k]
            let bk = b[k * n:(k + 1) * n]
            for j in 0..n {
                row[j] += x * bk[j]
            }
        }
    }
}

fn main() {
    let args = args()
    let n = parse_int(args[0]).unwrap()
    let threads = parse_int(args[1]).unwrap()
    let reps = parse_int(args[2]).unwrap()
    let a = make([]f64, n * n)
    let b = make([]f64, n * n)
    let c = make([]f64, n * n)
    for i in 0..n {
        for j in 0..n {
            a[i * n + j] = ((i * 7 + j * 3) % 11 - 5) as f64
            b[i * n + j] = ((i * 5 + j * 2) % 13 - 6) as f64
        }
    }
    for _r in 0..reps {
        if threads == 0 {
            mul_rows(a, b, c, n, 0, n)
        } else {
            thread.parallel(threads, fn(t: int) {
                mul_rows(a, b, c, n, t * n / threads, (t + 1) * n / threads)
            })
        }
    }
    var sum: u64 = 0
    for i in 0..n * n {
        sum = sum * 31 + (c[i] as i64) as u64
    }
    println("checksum", sum, "pairs", reps * n * n * n)
}
