// Globals as places: ref methods and ref parameters on global structs,
// arrays and slices; globals read inside closures and generic functions.
struct Counter { n: int, hist: [4]int }

var gc: Counter
var garr: [3]int
var gxs: []int
var gname: string = "g"

fn (c: ref Counter) tick(slot: int) {
    c.n += 1
    c.hist[slot] += 1
}

fn bump(x: ref int) { x += 5 }

fn total[T](xs: []T) -> T {
    var s: T
    for x in xs { s += x }
    return s
}

fn main() {
    gc.tick(1)
    gc.tick(1)
    gc.tick(3)
    println(gc.n, gc.hist[1], gc.hist[3])
    bump(garr[2])
    bump(gc.n)
    println(garr[2], gc.n)
    gxs.push(4)
    gxs.push(6)
    bump(gxs[0])
    println(total(gxs))
    let show = fn() { println(gname, gc.n) }
    show()
    gname = gname + "2"
    gc = Counter{n: 100}
    show()
    var local = gc
    local.tick(0)
    println(gc.hist[0], local.hist[0], local.n)
}
