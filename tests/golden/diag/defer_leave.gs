// A deferred statement may not return, break or continue out of itself;
// a loop wholly inside it may break and continue.
fn f() -> int {
    defer return 1
    defer {
        while true { break }
        for i in 0..3 { if i == 1 { continue } }
    }
    while true {
        defer break
        defer { continue }
        defer {
            if true { break }
        }
    }
    let c = fn() -> int {
        defer println("ok")
        return 2
    }
    return c()
}
fn main() {
    defer undefined_name()
    defer let x = 1
    println(x)
}
