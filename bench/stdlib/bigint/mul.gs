// mul.gs — the Goose arm of bench/stdlib/bigint/run.py: multiplies two
// 10,000-digit numbers (3^20959 and 7^11833) `rounds` times (the first
// argument), the product written into the same Int each time, and prints
// `checksum <low 64 bits of the product> pairs <rounds>`.
import "bigint"

fn main() {
    let rounds = parse_int(args()[0]).unwrap()
    let a = bigint.from_int(3).pow(20959)
    let b = bigint.from_int(7).pow(11833)
    var z = bigint.Int{}
    for _i in 0..rounds {
        z.set_mul(a, b)
    }
    let low = z.rem(bigint.from_int(1).shl(64))
    var v: u64 = 0
    if rounds > 0 {
        let h = low.shr(32).to_int().unwrap() as u64
        let l = low.sub(low.shr(32).shl(32)).to_int().unwrap() as u64
        v = (h << 32) | l
    }
    println(format("checksum {} pairs {}", v, rounds))
}
