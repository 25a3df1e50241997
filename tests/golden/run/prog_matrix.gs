// Fixed-array matrices: multiplication, transpose, identity, powers (values copied).
const N: int = 4

struct Mat { m: [N][N]int }

fn mul(a: Mat, b: Mat) -> Mat {
    var c = Mat{}
    for i in 0..N {
        for j in 0..N {
            var s = 0
            for k in 0..N { s += a.m[i][k] * b.m[k][j] }
            c.m[i][j] = s
        }
    }
    return c
}

fn identity() -> Mat {
    var r: Mat
    for i in 0..N { r.m[i][i] = 1 }
    return r
}

fn transpose(a: Mat) -> Mat {
    var t = a
    for i in 0..N {
        for j in 0..N { t.m[i][j] = a.m[j][i] }
    }
    return t
}

fn pow(a: Mat, e: int) -> Mat {
    var r = identity()
    var base = a
    var k = e
    while k > 0 {
        if k % 2 == 1 { r = mul(r, base) }
        base = mul(base, base)
        k /= 2
    }
    return r
}

fn show(a: Mat) {
    for row in a.m {
        for j, v in row {
            if j > 0 { print(" ") }
            print(v)
        }
        println()
    }
}

fn main() {
    var a: Mat
    for i in 0..N {
        for j in 0..N { a.m[i][j] = i * N + j }
    }
    show(mul(a, identity()))
    show(transpose(a))
    show(mul(a, transpose(a)))
    var f: Mat
    f.m[0][0] = 1
    f.m[0][1] = 1
    f.m[1][0] = 1
    let p = pow(f, 50)
    println(p.m[0][1])
    println(a.m[3][3], a.m[0][3])
}
