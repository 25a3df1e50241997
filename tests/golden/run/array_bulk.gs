// copy_into, move_from and defaults on fixed arrays.
fn main() {
    var a = [1, 2, 3, 4]
    var b: [4]int
    copy_into(b, a)
    a[0] = 0
    println(b[0], b[1], b[2], b[3])
    move_from(a, b)
    println(a[0], a[3])
    defaults(a)
    println(a[0], a[1], a[2], a[3], b[0])
}
