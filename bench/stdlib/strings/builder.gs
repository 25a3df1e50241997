// builder.gs — strings.Builder throughput: each round clears the builder
// and appends 1,048,576 pieces of 64 bytes (64 MiB). args: rounds, and
// "bytes" to append a byte at a time instead (the harness's control arm).
// Prints `checksum <sum of sampled bytes> pairs <pieces appended>`.
import "strings"

fn main() {
    let a = args()
    let rounds = parse_int(a[0]).unwrap()
    let by_byte = a.len > 1 && a[1] == "bytes"
    var piece = strings.Builder{}
    for i in 0..64 {
        piece.write_byte(('a' as int + i % 26) as u8)
    }
    let p = piece.as_string()
    var b = strings.Builder{}
    var sum: u64 = 0
    for r in 0..rounds {
        b.clear()
        for _i in 0..1048576 {
            if by_byte {
                for k in 0..64 {
                    b.write_byte(p[k])
                }
            } else {
                b.write(p)
            }
        }
        let s = b.as_string()
        var k = r
        while k < s.len {
            sum += s[k] as u64
            k += 65537
        }
    }
    printf("checksum {} pairs {}\n", sum, rounds * 1048576)
}
