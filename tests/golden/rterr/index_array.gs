// expect runtime error: tests/golden/rterr/index_array.gs:7:5: runtime error: index 5 out of range for length 4
fn pick(n: int) -> int { return n + 2 }

fn main() {
    var arr = [1, 2, 3, 4]
    let i = pick(3)
    arr[i] = 9
}
