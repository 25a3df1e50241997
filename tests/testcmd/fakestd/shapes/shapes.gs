// A standard library module (GOOSE_STDLIB=tests/testcmd/fakestd): its
// runtime errors are reported at the caller's call.
struct Rect {
    w: int
    h: int
}

fn rect(w: int, h: int) -> Rect {
    return Rect{w: w, h: h}
}

fn area(r: Rect) -> int {
    return r.w * r.h
}

fn side(sides: []int, i: int) -> int {
    return sides[i]
}
