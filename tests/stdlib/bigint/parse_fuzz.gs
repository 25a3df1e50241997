// parse_fuzz.gs — the Goose side of check_parse.py: each input line is
// `base hex`, hex the bytes of a string; prints bigint.parse's result for
// that string in base 16, or none.
import "bigint"

fn nibble(c: u8) -> u8 {
    if c <= '9' {
        return c - '0'
    }
    return c - 'a' + 10
}

fn main() {
    let text = read_file(args()[0]).unwrap()
    var i = 0
    while i < text.len {
        var j = i
        while text[j] != ' ' {
            j += 1
        }
        let base = parse_int(text[i:j]).unwrap()
        var k = j + 1
        var bytes: []u8
        while text[k] != '\n' {
            bytes.push(nibble(text[k]) * 16 + nibble(text[k + 1]))
            k += 2
        }
        let s = from_bytes(bytes)
        match bigint.parse(s, base) {
            some(v) => {
                var w = v
                let out = w.to_string(16)
                println(out)
                delete(out)
                w.free()
            }
            none => println("none")
        }
        delete(s)
        delete(bytes)
        i = k + 1
    }
}
