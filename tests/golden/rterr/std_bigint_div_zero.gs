// expect runtime error: tests/golden/rterr/std_bigint_div_zero.gs:10:13: runtime error: bigint division by zero
// bigint division by zero is a runtime error at the user's call, as
// integer / is.
import "bigint"

fn main() {
    let a = bigint.from_int(7)
    let zero = bigint.Int{}
    println("before")
    let q = a.div(zero)
    println("not reached", q.to_string(10))
}
