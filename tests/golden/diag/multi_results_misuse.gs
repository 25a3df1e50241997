// A result list is taken apart at once, dropped, or returned whole;
// nothing else may hold or pass it.
fn divmod(a: int, b: int) -> (int, int) { return (a / b, a % b) }
fn one() -> int { return (1, 2) }
fn three() -> (int, int, int) { return (1, 2) }
fn take(x: int) {}
fn bad() -> int { return divmod(1, 2) }
fn main() {
    let t = divmod(1, 2)
    take(divmod(1, 2))
    let (a, b, c) = divmod(1, 2)
    var x: (int, int)
    let y = divmod(1, 2).r0
    var s = ""
    var z = 0
    s, z = divmod(3, 4)
    let (e, f) = 5
    println(divmod(3, 3))
    let w = (1, 2)
    let (g, g) = divmod(1, 2)
    let (h, k) = divmod(1, 2)
    h, k = divmod(1, 2)
    _ = divmod(1, 2)
    var o: ?int
    var m = 0
    o, m = divmod(1, 2)
    _, _ = divmod(1, 2)
}
fn r() -> (ref int, int) { return (1, 2) }
