// strings: search, split, fields, join, replace, repeat, case, trim, count,
// compare and the Builder (write*, format_into, as_string, to_string, free;
// a write of the builder's own view).
import "strings"
fn main() {
    println(strings.contains("goose", "oo"), strings.index("goose", "se"), strings.last_index("go go go", "go"))
    let parts = strings.split("a,b,,c,", ",")
    println(parts.len, parts)
    println(strings.fields("  a b\t\nc  "))
    println(strings.join(parts, "+"))
    println(strings.replace("aaaa", "a", "bb"), strings.replace_n("aaaa", "a", "b", 2), strings.replace("abc", "", "-"))
    println(strings.repeat("ab", 3), strings.to_upper("Hello"), strings.to_lower("HeLLo"))
    println("[" + strings.trim("xxhixx", "x") + "]", "[" + strings.trim_space("  hi \n") + "]")
    println(strings.count("cheese", "e"), strings.count("five", ""), strings.compare("a", "b"), strings.has_prefix("golang", "go"), strings.has_suffix("golang", "ng"))
    var b = strings.Builder{}
    b.write("x=")
    b.write_int(42)
    b.write_byte(' ')
    b.write_f64(3.14159, 2)
    format_into(b, " {}|{:>5}|", true, "r")
    println(b.as_string(), b.len)
    let s = b.to_string()
    b.write(b.as_string())
    println(b.as_string())
    b.free()
    println(b.len, s)
    delete(s)
}
