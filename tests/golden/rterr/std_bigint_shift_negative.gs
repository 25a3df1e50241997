// expect runtime error: tests/golden/rterr/std_bigint_shift_negative.gs:8:14: runtime error: bigint shift by a negative count -3
// A negative shift count is a runtime error, as a shift of an int by a
// count outside 0..63 is.
import "bigint"

fn main() {
    let a = bigint.from_int(1)
    let _b = a.shl(-3)
}
