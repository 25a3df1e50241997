// builder.gs — strings.Builder: a string built piece by piece in one
// growing buffer (appending n bytes costs amortised O(n)). A zero value is
// ready. The fields are len, then buf, in that order: the runtime's
// gs_builder (goose_rt.h) and format_into know them. len is the bytes
// written, always buf.len; read it, never assign it.
// Not for: sharing between threads (a builder is one thread's at a time).

struct Builder {
    len: int
    buf: []u8
}

// Appends s.
fn (b: ref Builder) write(s: string) {
    __append_str(b.buf, s)
    b.len = b.buf.len
}

// Appends the byte c.
fn (b: ref Builder) write_byte(c: u8) {
    b.buf.push(c)
    b.len = b.buf.len
}

// Appends n in decimal.
fn (b: ref Builder) write_int(n: int) {
    format_into(b.buf, "{}", n)
    b.len = b.buf.len
}

// Appends x with digits digits after the point (fmt_f64's rule: a
// negative digits writes the shortest form that reads back as x).
fn (b: ref Builder) write_f64(x: f64, digits: int) {
    let s = fmt_f64(x, digits)
    __append_str(b.buf, s)
    delete(s)
    b.len = b.buf.len
}

// The contents as a new string the caller owns; the builder keeps them.
fn (b: ref Builder) to_string() -> string {
    return from_bytes(b.buf)
}

// The contents as a view of the builder's bytes: valid until the next
// write, clear or free.
fn (b: ref Builder) as_string() -> string {
    return __str_view(b.buf)
}

// Empties the builder and keeps its storage for the next writes.
fn (b: ref Builder) clear() {
    b.buf.clear()
    b.len = 0
}

// Gives the storage back; the builder is empty and usable after.
fn (b: ref Builder) free() {
    delete(b.buf)
    b.buf = []u8{}
    b.len = 0
}
