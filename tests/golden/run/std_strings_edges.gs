// strings at the edges: empty strings and separators, separators at the
// ends, bytes >= 0x80, an empty pattern stepping through UTF-8 sequences
// (Go's reading), and ownership (every new result may be deleted).
import "strings"

fn show(xs: []string) {
    print(xs.len, ":")
    for x in xs {
        print(" [" + x + "]")
    }
    println()
}

fn main() {
    show(strings.split("", ","))
    show(strings.split(",", ","))
    show(strings.split("abc", ""))
    show(strings.split("h\xc3\xa9\xff!", ""))
    show(strings.split("a--b----c", "--"))
    show(strings.fields(""))
    show(strings.fields(" \t\n\x0b\x0c\r "))
    show(strings.fields("\xa0x\xa0 y"))
    println(strings.count("\xc3\xa9\xff", ""), strings.count("aaaa", "aa"), strings.count("", "a"))
    println(strings.index("", ""), strings.last_index("abc", ""), strings.index("abc", "abcd"), strings.last_index("abab", "ab"))
    println(strings.index_byte("ab\xffc", 0xff), strings.index_byte("", 'a'))
    let r = strings.replace_n("\xc3\xa9x", "", "|", 2)
    println(r, strings.replace("aaa", "aa", "b"), strings.replace_n("aaa", "a", "b", 0))
    delete(r)
    println("[" + strings.trim("", "ab") + "]", "[" + strings.trim("abba", "ab") + "]", "[" + strings.trim("xy", "") + "]")
    println("[" + strings.trim_left("aab", "a") + "]", "[" + strings.trim_right("baa", "a") + "]")
    println(strings.to_upper("\xe9a\xff"), strings.to_lower("\xc9A"))
    println(strings.compare("", ""), strings.compare("b", "a"), strings.compare("\xff", "a"), strings.compare("ab", "abc"))
    println(strings.has_prefix("", ""), strings.has_prefix("a", "ab"), strings.has_suffix("ab", ""))
    let j = strings.join([]string{}, ",")
    println("[" + j + "]", strings.join([]string{"x"}, ","), strings.join([]string{"", ""}, ","))
    delete(j)
    let e = strings.repeat("x", 0)
    println("[" + e + "]", strings.from_byte('z'), strings.from_byte(0xff).len)
    delete(e)
    var b = strings.Builder{}
    println("[" + b.as_string() + "]", b.len)
    let t = b.to_string()
    delete(t)
    b.clear()
    b.free()
    for i in 0..1000 {
        b.write_int(i % 10)
    }
    println(b.len, b.as_string()[990:])
    b.clear()
    b.write_f64(2.5, -1)
    b.write_byte(' ')
    b.write_f64(-0.125, 1)
    println(b.as_string())
    var buf: []u8
    format_into(buf, "{:05}", 42)
    println(from_bytes(buf))
}
