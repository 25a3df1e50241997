// Lifetime checks a fresh header makes unnecessary (pass_live.c): a slice
// just made, or allocated from a span pool, is live until something that
// may give back storage of its element type runs, so `grow`'s uses of
// cand (and of its view head) need no check, and neither do `single`'s;
// after the pool's free (which may have given back any []u8 span of the
// pool, cand's included, as far as the proofs know) the use is checked.
// A pool's free tests the header's tag itself (gs_spans_free), so it gets
// no check before it. And a field deleted and given a fresh slice at once,
// with only loads of numbers from fields between, stays confined
// (pass_fields.c): `Words.regrow`'s and `Words.put`'s uses of slots are
// unchecked.
struct Words {
    text: reusable[] u8
    slots: []int
    size: int
}

fn (w: ref Words) single(b: u8) -> []u8 {
    let s = w.text.alloc(1)
    s[0] = b
    return s
}

fn (w: ref Words) grow(cur: []u8, b: u8) -> []u8 {
    let cand = w.text.alloc(cur.len + 1)
    copy_into(cand[0:cur.len], cur)
    cand[cur.len] = b
    w.text.free(cur)
    cand[0] += 1
    return cand
}

fn (w: ref Words) regrow() {
    delete(w.slots)
    w.slots = make([]int, w.size * 2)
    w.size = w.slots.len
}

fn (w: ref Words) put(i: int, v: int) {
    w.slots[i] = v
}

fn main() {
    var w = Words{slots: make([]int, 2), size: 2}
    var cur = w.single(65)
    cur = w.grow(cur, 66)
    w.regrow()
    w.put(3, cur.len)
    println(cur[0], cur[1], w.slots[3], w.size)
    w.text.free(cur)
}
