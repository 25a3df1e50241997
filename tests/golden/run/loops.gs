// while, for ranges (bound evaluated once, empty when lo >= hi), break and
// continue (innermost loop), nested loops, `_` loop variables.
fn main() {
    var i = 0
    while i < 3 {
        print(i, "")
        i += 1
    }
    println()
    for j in 0..5 {
        if j == 1 { continue }
        if j == 4 { break }
        print(j, "")
    }
    println()
    var n = 3
    for j in 0..n {
        n = 100
        print(j, "")
    }
    println(n)
    for j in 5..2 { println("never", j) }
    for j in 3..3 { println("never", j) }
    let lo = -2
    for j in lo..1 { print(j, "") }
    println()
    var pairs = 0
    for a in 0..5 {
        for b in 0..5 {
            if b > a { break }
            if (a + b) % 2 == 1 { continue }
            pairs += 1
        }
    }
    println(pairs)
    var count = 0
    for _ in 0..4 { count += 1 }
    println(count)
    var w = 0
    while true {
        w += 1
        if w < 5 { continue }
        break
    }
    println(w)
    var found = -1
    for a in 1..10 {
        var b = 1
        while b < 10 {
            if a * b == 42 {
                found = a * 10 + b
                break
            }
            b += 1
        }
        if found >= 0 { break }
    }
    println(found)
    var k: u8 = 250
    var steps = 0
    while k != 4 {
        k += 1
        steps += 1
    }
    println(steps)
    var total = 0
    for j in 0..3 {
        total += j
    }
    println(total)
}
