// expect runtime error: tests/golden/rterr/facts_shift_mask.gs:3:58: runtime error: shift count 64 out of range for 64-bit integer
// A mask proves a shift count only when it is below the width.
fn sh(x: u64, s: int) -> u64 { return (x << (s & 63)) | (x >> (s & 64)) }

fn main() {
    println(sh(1, 3))
    println(sh(1, 64))
}
