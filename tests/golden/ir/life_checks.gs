// Lifetime checks of headers (pass_live.c) and the ones proven
// unnecessary: sum's loop gives nothing back and keeps xs, so its check
// reads a test made once before the loop (LIVE_TEST, CHECK_LIVE flag);
// fill's loop pushes onto a []int, which may move any []int, so the
// check on xs stays in the loop; but the []string it also reads cannot be
// moved by that push, so names' check is made once, and so is out's (a
// push leaves its own slice live); twice reads xs twice
// with nothing between that may free: one check.
fn sum(xs: []int) -> int {
    var s = 0
    for i in 0..xs.len {
        s += xs[i]
    }
    return s
}

fn fill(xs: ref []int, names: []string, out: ref []int) -> int {
    var n = 0
    for i in 0..xs.len {
        out.push(xs[i])
        n += names[0].len
    }
    return n
}

fn twice(xs: []int) -> int {
    return xs[0] + xs[1]
}

fn main() {
    var xs = []int{1, 2, 3}
    var out = make([]int, 0)
    println(sum(xs), fill(xs, []string{"ab"}, out), out.len, twice(xs))
}
