// Twin of ir/licm_globals.gs: loops that change a global they read (a
// call two levels down, a method through a reference, a call through a fn
// value, a push onto it) see every new value; a loop that only reads it
// next to writes of other globals sees the same values as before.
var data: []int
var log: []int
var total: int = 0

fn set_all(v: int) {
    for k in 0..data.len {
        data[k] = v
    }
}

fn replace(n: int) {
    data = make([]int, n)
    set_all(n)
}

fn outer(n: int) {
    log.push(n)
    replace(n)
}

struct Box {
    xs: []int
}

fn (b: ref Box) grow() {
    b.xs.push(b.xs.len)
}

var box = Box{}

fn bump() {
    data.push(7)
}

fn main() {
    data = make([]int, 1)
    var seen = 0
    for i in 0..4 {
        seen = seen * 10 + data.len + data[0]
        outer(i + 1)
    }
    println(seen, log.len)
    for _i in 0..3 {
        box.grow()
        total += box.xs.len
    }
    println(total)
    let f = bump
    var lens = 0
    for _i in 0..3 {
        f()
        lens = lens * 10 + data.len
    }
    println(lens)
    var n = 0
    while data.len < 12 {
        data.push(n)
        n += 1
    }
    println(n, data.len, data[data.len - 1])
    var sum = 0
    for k in 0..data.len {
        log.push(k)
        total += 1
        sum += data[k]
    }
    println(sum, log.len, total)
}
