// exit: 3
// defer: runs when its block is left (falling off the end, break, continue,
// return after the value is evaluated), in reverse order of the defers
// reached; the deferred statement is evaluated when it runs.
var log: string = ""
fn note(s: string) { log = log + s }

// the return value is evaluated before the defer changes x
fn ret_old() -> int {
    var x = 1
    defer x += 1
    return x
}

fn several(n: int) -> int {
    defer note("A")
    if n == 0 { return 10 }
    defer note("B") // not reached when n == 0
    if n == 1 { return 11 }
    var i = 0
    while true {
        defer note("L") // every iteration
        i += 1
        if i == n { break }
        if i % 2 == 0 { continue }
        note("o")
    }
    {
        defer note("N")
        if n == 5 { return 55 }
        note("n")
    }
    return i
}

// a deferred statement sees the variables as they are when it runs
fn late() {
    var xs: []int
    xs.push(1)
    defer println(xs.len)
    xs.push(2)
    xs.push(3)
}

var g: [4]int
fn pick(i: int) -> ref int {
    defer g[i] += 100
    return g[i]
}

fn gen[T](x: T, y: T) -> T {
    var r = x
    defer r = y
    return r
}

fn pair(n: int) -> (int, string) {
    var s = "a"
    defer s = s + "z"
    if n > 0 { return (n, s) }
    return (0, s)
}

fn main() -> int {
    defer println("main done")
    println(ret_old())
    for k in 0..6 {
        log = ""
        let r = several(k)
        println(to_string(r) + " " + log)
    }
    late()
    let r = pick(1)
    println(g[1])
    r += 5
    println(g[1])
    println(gen("first", "second"))
    let (a, b) = pair(3)
    println(to_string(a) + b)

    // closures: deferred calls through a closure, defers inside one
    var count = 0
    let bump = fn(by: int) { count += by }
    {
        defer bump(10)
        defer bump(count) // runs first, reading count then: 1
        count = 1
    }
    println(count)
    let h = fn(n: int) -> int {
        var k = n
        defer k = 0
        if n > 2 { return k * 2 }
        return k
    }
    println(h(5) + h(1))

    // nested blocks and loops; a loop inside a deferred block
    for x in [1, 2, 3, 4] {
        defer print(x)
        if x == 2 { continue }
        if x == 4 { break }
        {
            defer print("(")
            print("-")
        }
    }
    println("")
    {
        defer {
            var j = 0
            while true {
                j += 1
                if j > 2 { break }
            }
            println(j)
        }
        defer {
            defer print("inner ")
            print("outer ")
        }
        println("body")
    }
    return 3
}
