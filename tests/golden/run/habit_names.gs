// The hints for other languages' habits (diag/habit_*.gs) never stand in
// the way of a program's own names: a variable named switch or nil, a
// function named len or switch (called as a statement too), a struct
// field named length and a method named append work as declared.
struct Rope { length: int, parts: []string }

fn (r: ref Rope) append(s: string) {
    r.parts.push(s)
    r.length += s.len
}

fn len(r: Rope) -> int {
    return r.parts.len
}

fn switch(x: int) -> int {
    return -x
}

fn toggles() -> int {
    var switch = 1
    switch = 2
    switch += 3
    return switch
}

fn main() {
    var r = Rope{}
    r.append("ab")
    r.append("cde")
    println(r.length, len(r), r.parts.len)
    var nil = 0
    nil += 2
    let v = switch(3)
    switch(4)
    switch(5)
    println(nil, v, toggles())
}
