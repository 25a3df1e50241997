// Slice literals: elements take the element type (literals must fit), an
// element literal without a type takes the element type, closures are refused.
struct Point { x: int, y: int }
fn main() {
    let a = []u8{1, 300}
    let b = []int{{1}}
    let c = []Point{{z: 1}}
    let d = []fn(int) -> int{fn(x: int) -> int { return x }}
    let e = []int{1, "s"}
    let f = []ref int{}
    let h = []Point{{1, 2}}
}
