// expect runtime error: tests/golden/rterr/unwrap_none.gs:9:13: runtime error: unwrap of none
fn find(x: int) -> ?int {
    if x > 0 { return x }
    return none
}

fn main() {
    let o = find(0)
    println(o.unwrap())
}
