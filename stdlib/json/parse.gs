// parse.gs — json.parse: RFC 8259 text to a json.Value tree, by recursive
// descent over the shared scanner (lex.gs).
//
// The elements of the arrays and objects being parsed wait on two stacks
// (vals, keys); a container's own slices are allocated at its end, at
// their exact length, so a tree holds no spare capacity. On an error the
// stacks still hold every value built so far and are freed with them.
// Nesting deeper than PARSE_MAX_DEPTH arrays and objects is an error.
// Not for: streaming (reader.gs).

const PARSE_MAX_DEPTH: int = 1000

struct Parser {
    lx: Lexer
    depth: int
    vals: []Value
    nv: int
    keys: []string
    nk: int
}

// Parses text, one JSON value with optional whitespace around it. The
// tree owns its strings and slices (json.free gives them back); on an
// error the value is Null and the error says what and where.
fn parse(text: string) -> (Value, ?Error) {
    var p = Parser{lx: Lexer{src: text}}
    p.lx.skip_ws()
    let v = p.value()
    if !p.lx.failed {
        p.lx.skip_ws()
        if p.lx.pos < text.len {
            p.lx.fail_char(p.lx.pos, "end of input")
        }
    }
    if p.lx.failed {
        free(v)
        for k in 0..p.nv {
            free(p.vals[k])
        }
        for k in 0..p.nk {
            delete(p.keys[k])
        }
    }
    delete(p.vals)
    delete(p.keys)
    delete(p.lx.buf)
    if p.lx.failed {
        return (Value.Null, p.lx.err)
    }
    return (v, none)
}

// The value at pos (whitespace before it already skipped).
fn (p: ref Parser) value() -> Value {
    let i = p.lx.pos
    if i >= p.lx.src.len {
        p.lx.fail_char(i, "value")
        return Value.Null
    }
    let c = p.lx.src[i]
    match c {
        '{' => return p.object()
        '[' => return p.array()
        '"' => return p.string()
        '-' | '0'..='9' => {
            let f = p.lx.number()
            return Value.Num(f)
        }
        't' => {
            p.lx.word("true")
            return Value.Bool(true)
        }
        'f' => {
            p.lx.word("false")
            return Value.Bool(false)
        }
        'n' => {
            p.lx.word("null")
            return Value.Null
        }
        _ => {
            p.lx.fail_char(i, "value")
            return Value.Null
        }
    }
}

// A new string holding the string at pos.
fn (p: ref Parser) string_copy() -> string {
    let k = p.lx.string()
    if k == LEX_STR_PLAIN {
        return __own(p.lx.src[p.lx.sa:p.lx.sb])
    }
    if k == LEX_STR_BUF {
        return from_bytes(p.lx.buf)
    }
    return ""
}

fn (p: ref Parser) string() -> Value {
    let s = p.string_copy()
    if p.lx.failed {
        return Value.Null
    }
    return Value.Str(s)
}

inline fn (p: ref Parser) push_val(v: Value) {
    if p.nv < p.vals.len {
        p.vals[p.nv] = v
    } else {
        p.vals.push(v)
    }
    p.nv += 1
}

inline fn (p: ref Parser) push_key(k: string) {
    if p.nk < p.keys.len {
        p.keys[p.nk] = k
    } else {
        p.keys.push(k)
    }
    p.nk += 1
}

// Enters an array or object at pos; false (err set) when too deep.
fn (p: ref Parser) enter() -> bool {
    p.depth += 1
    if p.depth > PARSE_MAX_DEPTH {
        p.lx.fail("nesting deeper than 1000", p.lx.pos)
        return false
    }
    p.lx.pos += 1
    p.lx.skip_ws()
    return true
}

// The values pushed since base, moved into a new slice of their length.
fn (p: ref Parser) take_vals(base: int) -> []Value {
    if p.nv == base {
        return []Value{}
    }
    let out = make([]Value, p.nv - base)
    copy_into(out, p.vals[base:p.nv])
    p.nv = base
    return out
}

fn (p: ref Parser) take_keys(base: int) -> []string {
    if p.nk == base {
        return []string{}
    }
    let out = make([]string, p.nk - base)
    copy_into(out, p.keys[base:p.nk])
    p.nk = base
    return out
}

// After an element: true on ',' (and the whitespace after it), false on
// the closing byte (pos past it); err set on anything else.
fn (p: ref Parser) next_elem(close: u8, what: string) -> bool {
    p.lx.skip_ws()
    let c = p.lx.peek()
    if c == ',' {
        p.lx.pos += 1
        p.lx.skip_ws()
        return true
    }
    if c == close {
        p.lx.pos += 1
        return false
    }
    p.lx.fail_char(p.lx.pos, what)
    return false
}

fn (p: ref Parser) array() -> Value {
    if !p.enter() {
        return Value.Null
    }
    let base = p.nv
    if p.lx.peek() != ']' {
        while true {
            let v = p.value()
            if p.lx.failed {
                return Value.Null
            }
            p.push_val(v)
            if !p.next_elem(']', "',' or ']' in array") {
                break
            }
        }
        if p.lx.failed {
            return Value.Null
        }
    } else {
        p.lx.pos += 1
    }
    p.depth -= 1
    let items = p.take_vals(base)
    return Value.Arr(items)
}

fn (p: ref Parser) object() -> Value {
    if !p.enter() {
        return Value.Null
    }
    let base = p.nv
    let kbase = p.nk
    if p.lx.peek() != '}' {
        while true {
            if p.lx.peek() != '"' {
                p.lx.fail_char(p.lx.pos, "string key in object")
                return Value.Null
            }
            let k = p.string_copy()
            if p.lx.failed {
                return Value.Null
            }
            p.push_key(k)
            p.lx.skip_ws()
            if p.lx.peek() != ':' {
                p.lx.fail_char(p.lx.pos, "':' after object key")
                return Value.Null
            }
            p.lx.pos += 1
            p.lx.skip_ws()
            let v = p.value()
            if p.lx.failed {
                return Value.Null
            }
            p.push_val(v)
            if !p.next_elem('}', "',' or '}' in object") {
                break
            }
        }
        if p.lx.failed {
            return Value.Null
        }
    } else {
        p.lx.pos += 1
    }
    p.depth -= 1
    let keys = p.take_keys(kbase)
    let vals = p.take_vals(base)
    return Value.Obj(keys, vals)
}
