// expect runtime error: tests/golden/rterr/and_second_side.gs:7:21: runtime error: index 5 out of range for length 3
// Inside `flag && (ys[i] >= 0 && ..)`, ys[i] runs before i >= 0 and
// i < ys.len are tested: they are not known at its check (pass_facts
// learnt the second side of an `&&` at the if that opens it, before it
// ran, and deleted this check).
fn f(ys: []int, i: int, flag: bool) -> bool {
    return flag && (ys[i] >= 0 && (i >= 0 && i < ys.len))
}

fn main() {
    let v = make([]int, 3)
    println(f(v, 1, true))
    println(f(v, 5, true))
}
