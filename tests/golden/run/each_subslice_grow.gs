// for x in xs[i:j] where the body may change xs: the loop runs j - i
// times (the bounds evaluated and checked once, as Go's range) and reads
// element i + k through xs as it is now, checked, never from storage a
// growing push gave back. Run with GOOSE_HEAP=system to see garbage if it
// did.
struct Bag { items: []int }

fn (b: ref Bag) add(v: int) { b.items.push(v) }

fn main() {
    var xs: []int
    for i in 0..4 { xs.push(i) }
    var n = 0
    for x in xs[1:] {
        xs.push(x * 10)
        n += x
    }
    println("tail", n, xs.len)

    for i, x in xs[2:5] {
        if i == 0 { for k in 0..100 { xs.push(k) } }
        print(i, x, "")
    }
    println()

    // bounds of any integer type, evaluated once
    var lo: u8 = 3
    var hi: i32 = 6
    var seen = 0
    for x in xs[lo:hi] {
        xs.push(x)
        lo = 0
        hi = 200
        seen += 1
    }
    println("bounds", seen, xs.len)

    // through a field, the body growing it by a method
    var b = Bag{}
    b.add(7)
    b.add(8)
    b.add(9)
    var s = 0
    for v in b.items[:2] {
        s += v
        for k in 0..40 { b.add(k) }
    }
    println("field", s, b.items.len)

    // a body that cannot change xs keeps the plain loop
    var t = 0
    for x in xs[:3] { t += x }
    println("plain", t)
}
