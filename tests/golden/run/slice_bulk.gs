// copy_into(dst, src) (equal lengths), move_from(dst, src) (storage may
// overlap), defaults(xs) (zero every element), on slices.
fn show(xs: []int) {
    for i, x in xs {
        if i > 0 { print(" ") }
        print(x)
    }
    println()
}

fn main() {
    var a = make([]int, 5)
    for i in 0..5 { a[i] = i + 1 }
    var b = make([]int, 5)
    copy_into(b, a)
    a[0] = 100
    show(a)
    show(b)
    copy_into(b[0:2], a[3:5])
    show(b)

    // overlapping moves, both directions
    var m = make([]int, 6)
    for i in 0..6 { m[i] = i }
    move_from(m[1:6], m[0:5])
    show(m)
    for i in 0..6 { m[i] = i }
    move_from(m[0:5], m[1:6])
    show(m)
    move_from(m[2:4], m[2:4])
    show(m)

    defaults(m)
    show(m)
    var strs = make([]string, 2)
    strs[0] = "x"
    strs[1] = "y"
    defaults(strs[1:2])
    println(strs[0], strs[1].len)

    var e1: []int
    var e2: []int
    copy_into(e1, e2)
    move_from(e1, e2)
    defaults(e1)
    println("empty ok")
}
