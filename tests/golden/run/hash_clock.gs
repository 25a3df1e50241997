// hash(x) -> u64 is a fixed function: equal inputs give equal hashes
// (only such properties are tested). clock_ns() is monotonic.
fn main() {
    let h: u64 = hash(12345)
    println(h == hash(12345), hash(7) == hash(3 + 4))
    let s = "hello"
    println(hash(s) == hash("hel" + "lo"), hash(s[1:3]) == hash("el"))
    let b: u8 = 9
    println(hash(b) == hash(b), hash("") == hash(""[0:0]))
    var distinct = 0
    for i in 0..100 {
        if hash(i) != hash(i + 1) { distinct += 1 }
    }
    println(distinct > 90)
    let t0 = clock_ns()
    var x = 0
    for i in 0..10000 { x += i }
    let t1 = clock_ns()
    println(t1 >= t0, x)
    var prev = clock_ns()
    var ok = true
    for _i in 0..100 {
        let now = clock_ns()
        if now < prev { ok = false }
        prev = now
    }
    println(ok)
}
