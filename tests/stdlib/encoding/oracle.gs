// oracle.gs — the Goose side of check_oracle.py and check_bad_input.py:
// reads a file of records, each a header line `op n` followed by n bytes
// of payload and a newline, and prints one line per record:
//   b64e, hexe   the encoded text;
//   b64d, hexd   `ok <hex of the bytes>` or `err <offset> <message>`.
// The hex of decoded bytes is written with printf, not with the module.
import "encoding"

fn header_int(s: string) -> int {
    match parse_int(s) {
        some(v) => return v
        none => panic("oracle: bad header number: " + s)
    }
}

fn show_decoded(data: []u8, bad: ?encoding.Error) {
    match bad {
        some(e) => {
            println("err", e.offset, e.msg)
            if data.len != 0 {
                panic("oracle: a failed decode returned bytes")
            }
        }
        none => {
            print("ok ")
            for b in data {
                printf("{:02x}", b)
            }
            println()
        }
    }
}

fn run(op: string, payload: string) {
    if op == "b64e" || op == "hexe" {
        let data = payload.bytes()
        var s = ""
        if op == "b64e" {
            s = encoding.base64_encode(data)
        } else {
            s = encoding.hex_encode(data)
        }
        println(s)
        delete(s)
        delete(data)
        return
    }
    if op == "b64d" {
        let (data, bad) = encoding.base64_decode(payload)
        show_decoded(data, bad)
        delete(data)
        return
    }
    if op == "hexd" {
        let (data, bad) = encoding.hex_decode(payload)
        show_decoded(data, bad)
        delete(data)
        return
    }
    panic("oracle: unknown op " + op)
}

fn main() {
    let text = read_file(args()[0]).unwrap()
    var i = 0
    while i < text.len {
        var j = i
        while text[j] != ' ' {
            j += 1
        }
        var k = j + 1
        while text[k] != '\n' {
            k += 1
        }
        let n = header_int(text[j + 1:k])
        run(text[i:j], text[k + 1:k + 1 + n])
        i = k + 2 + n
    }
}
