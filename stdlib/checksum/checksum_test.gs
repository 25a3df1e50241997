// The checksum module's own tests (goose test stdlib/checksum); this file
// joins the module, so its functions are called unqualified. Check values
// from the CRC catalogue, FNV's reference and FIPS 180-4.

fn digest_hex(d: [32]u8) -> string {
    var b: []u8
    for x in d {
        format_into(b, "{:02x}", x)
    }
    let s = from_bytes(b)
    delete(b)
    return s
}

fn crc_bitwise(data: []u8) -> u32 {
    var c: u32 = 0xffffffff
    for b in data {
        c ^= b as u32
        for k in 0..8 {
            if c & 1 == 1 {
                c = (c >> 1) ^ 0xedb88320
            } else {
                c >>= 1
            }
        }
    }
    return ~c
}

fn test_crc32_check_values() {
    assert crc32("123456789".bytes()) == 0xcbf43926
    assert crc32([]u8{}) == 0
    assert crc32("The quick brown fox jumps over the lazy dog".bytes()) == 0x414fa339
}

// Lengths across the 8-byte and 40-byte steps of the fast paths, and a
// sub-slice at an odd offset, against the bit-at-a-time CRC.
fn test_crc32_fast_paths() {
    var data = make([]u8, 0)
    for n in 0..300 {
        assert crc32(data) == crc_bitwise(data)
        data.push((n * 151 + 7) as u8)
    }
    assert crc32(data[3:250]) == crc_bitwise(data[3:250])
    assert crc32(data[3:250]) == 0x1f84b898
    delete(data)
}

fn test_fnv1a64() {
    assert fnv1a64([]u8{}) == 0xcbf29ce484222325
    assert fnv1a64("a".bytes()) == 0xaf63dc4c8601ec8c
    assert fnv1a64("foobar".bytes()) == 0x85944171f73967e8
}

fn test_sha256_fips_examples() {
    assert digest_hex(sha256("abc".bytes())) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert digest_hex(sha256([]u8{})) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    let two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    assert digest_hex(sha256(two.bytes())) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
}

fn test_sha256_million_a_streamed() {
    var d = Sha256{}
    let piece = make([]u8, 1000)
    for i in 0..1000 {
        piece[i] = 97
    }
    for k in 0..1000 {
        d.write(piece)
    }
    assert digest_hex(d.sum()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    delete(piece)
}

// sum() leaves the state alone; writes may go on after it.
fn test_sha256_sum_then_write() {
    var z = Sha256{}
    assert digest_hex(z.sum()) == digest_hex(sha256([]u8{}))
    z.write("ab".bytes())
    assert digest_hex(z.sum()) == digest_hex(z.sum())
    z.write("c".bytes())
    assert digest_hex(z.sum()) == digest_hex(sha256("abc".bytes()))
}

fn test_sha256_every_length_streamed() {
    var data = make([]u8, 0)
    for n in 0..131 {
        var s = Sha256{}
        for i in 0..n {
            s.write(data[i:i + 1])
        }
        assert digest_hex(s.sum()) == digest_hex(sha256(data))
        data.push((n * 37 + 11) as u8)
    }
    delete(data)
}
