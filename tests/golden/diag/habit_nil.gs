// Go's nil is none in Goose: an unknown name nil says so. (A variable
// named nil is an ordinary name: run/habit_names.gs.)
fn find(xs: []int, v: int) -> ?int {
    for i, x in xs {
        if x == v {
            return i
        }
    }
    return nil
}

fn main() {
    var xs: []int
    let r = find(xs, 3)
    if r == nil {
        println("absent")
    }
}
