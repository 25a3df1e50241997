// Constants are folded at compile time.
var v: int = 3
const A: int = 10 / 0
const B: int = v + 1
const C: u8 = 256
const D: i32 = 1 << 40
const E: []int = make([]int, 1)
const F: int = G
const G: int = F
fn main() {
    var arr: [v]int
}
