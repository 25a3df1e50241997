// expect runtime error: tests/golden/rterr/div_zero.gs:5:13: runtime error: integer division by zero
fn main() {
    let a = 10
    var b = 0
    let c = a / b
    println(c)
}
