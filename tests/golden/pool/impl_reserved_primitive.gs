// Library primitives (__ names) are reserved for standard library modules.
fn main() {
    var xs: []int
    __grow_stable(xs)
    __fail("x")
}
