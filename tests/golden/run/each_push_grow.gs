// for x in xs over a slice whose header the body may change (a push that
// grows it moves the storage and gives the old back): the loop runs the
// length at loop start times (as Go's range) and reads each element
// through xs as it is now, checked, never from the storage given back.
// Run with GOOSE_HEAP=system to see garbage if it did.
var gq: []int

fn gpush(v: int) { gq.push(v) }

struct Bag { items: []int, tag: int }

fn (b: ref Bag) add(v: int) { b.items.push(v) }

fn walk(r: ref []int) -> int { // through a ref parameter
    var s = 0
    for x in r {
        s += x
        r.push(x + 100)
    }
    return s
}

fn main() {
    // the BFS-queue idiom: Go's range sees the one element there at the start
    var queue = make([]int, 0)
    queue.push(1)
    var sum = 0
    for v in queue {
        sum += v
        if v < 50 {
            queue.push(v * 2)
            queue.push(v * 2 + 1)
        }
    }
    println("queue", sum, queue.len)

    // fifty pushes per iteration: many moves of the storage
    var xs = make([]int, 0)
    xs.push(1)
    xs.push(2)
    xs.push(3)
    var s1 = 0
    for x in xs {
        s1 += x
        for _k in 0..50 { xs.push(1000) }
    }
    println("push50", s1, xs.len)

    // with the index
    var ys = make([]int, 0)
    ys.push(5)
    ys.push(6)
    for i, y in ys {
        for _k in 0..40 { ys.push(i * 100 + y) }
        println("idx", i, y)
    }
    println("ys", ys.len, ys[2], ys[42])

    // a global slice pushed by a called function
    gq.push(7)
    gq.push(8)
    var s2 = 0
    for g in gq {
        s2 += g
        for k in 0..20 { gpush(k) }
    }
    println("global", s2, gq.len)

    // a field slice pushed through a ref receiver method
    var bag = Bag{}
    bag.add(1)
    bag.add(2)
    var s3 = 0
    for b in bag.items {
        s3 += b
        bag.tag += 1
        for k in 0..20 { bag.add(k) }
    }
    println("field", s3, bag.items.len, bag.tag)

    // a ref parameter
    var zs = make([]int, 0)
    zs.push(1)
    zs.push(2)
    zs.push(3)
    println("ref", walk(zs), zs.len, zs[5])

    // an element of a slice of slices: its index is evaluated once
    var rows = make([][]int, 0)
    for i in 0..3 {
        var r = make([]int, 0)
        r.push(i)
        r.push(i + 10)
        rows.push(r)
    }
    var j = 1
    var s4 = 0
    for x in rows[j] {
        s4 += x
        j = 0
        rows[1].push(99)
        for _k in 0..20 { rows.push(make([]int, 1)) }
    }
    println("element", s4, rows[1].len, rows.len)

    // a closure that pushes to the slice it captured
    var cs = make([]int, 0)
    cs.push(1)
    cs.push(2)
    let add = fn(v: int) { cs.push(v) }
    var s5 = 0
    for c in cs {
        s5 += c
        for k in 0..30 { add(k) }
    }
    println("closure", s5, cs.len)

    // a write to a later element is seen, as before
    var ws = make([]int, 0)
    ws.push(1)
    ws.push(2)
    ws.push(3)
    for i, w in ws {
        if i == 0 {
            ws[2] = 30
            ws.push(4)
        }
        print(w, "")
    }
    println()

    // a loop that only reads
    var s6 = 0
    for x in xs { s6 += x }
    println("read", s6)

    // nested over the same slice, the inner one pushing
    var ns = make([]int, 0)
    ns.push(1)
    ns.push(2)
    ns.push(3)
    var s7 = 0
    for a in ns {
        for b in ns {
            s7 += a * b
            ns.push(0)
        }
    }
    println("nested", s7, ns.len)

    // a pop then a push: the length never drops below the index
    var ps = make([]int, 0)
    ps.push(1)
    ps.push(2)
    ps.push(3)
    var s8 = 0
    for p in ps {
        s8 += p
        let _ = ps.pop()
        ps.push(p * 10)
    }
    println("pop-push", s8, ps[2])
}
