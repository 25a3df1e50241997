// A deferred statement is emitted once, however many exits its block has:
// the rest of the block runs in a region (a for (;;) that ends with break),
// each exit records where it goes in defer_next (a return its value in
// defer_ret, evaluated before the deferred code runs) and leaves the
// region; after the deferred code, a dispatch goes on to the destination.
var closed: int = 0

fn close(n: int) { closed += n }

fn find(xs: []int, want: int) -> int {
    defer close(1)
    if xs.len == 0 { return -1 }
    for i, x in xs {
        if x < 0 { break }
        if x == 0 { continue }
        if x == want { return i }
    }
    if want > 100 { return -2 }
    return -3
}

fn main() {
    var xs: []int
    xs.push(3)
    xs.push(0)
    xs.push(7)
    println(find(xs, 7))
    println(find(xs, 5))
    println(find(xs, 500))
    var empty: []int
    println(find(empty, 1))
    println(closed)
}
