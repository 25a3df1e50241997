// json.to_string's fast path for numbers (write_short_fixed: the fewest
// decimals k with round(a * 10^k) / 10^k == a) against the general path
// (fmt_f64's shortest digits rewritten by write_shortest): the same text
// for 8-decimal values (Json::Generate's), short decimals, random bit
// patterns and edges around 1e-6, 1e15 and 15/16/17 significant digits.
import "json"
import "math"

var seed: u64 = 88172645463325252

fn next() -> u64 {
    seed ^= seed << 13
    seed ^= seed >> 7
    seed ^= seed << 17
    return seed
}

var checked = 0
var bad = 0

fn check(x: f64) {
    let s = json.to_string(json.Value.Num(x))
    var slow: []u8
    if x < 0.0 { slow.push('-') }
    let fixed = fmt_f64(abs(x), -1)
    if x != 0.0 && abs(x) != math.floor(abs(x)) && abs(x) > 1e-7 && abs(x) < 1e21 {
        json.write_shortest(slow, fixed)
        let t = from_bytes(slow)
        if s != t {
            if bad < 10 { println("mismatch", fixed, s, t) }
            bad += 1
        }
        checked += 1
        delete(t)
    }
    delete(fixed)
    delete(slow)
    delete(s)
}

fn main() {
    for _ in 0..20000 {
        let r = (next() >> 11) as f64 / 9007199254740992.0
        check(math.round(r * 1e8) / 1e8)
        check(math.round(r * 1e3) / 1e3)
        check(r)
        check(r * 1e14)
        check(r * 1e-5)
        check(-r * 123.0)
        let b = math.f64_from_bits(next() >> 1)
        check(b)
    }
    let edges = []f64{0.000001, 0.0000010000000000000002, 0.0000015, 0.1, 0.2, 0.3, 0.1 + 0.2,
        1.0 / 3.0, 2.0 / 3.0, 999999999999999.9, 999999999999999.5, 99999999999999.99,
        123456789012345.6, 12345678901234.56, 1.2345678901234567, 0.12345678901234566,
        4.35, 2.675, 1.005, 0.49999999999999994, 0.5000000000000001, 1e15 - 0.125,
        9.999999999999999e14, 5e-7, 0.00000123456789012345}
    for x in edges {
        check(x)
        check(-x)
    }
    delete(edges)
    println(checked, "checked,", bad, "mismatches")
    let s = json.to_string(json.Value.Num(0.12345678))
    println(s)
    delete(s)
}
