// String == and bytes.equal at every length 0..20 and every byte
// position: equal copies at other addresses compare equal, and a copy
// with one byte changed compares unequal, wherever the byte is (the
// runtime compares up to 16 bytes with overlapping loads from each end).
import "bytes"

fn main() {
    let base = "abcdefghijklmnopqrst"
    var bad = 0
    var checked = 0
    for n in 0..base.len + 1 {
        let a = base[0:n]
        let b = a + ""
        if a != b || !bytes.equal(a.bytes(), b.bytes()) {
            println("equal copy differs at length", n)
            bad += 1
        }
        for i in 0..n {
            let c = base[0:i] + "#" + base[i + 1:n]
            checked += 1
            if a == c || bytes.equal(a.bytes(), c.bytes()) {
                println("length", n, "position", i, "compared equal")
                bad += 1
            }
        }
    }
    println("checked", checked, "one-byte changes, wrong", bad)
}
