// expect runtime error: tests/golden/rterr/fold_site.gs:10:12: runtime error: index 5 out of range for length 3
// At -O2 at__u8 folds into at__i64 (their C is the same, cemit_fold.c) and
// its site record goes: the failing call of at[u8] reports through the
// kept function's record, which names the same line, column and message.
fn at[T](xs: []int, i: int) -> int {
    if i < 0 {
        return 0
    }
    println("at", i)
    return xs[i] * 2
}

fn main() {
    let xs = []int{5, 6, 7}
    println(at[i64](xs, 1))
    println(at[u8](xs, 5))
}
