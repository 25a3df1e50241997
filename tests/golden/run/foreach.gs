// for-each: each element is a copy; a fixed array is copied once when the
// loop starts, a slice is a view, so writes to later slice elements are seen.
struct P { x: int }

fn main() {
    var arr = [1, 2, 3]
    for i, x in arr {
        if i == 0 { arr[2] = 30 }
        print(x, "")
    }
    println(arr[2])

    var xs = make([]int, 3)
    xs[0] = 1
    xs[1] = 2
    xs[2] = 3
    for i, x in xs {
        if i == 0 { xs[2] = 30 }
        print(x, "")
    }
    println()

    var ps = make([]P, 2)
    for p in ps {
        var q = p
        q.x = 5
    }
    println(ps[0].x, ps[1].x)

    var total = 0
    for _, x in [10, 20, 30] { total += x }
    for x in xs[1:] { total += x }
    println(total)
    var count = 0
    for _ in xs { count += 1 }
    println(count)
    let grid = [[1, 2], [3, 4]]
    for row in grid {
        for c in row { print(c) }
    }
    println()
    var strs: []string
    strs.push("a")
    strs.push("b")
    for i, s in strs { print(i, s, "") }
    println()
}
