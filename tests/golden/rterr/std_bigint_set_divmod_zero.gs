// expect runtime error: tests/golden/rterr/std_bigint_set_divmod_zero.gs:8:5: runtime error: bigint division by zero
// bigint set_divmod by zero stops at the call, the receivers untouched.
import "bigint"

fn main() {
    var q = bigint.from_int(1)
    var r = bigint.from_int(2)
    q.set_divmod(r, bigint.from_int(10), bigint.from_int(0))
}
