// A function with several results returns one C struct per result list,
// named by its types (gs_results__i64__str); the caller takes it apart.
fn split(s: string, at: int) -> (int, string) {
    return (at, s[at:])
}

fn main() {
    let (n, rest) = split("hello", 2)
    println(n)
    println(rest)
    var k = 0
    var t = ""
    k, t = split("ab", 1)
    println(k)
    println(t)
}
