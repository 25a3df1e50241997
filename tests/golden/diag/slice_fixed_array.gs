// Fixed arrays are values: they cannot be sliced; strings cannot be written.
fn main() {
    let a = [1, 2, 3]
    let s = a[0:2]
    var t = "abc"
    t[0] = 65
    let u = t[1:]
    let n = 5
    let m = n[0]
}
