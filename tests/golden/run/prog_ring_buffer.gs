// A generic ring-buffer queue over a fixed array, with wrap-around.
struct Ring[T] { buf: [8]T, head: int, len: int }

fn (r: ref Ring[T]) put(v: T) -> bool {
    if r.len == r.buf.len { return false }
    r.buf[(r.head + r.len) % r.buf.len] = v
    r.len += 1
    return true
}

fn (r: ref Ring[T]) take() -> ?T {
    if r.len == 0 { return none }
    let v = r.buf[r.head]
    r.head = (r.head + 1) % r.buf.len
    r.len -= 1
    return v
}

fn main() {
    var q = Ring[int]{}
    var accepted = 0
    for i in 0..10 {
        if q.put(i) { accepted += 1 }
    }
    println(accepted, q.len)
    for _i in 0..5 { print(q.take().unwrap(), "") }
    println()
    for i in 100..104 { q.put(i) }
    var out = q.take()
    while out.is_some() {
        print(out.unwrap(), "")
        out = q.take()
    }
    println()
    println(q.take() == none, q.head)
    var s = Ring[string]{}
    s.put("a")
    s.put("b")
    println(s.take().or("?") + s.take().or("?") + s.take().or("?"))
}
