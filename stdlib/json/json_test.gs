// The json module's own tests (goose test stdlib/json); this file joins the
// module, so parse, Value and the module's to_string are named unqualified.

// text parsed and written back as compact JSON, or "error OFFSET: MSG".
fn reparsed(text: string) -> string {
    let (v, err) = parse(text)
    var out = ""
    match err {
        some(e) => out = format("error {}: {}", e.offset, e.msg)
        none => out = to_string(v)
    }
    free(v)
    return out
}

fn number_text(x: f64) -> string {
    return to_string(Value.Num(x))
}

fn test_values_round_trip() {
    assert reparsed("null") == "null"
    assert reparsed(" [true, false, null] ") == "[true,false,null]"
    assert reparsed("{\"b\": 1, \"a\": [], \"b\": {}}") == "{\"b\":1,\"a\":[],\"b\":{}}"
    assert reparsed(" { \"a\" : [ 1 , 2.50 , \"\\u00e9\" ] , \"b\" : 1E-400 } ") == "{\"a\":[1,2.5,\"\xc3\xa9\"],\"b\":0}"
}

fn test_escapes_decode_to_utf8() {
    let (v, err) = parse("\"tab\\t quote\\\" slash\\/ \\u00e9 \\uD83D\\uDE00\"")
    assert err == none
    match v {
        Str(s) => assert s == "tab\t quote\" slash/ \xc3\xa9 \xf0\x9f\x98\x80"
        _ => assert false, "not a string"
    }
    free(v)
}

fn test_numbers_as_javascript_writes_them() {
    assert number_text(0.1 + 0.2) == "0.30000000000000004"
    assert number_text(-0.0) == "0"
    assert number_text(1e21) == "1e+21"
    assert number_text(1e-6) == "0.000001"
    assert number_text(1e-7) == "1e-7"
    assert number_text(5e-324) == "5e-324"
    assert number_text(0.0 / 0.0) == "null"
    assert number_text(9007199254740993.0) == "9007199254740992"
}

fn test_parse_errors_name_their_offset() {
    assert reparsed("[1,]") == "error 3: invalid character ']', expected value at offset 3"
    assert reparsed("[01]") == "error 2: invalid character '1', expected ',' or ']' in array at offset 2"
    assert reparsed("\"\\ud800\"") == "error 1: lone high surrogate in \\u escape at offset 1"
    assert reparsed("\"a\tb\"") == "error 2: unescaped control character byte 0x09 in string at offset 2"
    assert reparsed("1e309") == "error 0: number out of range at offset 0"
    assert reparsed("[1] x") == "error 4: invalid character 'x', expected end of input at offset 4"
    assert reparsed("") == "error 0: unexpected end of input, expected value at offset 0"
}

fn nested(n: int) -> string {
    return strings.repeat("[", n) + strings.repeat("]", n)
}

fn test_nesting_limit() {
    let ok = nested(1000)
    let (v, err) = parse(ok)
    assert err == none
    free(v)
    let deep = nested(1001)
    assert reparsed(deep) == "error 1000: nesting deeper than 1000 at offset 1000"
}

fn test_escapes_written() {
    let keys = []string{"s"}
    let vals = []Value{Value.Str("q\" b\\ n\n t\t nul\x00 del\x7f")}
    assert to_string(Value.Obj(keys, vals)) == "{\"s\":\"q\\\" b\\\\ n\\n t\\t nul\\u0000 del\x7f\"}"
}

// The reader's tokens in order, spelled one letter each.
fn test_reader_tokens() {
    var r = new_reader("{\"a\": [1, \"x\", null], \"b\": true}")
    var b: []u8
    while true {
        let (t, err) = r.next()
        assert err == none
        match t {
            End => break
            BeginArr => b.push('[')
            EndArr => b.push(']')
            BeginObj => b.push('{')
            EndObj => b.push('}')
            Key(s) => format_into(b, "k{}", s)
            Str(s) => format_into(b, "s{}", s)
            Num(n) => format_into(b, "n{}", n)
            Bool(v) => format_into(b, "b{}", v)
            Null => b.push('0')
        }
    }
    assert from_bytes(b) == "{ka[n1sx0]kbbtrue}"
    delete(b)
    r.free()
}
