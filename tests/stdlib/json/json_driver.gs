// json_driver.gs — the Goose side of the json oracle tests (check_json.py).
// Reads a file of records "<byte length>\n<bytes>\n" (args()[0]) and, for
// each, parses the bytes with json.parse and prints one line:
//   OK <json.to_string of the value>
//   ERR <offset> <msg>
// With a second argument "reader" it also runs the document through
// json.Reader twice and prints on the line after "RD OK" (the tokens,
// written back as JSON, give exactly json.to_string's text, and a pass
// that skips every second member's value also ends without error),
// "RD ERR <offset>" (both passes failed there) or "RD BAD <why>", so the
// tester holds the Reader to parse's verdict and values.
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
        let got = one(doc)
        if with_reader {
            reader_check(doc, got)
        }
        if got.len > 0 {
            delete(got)
        }
    }
    return 0
}

// Prints parse's verdict; returns to_string of the value ("" on error).
fn one(doc: string) -> string {
    let (v, err) = json.parse(doc)
    var text = ""
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
            text = s
        }
    }
    json.free(v)
    return text
}

fn reader_check(doc: string, want: string) {
    let (got, off) = read_tokens(doc)
    let off2 = read_skipping(doc)
    if off != off2 {
        println("RD BAD skip pass ended at", off2, "token pass at", off)
    } else if off >= 0 {
        println("RD ERR", off)
    } else if got != want {
        println("RD BAD tokens give", got)
    } else {
        println("RD OK")
    }
    if got.len > 0 {
        delete(got)
    }
}

// The document's tokens written back as compact JSON, and -1; or "" and
// the error's offset.
fn read_tokens(doc: string) -> (string, int) {
    var r = json.new_reader(doc)
    var out = strings.Builder{}
    var first: []bool // per open array or object: no element written yet
    var after_key = false
    while true {
        let (t, err) = r.next()
        match err {
            some(e) => {
                r.free()
                out.free()
                delete(first)
                return ("", e.offset)
            }
            none => {}
        }
        match t {
            End => break
            EndArr | EndObj => {
                out.write_byte(if_arr(t))
                first.pop()
                continue
            }
            _ => {}
        }
        if !after_key && first.len > 0 {
            if !first[first.len - 1] {
                out.write_byte(',')
            }
            first[first.len - 1] = false
        }
        after_key = false
        match t {
            BeginArr => {
                out.write_byte('[')
                first.push(true)
            }
            BeginObj => {
                out.write_byte('{')
                first.push(true)
            }
            Key(k) => {
                json.write(out, json.Value.Str(k))
                out.write_byte(':')
                after_key = true
            }
            Str(x) => json.write(out, json.Value.Str(x))
            Num(n) => json.write(out, json.Value.Num(n))
            Bool(b) => json.write(out, json.Value.Bool(b))
            Null => json.write(out, json.Value.Null)
            _ => {}
        }
    }
    r.free()
    delete(first)
    let s = out.to_string()
    out.free()
    return (s, -1)
}

fn if_arr(t: json.Token) -> u8 {
    match t {
        EndArr => return ']'
        _ => return '}'
    }
}

// Every token of doc with a skip of every second member met; -1 at the
// end, else the error's offset.
fn read_skipping(doc: string) -> int {
    var r = json.new_reader(doc)
    var keys = 0
    while true {
        let (t, err) = r.next()
        match err {
            some(e) => {
                r.free()
                return e.offset
            }
            none => {}
        }
        match t {
            End => break
            Key(_) => {
                keys += 1
                if keys % 2 == 0 {
                    match r.skip() {
                        some(e) => {
                            r.free()
                            return e.offset
                        }
                        none => {}
                    }
                }
            }
            _ => {}
        }
    }
    r.free()
    return -1
}
