// Number theory: gcd/lcm, Collatz lengths, binary search, integer sqrt,
// powers with wrapping u64, digit sums.
fn gcd(a: int, b: int) -> int {
    var x = a
    var y = b
    while y != 0 {
        let t = x % y
        x = y
        y = t
    }
    return x
}

fn collatz_len(start: u64) -> int {
    var n = start
    var steps = 0
    while n != 1 {
        if n % 2 == 0 { n /= 2 } else { n = 3 * n + 1 }
        steps += 1
    }
    return steps
}

fn bsearch(xs: []int, v: int) -> ?int {
    var lo = 0
    var hi = xs.len
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if xs[mid] < v {
            lo = mid + 1
        } else if xs[mid] > v {
            hi = mid
        } else {
            return mid
        }
    }
    return none
}

fn isqrt(n: int) -> int {
    var r = 0
    while (r + 1) * (r + 1) <= n { r += 1 }
    return r
}

fn powmod(b: u64, e: u64, m: u64) -> u64 {
    var result: u64 = 1
    var base = b % m
    var k = e
    while k > 0 {
        if k & 1 == 1 { result = result * base % m }
        base = base * base % m
        k >>= 1
    }
    return result
}

fn main() {
    println(gcd(1071, 462), gcd(17, 5), 12 * 18 / gcd(12, 18))
    var best = 0
    var best_n: u64 = 0
    for i in 1..10000 {
        let l = collatz_len(i as u64)
        if l > best {
            best = l
            best_n = i as u64
        }
    }
    println(best_n, best)
    var xs = make([]int, 100)
    for i in 0..100 { xs[i] = i * 3 }
    println(bsearch(xs, 42).unwrap(), bsearch(xs, 43) == none, bsearch(xs, 297).unwrap(), bsearch(xs, 0).unwrap())
    println(isqrt(0), isqrt(15), isqrt(16), isqrt(1000000))
    println(powmod(2, 10, 1000), powmod(3, 200, 1000000007), powmod(7, 0, 13))
    var p: u64 = 1
    for _i in 0..70 { p *= 3 }
    println(p)
    var digits = 0
    var n = 9876543210
    while n > 0 {
        digits += n % 10
        n /= 10
    }
    println(digits)
}
