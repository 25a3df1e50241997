// -O2 folds functions whose C is the same into the first (cemit_fold.c):
// count[T] never spells T in C, so count__u8 folds into count__i64, its
// recursive call included; outer__u8 calls count__u8, so it folds in the
// next round; at__u8's check reports at the same place as at__i64's, so it
// folds too, and its site record goes with it. Kept apart: zero[T]'s
// instances (T spelled), first_a and first_b (their checks are on other
// lines), outer__i32 (used as a value: its thunk's address is a value),
// and name_a and name_b, whose strings spell names of functions that fold
// together (a string is text, not a name: neither is read nor rewritten).

fn count[T](n: int) -> int {
    if n <= 0 {
        return 0
    }
    return count[T](n - 1) + 1
}

fn outer[T](n: int) -> int {
    return count[T](n) * 2
}

fn at[T](xs: []int, i: int) -> int {
    return xs[i] + 1
}

fn zero[T]() -> T {
    var z: T
    return z
}

fn first_a(xs: []int) -> int {
    return xs[0] * 3
}

fn first_b(xs: []int) -> int {
    return xs[0] * 3
}

fn name_a() -> string {
    return "gs_main_count__i64"
}

fn name_b() -> string {
    return "gs_main_count__u8"
}

fn main() {
    println(count[i64](3), count[u8](4))
    println(outer[i64](1), outer[u8](2))
    let xs = []int{5, 6, 7}
    println(at[i64](xs, 1), at[u8](xs, 2))
    println(zero[i64](), zero[u8]())
    println(first_a(xs), first_b(xs))
    let f = outer[i32]
    println(f(3))
    println(name_a(), name_b(), "gs_main_count__u8")
}
