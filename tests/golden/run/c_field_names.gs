// Field names that C would read as something else: C keywords, reserved
// `_X` names and the headers' and compilers' macros (INT64_MAX, EOF,
// GS_OWN_BIT, unix) are fine Goose fields; the emitted C renames them.
struct Odd {
    _Bool: bool
    _x: int
    __y: int
    INT64_MAX: int
    EOF: int
    GS_OWN_BIT: int
    NAN: f64
    unix: int
    linux: int
    default: int
    X__: int
}

fn main() {
    var o = Odd{_Bool: true, _x: 1, __y: 2, INT64_MAX: 3, EOF: 4}
    o.GS_OWN_BIT = 5
    o.NAN = 1.5
    o.unix = 6
    o.linux = 7
    o.default = 8
    o.X__ = 9
    let c = o
    println(c._Bool, c._x + c.__y + c.INT64_MAX + c.EOF + c.GS_OWN_BIT, c.NAN)
    println(c.unix, c.linux, c.default, c.X__)
}
