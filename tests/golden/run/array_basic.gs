// Fixed arrays are values: assignment, parameters and returns copy them.
struct Holder { vals: [3]int, name: string }

fn bump(a: [3]int) -> [3]int {
    var b = a
    b[0] += 100
    return b
}

fn sum(a: [4]i32) -> i32 {
    var s: i32 = 0
    for x in a { s += x }
    return s
}

fn main() {
    let a = [1, 2, 3]
    var b = a
    b[0] = 9
    println(a[0], b[0], a.len)
    let c = bump(a)
    println(a[0], c[0], c[2])
    var z = [0; 64]
    println(z.len, z[63])
    z[63] = 5
    let z2 = z
    z[63] = 6
    println(z2[63], z[63])
    var d: [4]i32
    d[1] = 7
    d[3] = -2
    println(sum(d), d[0])
    var grid: [3][2]int
    grid[2][1] = 8
    var g2 = grid
    g2[2][1] = 9
    println(grid[2][1], g2[2][1], grid.len, grid[0].len)
    var h = Holder{vals: [4, 5, 6], name: "h"}
    var h2 = h
    h2.vals[1] = 50
    println(h.vals[1], h2.vals[1])
    let rep = [7_u8; 3]
    println(rep[0], rep[1], rep[2])
    let strs = ["a", "b"]
    println(strs[0] + strs[1])
    var idx: u8 = 2
    println(a[idx], a[idx - 1])
    let nested = [[1, 2, 3], [4, 5, 6]]
    var t = 0
    for row in nested {
        for v in row { t = t * 10 + v }
    }
    println(t)
}
