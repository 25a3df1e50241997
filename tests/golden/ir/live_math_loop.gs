// A loop whose body calls math.exp (a libm primitive of numbers alone,
// which touches no Goose memory) still keeps the slice it walks: the
// liveness tests of ws and of each inner slice's parent are made once
// before the outer loop, as in a loop without the call.
import "math"

var ws: [][]f64

fn sum_sigmoids() -> f64 {
    var total = 0.0
    for i in 0..ws.len {
        var a = 0.0
        for w in ws[i] {
            a += w
        }
        total += 1.0 / (1.0 + math.exp(-a))
    }
    return total
}

fn main() {
    ws = make([][]f64, 3)
    for i in 0..3 {
        ws[i] = make([]f64, 2)
        ws[i][0] = i as f64
        ws[i][1] = 0.5
    }
    println(fmt_f64(sum_sigmoids(), 6))
}
