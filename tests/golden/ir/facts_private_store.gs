// BCE rule: a store into a local that nothing else can name (no address
// taken, not captured, not a reference) does not end the window of facts
// at a check, as long as nothing in the window reads that local: the
// second z.table[slot] keeps no check though `cur = cand` runs between
// the two (lzw_encode's loop).
// Adversarial twins: rterr/facts_private_store_read.gs (the local itself
// is read after the store), rterr/facts_private_store_len.gs.
struct Z { table: []int, n: int }

fn (z: ref Z) step(slot: int, cand: []u8) -> int {
    var cur: []u8
    var r = 0
    if z.table[slot] != -1 {
        cur = cand
        r = z.table[slot]
    }
    return r + cur.len
}

fn main() {
    var z = Z{table: make([]int, 4)}
    let c = make([]u8, 2)
    println(z.step(2, c))
}
