// expect runtime error: tests/golden/rterr/match_unwrap_arm.gs:10:21: runtime error: unwrap of none
// A runtime error inside an arm reports the arm's own line.
fn main() {
    let o: ?int = none
    let n = 2
    match n {
        1 => println("one")
        2 => {
            println("two")
            println(o.unwrap())
        }
        _ => {}
    }
}
