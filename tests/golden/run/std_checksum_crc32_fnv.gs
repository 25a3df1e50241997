// import "checksum": crc32 (IEEE, zlib's) and fnv1a64. The check values
// of the CRC catalogue and of FNV's reference, the empty input, and
// lengths across the 8-byte and 40-byte steps of crc32's fast paths
// against a bit-at-a-time CRC written here.
import "checksum"

fn crc_bitwise(data: []u8) -> u32 {
    var c: u32 = 0xffffffff
    for b in data {
        c ^= b as u32
        for _k in 0..8 {
            if c & 1 == 1 {
                c = (c >> 1) ^ 0xedb88320
            } else {
                c >>= 1
            }
        }
    }
    return ~c
}

fn main() {
    printf("{:08x}\n", checksum.crc32("123456789".bytes()))
    printf("{:08x}\n", checksum.crc32([]u8{}))
    printf("{:08x}\n", checksum.crc32("The quick brown fox jumps over the lazy dog".bytes()))
    printf("{:016x}\n", checksum.fnv1a64([]u8{}))
    printf("{:016x}\n", checksum.fnv1a64("a".bytes()))
    printf("{:016x}\n", checksum.fnv1a64("foobar".bytes()))
    var data = make([]u8, 0)
    var bad = 0
    for n in 0..300 {
        if checksum.crc32(data) != crc_bitwise(data) {
            bad += 1
            println("crc32 differs at length", n)
        }
        data.push((n * 151 + 7) as u8)
    }
    println("mismatches", bad)
    printf("{:08x} {:016x}\n", checksum.crc32(data), checksum.fnv1a64(data))
    // a sub-slice starting at an odd offset
    printf("{:08x}\n", checksum.crc32(data[3:250]))
    delete(data)
}
