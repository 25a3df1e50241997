// mandel.gs — draws the Mandelbrot set in ASCII with nothing but f64 arithmetic.

const WIDTH: int = 72
const HEIGHT: int = 28
const MAX_ITER: int = 500

// How many steps z -> z*z + c takes to leave the circle of radius 2
// (MAX_ITER when it never does: c is then taken to be in the set).
fn escape_time(cr: f64, ci: f64) -> int {
    var zr = 0.0
    var zi = 0.0
    var n = 0
    while n < MAX_ITER {
        let zr2 = zr * zr
        let zi2 = zi * zi
        if zr2 + zi2 > 4.0 {
            return n
        }
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
        n += 1
    }
    return MAX_ITER
}

fn main() {
    let shades = " .,:;-=+*#%"
    let inside = '@'
    var line = make([]u8, WIDTH)
    var in_set = 0
    for row in 0..HEIGHT {
        let ci = 1.2 - 2.4 * (row as f64) / ((HEIGHT - 1) as f64)
        for col in 0..WIDTH {
            let cr = -2.2 + 2.8 * (col as f64) / ((WIDTH - 1) as f64)
            let n = escape_time(cr, ci)
            if n == MAX_ITER {
                line[col] = inside
                in_set += 1
            } else {
                line[col] = shades[min(n / 2, shades.len - 1)]
            }
        }
        let text = from_bytes(line)
        println(text)
        delete(text)
    }
    delete(line)
    let share = 100.0 * (in_set as f64) / ((WIDTH * HEIGHT) as f64)
    println(in_set, "of", WIDTH * HEIGHT, "points are in the set, about", fmt_f64(share, 1), "percent")
}
