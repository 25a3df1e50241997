// String building: join, reverse, integer formatting by hand, word counting,
// and a byte-level upper-casing through bytes()/from_bytes.
fn join(parts: []string, sep: string) -> string {
    var out = ""
    for i, p in parts {
        if i > 0 { out = out + sep }
        out = out + p
    }
    return out
}

fn reverse(s: string) -> string {
    var b = s.bytes()
    var i = 0
    var j = b.len - 1
    while i < j {
        let t = b[i]
        b[i] = b[j]
        b[j] = t
        i += 1
        j -= 1
    }
    let r = from_bytes(b)
    delete(b)
    return r
}

fn itoa(n: int) -> string {
    if n == 0 { return "0" }
    var digits: []u8
    var v = n
    let neg = v < 0
    while v != 0 {
        var d = v % 10
        if d < 0 { d = -d }
        digits.push('0' + d as u8)
        v /= 10
    }
    if neg { digits.push('-') }
    var out = make([]u8, digits.len)
    for i in 0..digits.len { out[i] = digits[digits.len - 1 - i] }
    return from_bytes(out)
}

fn upper(s: string) -> string {
    var b = s.bytes()
    for i in 0..b.len {
        if b[i] >= 'a' && b[i] <= 'z' { b[i] -= 32 }
    }
    return from_bytes(b)
}

fn split_words(s: string) -> []string {
    var words: []string
    var start = -1
    for i in 0..s.len + 1 {
        let is_space = i == s.len || s[i] == ' ' || s[i] == '\n'
        if is_space && start >= 0 {
            words.push(s[start:i])
            start = -1
        } else if !is_space && start < 0 {
            start = i
        }
    }
    return words
}

fn main() {
    var parts: []string
    for i in 0..5 { parts.push(itoa(i * i * 37 - 50)) }
    println(join(parts, ", "))
    println(reverse("stressed"), reverse(""), reverse("a"))
    let min: int = -9223372036854775807 - 1
    println(itoa(min), itoa(0), itoa(9223372036854775807))
    println(itoa(min) == to_string(min))
    println(upper("Hello, World! abc-xyz"))
    let words = split_words("  the quick  brown\nfox jumps ")
    println(words.len, join(words, "|"))
    var csv = ""
    for row in 0..3 {
        var cells: []string
        for col in 0..3 { cells.push(to_string(row * 3 + col)) }
        csv = csv + join(cells, ",") + "\n"
    }
    print(csv)
    var long = ""
    for _i in 0..1000 { long = long + "ab" }
    println(long.len, long[1000:1004])
}
