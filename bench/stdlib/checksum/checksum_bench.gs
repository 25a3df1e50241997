// checksum_bench.gs — the Goose arm of bench/stdlib/checksum/run.py:
// `checksum_bench ALGO SIZE REPS` fills SIZE bytes from a fixed LCG, then
// REPS times flips one byte and takes checksum.sha256 or checksum.crc32
// of the whole buffer, folding each result into a checksum that
// checksum_bench.c computes the same way. REPS 0 measures the set-up only.
import "checksum"

fn arg_int(s: string) -> int {
    match parse_int(s) {
        some(v) => return v
        none => panic("checksum_bench: not a number: " + s)
    }
}

fn main() {
    let a = args()
    let algo = a[0]
    let size = arg_int(a[1])
    let reps = arg_int(a[2])
    var data = make([]u8, size)
    var x: u64 = 12345
    for i in 0..size {
        x = x * 6364136223846793005 + 1442695040888963407
        data[i] = (x >> 56) as u8
    }
    var acc: u64 = 0
    for r in 0..reps {
        data[(r * 7919) % size] ^= 1
        var v: u64 = 0
        if algo == "sha256" {
            let d = checksum.sha256(data)
            for k in 0..8 {
                v |= (d[k] as u64) << (8 * k) as u64
            }
        } else {
            v = checksum.crc32(data) as u64
        }
        acc = acc * 31 + v
    }
    println("checksum", acc, "pairs", reps)
}
