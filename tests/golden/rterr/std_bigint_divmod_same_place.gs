// expect runtime error: tests/golden/rterr/std_bigint_divmod_same_place.gs:9:5: runtime error: bigint set_divmod with the quotient and the remainder in one place
// q.set_divmod(q, x, y) would leave one of the two results in q: a
// runtime error rather than a silent choice.
import "bigint"

fn main() {
    var q = bigint.from_int(1)
    let seven = bigint.from_int(7)
    q.set_divmod(q, seven, seven)
}
