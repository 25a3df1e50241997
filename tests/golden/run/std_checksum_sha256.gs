// import "checksum": SHA-256. FIPS 180-4's examples (one block, two
// blocks, a million 'a' written in pieces), the empty input, every length
// around the padding boundary against the one-call form, and a streaming
// Sha256: the zero value is ready, sum() does not change the state, writes
// may go on after it.
import "checksum"

fn hex(d: [32]u8) -> string {
    let digits = "0123456789abcdef"
    var out = make([]u8, 64)
    for i in 0..32 {
        out[2 * i] = digits[d[i] >> 4]
        out[2 * i + 1] = digits[d[i] & 15]
    }
    let s = from_bytes(out)
    delete(out)
    return s
}

fn show(d: [32]u8) {
    let s = hex(d)
    println(s)
    delete(s)
}

fn main() {
    show(checksum.sha256("abc".bytes()))
    show(checksum.sha256([]u8{}))
    show(checksum.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".bytes()))
    show(checksum.sha256("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".bytes()))
    // a million 'a', written 1000 at a time
    var d = checksum.Sha256{}
    let piece = make([]u8, 1000)
    for i in 0..1000 {
        piece[i] = 97
    }
    for _k in 0..1000 {
        d.write(piece)
    }
    show(d.sum())
    // sum leaves the state alone: writing on gives the digest of it all
    var z = checksum.Sha256{}
    show(z.sum())
    z.write("ab".bytes())
    show(z.sum())
    show(z.sum())
    z.write("c".bytes())
    show(z.sum())
    // every length 0..130, one call against byte-at-a-time streaming
    var bad = 0
    var data = make([]u8, 0)
    for n in 0..131 {
        var s = checksum.Sha256{}
        for i in 0..n {
            s.write(data[i:i + 1])
        }
        let a = hex(s.sum())
        let b = hex(checksum.sha256(data))
        if a != b {
            bad += 1
        }
        delete(a)
        delete(b)
        data.push((n * 37 + 11) as u8)
    }
    println("mismatches", bad)
    show(checksum.sha256(data))
    delete(data)
    delete(piece)
}
