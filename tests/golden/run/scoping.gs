// Scopes: an inner block may shadow; names are visible after their
// declaration to the end of their block; a local may shadow a global.
// The shadowing is what this test is about: no warnings about it.
// goose-flags: -Wno-shadow
var x: int = 100

fn show_global() { println(x) }

fn main() {
    println(x)
    let x = 1
    println(x)
    show_global()
    {
        let x = "inner"
        println(x)
        {
            let x = 2.5
            println(x)
        }
        println(x)
    }
    println(x)
    if x == 1 {
        let x = x + 10
        println(x)
    }
    for x in 0..2 {
        println(x)
    }
    var y = 5
    {
        y = 6
        var y = 7
        y += 1
        println(y)
    }
    println(y, x)
    var k = 0
    while k < 2 {
        let k2 = k
        k += 1
        let k = k2 * 10
        println(k)
    }
}
