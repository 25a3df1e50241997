// reader.gs — json.Reader: a streaming tokenizer over JSON text, as Go's
// json.Decoder.Token, for decoding into the caller's own structures
// without building a tree. next() returns one token at a time and checks
// the grammar as it goes (the same RFC 8259 rules and nesting limit as
// json.parse); skip() passes over a whole value.
//
// A Key or Str token's string is a view: into the input when the JSON
// string has no escapes, else into storage the reader owns and reuses at
// the next call. Copy it (__own, or + "") to keep it.
// The input is one JSON value; after it next() returns End, for ever.
// An error is sticky: every later call returns it again.
// Not for: a stream of several values (NDJSON: split the lines first).

enum Token {
    End            // the input is over (after its one value)
    BeginArr       // [
    EndArr         // ]
    BeginObj       // {
    EndObj         // }
    Key(s: string) // the name of an object member; its value follows
    Str(s: string)
    Num(n: f64)
    Bool(b: bool)
    Null
}

// What the reader expects next.
const RD_VALUE: u8 = 0     // a value
const RD_ARR_FIRST: u8 = 1 // a value or ]
const RD_ARR_NEXT: u8 = 2  // , or ]
const RD_OBJ_FIRST: u8 = 3 // a key or }
const RD_OBJ_KEY: u8 = 4   // a key
const RD_OBJ_COLON: u8 = 5 // :
const RD_OBJ_NEXT: u8 = 6  // , or }
const RD_END: u8 = 7       // the end of the input

struct Reader {
    lx: Lexer
    open: []u8 // the arrays ('[') and objects ('{') entered
    state: u8
    owned: string   // the last decoded string token's storage
    has_owned: bool // owned holds storage to delete
}

// A reader over text (which must outlive it).
fn new_reader(text: string) -> Reader {
    return Reader{lx: Lexer{src: text}}
}

// Gives back the reader's storage; it is at its end afterwards.
fn (r: ref Reader) free() {
    delete(r.open)
    r.drop_owned()
    delete(r.lx.buf)
    r.state = RD_END
    r.lx.pos = r.lx.src.len
}

// The byte offset just after the last token read (Go's InputOffset).
fn (r: ref Reader) offset() -> int {
    return r.lx.pos
}

// There is another element in the array or object being read: the next
// token is not its end (nor the end of the input, nor an error).
fn (r: ref Reader) more() -> bool {
    r.lx.skip_ws()
    let c = r.lx.peek()
    return !r.lx.failed && r.lx.pos < r.lx.src.len && c != ']' && c != '}'
}

// After a whole value: what may follow it.
fn (r: ref Reader) after_value() {
    if r.open.len == 0 {
        r.state = RD_END
    } else if r.open[r.open.len - 1] == '[' {
        r.state = RD_ARR_NEXT
    } else {
        r.state = RD_OBJ_NEXT
    }
}

fn (r: ref Reader) close() {
    r.lx.pos += 1
    r.open.pop()
    r.after_value()
}

fn (r: ref Reader) drop_owned() {
    if r.has_owned {
        delete(r.owned)
        r.owned = ""
        r.has_owned = false
    }
}

// The next token, or End and the error when the input is not JSON.
fn (r: ref Reader) next() -> (Token, ?Error) {
    r.drop_owned()
    while !r.lx.failed {
        r.lx.skip_ws()
        let c = r.lx.peek()
        let st = r.state
        if st == RD_VALUE || st == RD_ARR_FIRST && c != ']' {
            return r.value()
        }
        if st == RD_ARR_FIRST || st == RD_ARR_NEXT && c == ']' {
            r.close()
            return (Token.EndArr, none)
        }
        if st == RD_OBJ_FIRST && c == '}' || st == RD_OBJ_NEXT && c == '}' {
            r.close()
            return (Token.EndObj, none)
        }
        if st == RD_OBJ_FIRST || st == RD_OBJ_KEY {
            return r.key()
        }
        if st == RD_END {
            if r.lx.pos < r.lx.src.len {
                r.lx.fail_char(r.lx.pos, "end of input")
                break
            }
            return (Token.End, none)
        }
        r.separator(st, c)
    }
    return (Token.End, r.lx.err)
}

// The , or : that the state st asks for (err set otherwise).
fn (r: ref Reader) separator(st: u8, c: u8) {
    if st == RD_ARR_NEXT && c == ',' {
        r.state = RD_VALUE
    } else if st == RD_OBJ_NEXT && c == ',' {
        r.state = RD_OBJ_KEY
    } else if st == RD_OBJ_COLON && c == ':' {
        r.state = RD_VALUE
    } else {
        if st == RD_ARR_NEXT {
            r.lx.fail_char(r.lx.pos, "',' or ']' in array")
        } else if st == RD_OBJ_NEXT {
            r.lx.fail_char(r.lx.pos, "',' or '}' in object")
        } else {
            r.lx.fail_char(r.lx.pos, "':' after object key")
        }
        return
    }
    r.lx.pos += 1
}

// The string at pos as a view, or "" with err set.
fn (r: ref Reader) string_view() -> string {
    let k = r.lx.string()
    if k == LEX_STR_PLAIN {
        return r.lx.src[r.lx.sa:r.lx.sb]
    }
    if k == LEX_STR_BUF {
        r.owned = from_bytes(r.lx.buf)
        r.has_owned = true
        return r.owned
    }
    return ""
}

fn (r: ref Reader) key() -> (Token, ?Error) {
    if r.lx.peek() != '"' {
        r.lx.fail_char(r.lx.pos, "string key in object")
        return (Token.End, r.lx.err)
    }
    let s = r.string_view()
    if r.lx.failed {
        return (Token.End, r.lx.err)
    }
    r.state = RD_OBJ_COLON
    return (Token.Key(s), none)
}

// Enters an array or object (kind '[' or '{') at pos.
fn (r: ref Reader) enter(kind: u8, state: u8) -> bool {
    if r.open.len >= PARSE_MAX_DEPTH {
        r.lx.fail("nesting deeper than 1000", r.lx.pos)
        return false
    }
    r.open.push(kind)
    r.lx.pos += 1
    r.state = state
    return true
}

// The value token at pos.
fn (r: ref Reader) value() -> (Token, ?Error) {
    let i = r.lx.pos
    var t = Token.Null
    match r.lx.peek() {
        '[' => {
            if r.enter('[', RD_ARR_FIRST) {
                return (Token.BeginArr, none)
            }
        }
        '{' => {
            if r.enter('{', RD_OBJ_FIRST) {
                return (Token.BeginObj, none)
            }
        }
        '"' => t = Token.Str(r.string_view())
        '-' | '0'..='9' => t = Token.Num(r.lx.number())
        't' => {
            r.lx.word("true")
            t = Token.Bool(true)
        }
        'f' => {
            r.lx.word("false")
            t = Token.Bool(false)
        }
        'n' => r.lx.word("null")
        _ => r.lx.fail_char(i, "value")
    }
    if r.lx.failed {
        return (Token.End, r.lx.err)
    }
    r.after_value()
    return (t, none)
}

// Reads past the next value whole (an array or object with everything in
// it); when the next token is a key, past the key and its value. There
// must be one: skip where the next token ends an array, an object or the
// input is a runtime error.
fn (r: ref Reader) skip() -> ?Error {
    var depth = 0
    while true {
        let (t, err) = r.next()
        if err != none {
            return err
        }
        match t {
            BeginArr | BeginObj => depth += 1
            EndArr | EndObj | End => {
                if depth == 0 {
                    __fail("json.Reader.skip: no value to skip")
                }
                depth -= 1
            }
            Key(_) => {
                if depth == 0 {
                    continue
                }
            }
            _ => {}
        }
        if depth == 0 {
            return none
        }
    }
}
