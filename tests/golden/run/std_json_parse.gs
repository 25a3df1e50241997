// json.parse: every kind of value, key order and duplicates kept, escapes
// decoded to UTF-8, numbers correctly rounded, and errors with their byte
// offsets (trailing comma, leading zero, lone surrogate, raw control
// character, bad UTF-8, out-of-range number, nesting limit, trailing data).
import "json"

fn show(text: string) {
    let (v, err) = json.parse(text)
    match err {
        some(e) => println("error", e.offset, e.msg)
        none => println(v)
    }
    json.free(v)
}

fn depth(n: int) -> string {
    var s = ""
    for _ in 0..n {
        s = s + "["
    }
    for _ in 0..n {
        s = s + "]"
    }
    return s
}

fn main() {
    show("null")
    show(" [true, false, null] ")
    show("{\"b\": 1, \"a\": [], \"b\": {}}")
    show("[0, -0, 1.5, -2e3, 1E-2, 0.1, 123456789012345678901234567890, 4.9e-324, 1e-400]")
    show("\"tab\\t quote\\\" slash\\/ \\u00e9 \\uD83D\\uDE00 \\u0001\"")
    show("[1,]")
    show("[01]")
    show("{\"a\" 1}")
    show("\"\\ud800\"")
    show("\"\\udc00\\ud800\"")
    show("\"a\tb\"")
    show("\"\xc3\x28\"")
    show("\"\\q\"")
    show("1e309")
    show("[1] x")
    show("")
    show("[\"abc")
    show("tru")
    let ok = depth(1000)
    let (v, err) = json.parse(ok)
    println("depth 1000:", err == none)
    json.free(v)
    show(depth(1001))
    let (n, _) = json.parse("[1, 2.25, \"x\"]")
    match n {
        Arr(items) => {
            match items[1] {
                Num(x) => println("second item", x)
                _ => {}
            }
        }
        _ => {}
    }
    json.free(n)
}
