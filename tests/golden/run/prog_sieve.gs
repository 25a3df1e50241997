// Sieve of Eratosthenes over a []bool, and a fixed-array variant.
fn sieve(n: int) -> []int {
    var composite = make([]bool, n + 1)
    var primes: []int
    for i in 2..n + 1 {
        if composite[i] { continue }
        primes.push(i)
        var j = i * i
        while j <= n {
            composite[j] = true
            j += i
        }
    }
    delete(composite)
    return primes
}

fn main() {
    let ps = sieve(10000)
    println(ps.len, ps[0], ps[1], ps[ps.len - 1])
    var sum = 0
    for p in ps { sum += p }
    println(sum)
    for p in ps[:10] { print(p, "") }
    println()
    var small: [100]bool
    var count = 0
    for i in 2..100 {
        if !small[i] {
            count += 1
            for m in 2..100 {
                if i * m >= 100 { break }
                small[i * m] = true
            }
        }
    }
    println(count)
    var twins = 0
    for i in 1..ps.len {
        if ps[i] - ps[i - 1] == 2 { twins += 1 }
    }
    println(twins)
}
