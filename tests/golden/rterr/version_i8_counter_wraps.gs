// expect runtime error: tests/golden/rterr/version_i8_counter_wraps.gs:12:14: runtime error: index -126 out of range for length 200
// An i8 counter below an i8 limit wraps from 100 + 30 to -126: the versioned
// loop must still check xs[j] (the test j <= limit does not bound it below).
fn main() {
    println("before")
    var xs = make([]int, 200)
    var j: i8 = 100
    let limit: i8 = 120
    let step: i8 = 30
    var t = 0
    while j <= limit {
        t += xs[j]
        j += step
    }
    println(t)
}
