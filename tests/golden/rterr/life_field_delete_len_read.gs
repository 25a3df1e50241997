// expect runtime error: tests/golden/rterr/life_field_delete_len_read.gs:21:26: runtime error: use of freed storage
// A near miss of the confined-field rule (lower/pass_fields.c): between a
// field's delete and the fresh slice stored into it, loads of numbers from
// fields (the new size, read through the ref) keep it confined; here an
// element of the deleted field is read there too, so it is not, and that
// read stops.
struct Table {
    slots: []int
    size: int
}

fn (t: ref Table) regrow() {
    delete(t.slots)
    let n = t.size * 2
    t.slots = make([]int, n)
    t.size = n
}

fn (t: ref Table) regrow_badly() {
    delete(t.slots)
    let n = t.size * 2 + t.slots[0]
    t.slots = make([]int, n)
    t.size = n
}

fn main() {
    var t = Table{slots: make([]int, 2), size: 2}
    t.slots[1] = 7
    t.regrow()
    println(t.slots.len, t.slots[1])
    t.regrow_badly()
    println(t.slots.len)
}
