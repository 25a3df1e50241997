// The start of a view xs[lo:hi]: an empty slice or string may have no
// storage (ptr NULL) and NULL + 0 is undefined in C, so a start that may
// be 0 is added only when it is not, `(lo != 0 ? xs.ptr + lo : xs.ptr)`
// (clang -O2 folds the test away); a constant 0 start adds nothing and a
// constant start > 0 is added as is (the slice check proved len > 0).
fn tail(xs: []int, lo: int) -> []int { return xs[lo:] }

fn head(xs: []int, hi: int) -> []int { return xs[:hi] }

fn mid(xs: []int) -> []int { return xs[1:xs.len] }

fn stail(s: string, lo: int) -> string { return s[lo:] }

fn main() {
    var z: []int
    println(tail(z, 0).len, head(z, 0).len, stail("ab", 2).len, stail("", 0).len)
    z.push(1)
    z.push(2)
    println(mid(z)[0], tail(z, 1)[0], head(z, 1)[0], stail("ab", 1))
}
