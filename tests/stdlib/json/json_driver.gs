// json_driver.gs — the Goose side of the json oracle tests (check_json.py).
// Reads a file of records "<byte length>\n<bytes>\n" (args()[0]) and, for
// each, parses the bytes with json.parse and prints one line:
//   OK <json.to_string of the value>
//   ERR <offset> <msg>
// With a second argument "reader" it also runs the document through
// json.Reader and prints "RD OK <token count>" or "RD ERR <offset>" on the
// line after, so the tester can hold the two to the same verdict.
// Every accepted value is written both by json.to_string and by json.write
// into a strings.Builder; when the two differ the line is "BAD write".
import "json"
import "strings"

var builder = strings.Builder{}

fn main() -> int {
    let a = args()
    let text = read_file(a[0]).unwrap()
    let with_reader = a.len > 1 && a[1] == "reader"
    var i = 0
    while i < text.len {
        var j = i
        while text[j] != '\n' {
            j += 1
        }
        let n = parse_int(text[i:j]).unwrap()
        let doc = text[j + 1:j + 1 + n]
        i = j + 2 + n
        one(doc)
        if with_reader {
            read_all(doc)
        }
    }
    return 0
}

fn one(doc: string) {
    let (v, err) = json.parse(doc)
    match err {
        some(e) => println("ERR", e.offset, e.msg)
        none => {
            let s = json.to_string(v)
            builder.clear()
            json.write(builder, v)
            if builder.as_string() == s {
                println("OK", s)
            } else {
                println("BAD write")
            }
            delete(s)
        }
    }
    json.free(v)
}

// Every token of doc; with a skip of every second array or object value
// met after a key, so skip is exercised on the same inputs.
fn read_all(doc: string) {
    var r = json.new_reader(doc)
    var count = 0
    var keys = 0
    while true {
        let (t, err) = r.next()
        match err {
            some(e) => {
                println("RD ERR", e.offset)
                r.free()
                return
            }
            none => {}
        }
        count += 1
        match t {
            End => break
            Key(_) => {
                keys += 1
                if keys % 2 == 0 {
                    match r.skip() {
                        some(e) => {
                            println("RD ERR", e.offset)
                            r.free()
                            return
                        }
                        none => {}
                    }
                }
            }
            _ => {}
        }
    }
    println("RD OK")
    r.free()
}
