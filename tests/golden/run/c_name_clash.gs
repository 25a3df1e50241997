// User names may hold `_` and `__`, so C names built from them can clash:
// a function vec_len2 and the method vec.len2, a function id__str and the
// instance id[string], a struct Pair__i64__str and Pair[int, string], a
// function named like a closure or a thunk. Each gets its own C name.
// Field names C would misread (keywords, macros such as SIZE_MAX, names
// tcc predefines such as unix, reserved names such as __inline) still work.
struct vec { x: int }
fn (v: vec) len2() -> int { return v.x * v.x }
fn vec_len2(v: vec) -> int { return v.x + 1 }

struct Pair[A, B] { first: A, second: B }
struct Pair__i64__str { z: f64 }
fn id[T](x: T) -> T { return x }
fn id__str(x: string) -> string { return x + "!" }

fn add(x: int, y: int) -> int { return x + y }
fn add__thunk(x: int) -> int { return x * 100 }
fn apply(f: fn(int, int) -> int) -> int { return f(2, 3) }
fn main__closure1() -> int { return 9 }
struct main__closure1_env { v: int }

struct Stamp { unix: i64, SIZE_MAX: int, __inline: u8, _Bool: bool, default: int, default_f: int }

fn main() {
    let v = vec{x: 3}
    println(v.len2(), vec_len2(v))
    let p = Pair[int, string]{first: 1, second: "a"}
    let q = Pair__i64__str{z: 2.5}
    println(p.first, p.second, q.z, id("a"), id__str("b"))
    var k = 1
    let f = fn(x: int) -> int {
        k += x
        return k
    }
    let e = main__closure1_env{v: 4}
    println(f(2), e.v, apply(add), add__thunk(1), main__closure1())
    var s = Stamp{unix: 1700000000, SIZE_MAX: 2, __inline: 3, _Bool: true, default: 4, default_f: 5}
    s.unix += 1
    s.default_f += s.default
    println(s.unix, s.SIZE_MAX, s.__inline, s._Bool, s.default, s.default_f)
}
