// A generic function's `ref T` parameter binds T from its argument's type,
// like a value parameter: inc(k) with k: u16 is inc[u16]; a ref []T or a
// ref Box[T] binds from the slice or struct; a literal argument then takes
// the bound type (200 is a u8 below).
import "map"
import "sort"

struct Box[T] { v: T }
fn setv[T](b: ref Box[T], v: T) { b.v = v }
fn getv[T](b: ref Box[T]) -> T { return b.v }
fn push_n[T](xs: ref []T, v: T, n: int) { for _ in 0..n { xs.push(v) } }
fn inc[T](x: ref T) { x += 1 }
fn keys[K, V](m: ref map.Map[K, V]) -> []K {
    var out: []K
    m.each(fn(k: K, v: V) { out.push(k) })
    sort.sort(out)
    return out
}

fn swap[T](a: ref T, b: ref T) {
    let t: T = a
    a = b
    b = t
}

fn take[T](o: ref ?T) -> ?T {
    let r: ?T = o
    o = none
    return r
}
fn fill[T](xs: ref [4]T, v: T) { for i in 0..4 { xs[i] = v } }

fn main() {
    var b = Box[u8]{}
    setv(b, 200)
    println(getv(b) + 100)
    var bs: []u8
    push_n(bs, 200, 3)
    println(bs.len, bs[2] + 100)
    var k: u16 = 65535
    inc(k)
    var f = 1.5
    inc(f)
    println(k, f)
    var m = map.Map[string, int]{}
    m.put("b", 2)
    m.put("a", 1)
    let ks = keys(m)
    println(ks.len, ks[0], ks[1])
    var xs = [1, 2, 3]
    swap(xs[0], xs[2])
    var s = "s"
    var t = "t"
    swap(s, t)
    println(xs[0], xs[2], s, t)
    var o: ?string = "o"
    let got = take(o)
    var arr: [4]u8
    fill(arr, 255)
    println(got.unwrap(), o == none, arr[3] + 1)
}
