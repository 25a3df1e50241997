// thread.parallel: each body on its own thread writes its own slice
// elements and reads the caller's locals (captured by reference); the
// caller sees every write once parallel returns. n <= 0 runs nothing; a
// top-level function is a body too; bodies may start threads themselves.
import "thread"

fn square_into(i: int) {
    // a top-level function as the body: no captures
    if i < 0 {
        println("never")
    }
}

fn main() {
    let n = 8
    let per = 25_000
    let sums = make([]int, n)
    let scale = 3
    thread.parallel(n, fn(i: int) {
        var s = 0
        for k in i * per..(i + 1) * per {
            s += k * scale
        }
        sums[i] = s
    })
    var total = 0
    for i in 0..n {
        total += sums[i]
    }
    let m = n * per
    println(sums[0], sums[7])
    println(total, scale * (m * (m - 1) / 2))

    // a body assigns the caller's locals (each its own)
    var a = 0
    var b = 0
    thread.parallel(2, fn(i: int) {
        if i == 0 {
            a = 10
        } else {
            b = 20
        }
    })
    println(a + b)

    // nothing to do
    var ran = false
    thread.parallel(0, fn(i: int) { ran = true })
    thread.parallel(-3, fn(i: int) { ran = true })
    println(ran)
    thread.parallel(3, square_into)

    // nested: 3 x 4 bodies, each writes one cell
    let grid = make([]int, 12)
    thread.parallel(3, fn(r: int) {
        thread.parallel(4, fn(c: int) {
            grid[r * 4 + c] = r * 10 + c
        })
    })
    println(grid)

    // strings and slices made on threads, read by the caller
    let words = make([]string, 5)
    thread.parallel(5, fn(i: int) {
        var parts: []string
        for k in 0..i + 1 {
            parts.push(to_string(k))
        }
        var w = format("w{}:", i)
        for p in parts {
            w = w + p
        }
        words[i] = w
    })
    println(words)
    println(thread.cpus() >= 1)
}
