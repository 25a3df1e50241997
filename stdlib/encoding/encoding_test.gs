// The encoding module's own tests (goose test stdlib/encoding); this file
// joins the module, so its functions are called unqualified. Expected
// values from RFC 4648 and CPython's base64.b64decode(validate=True).

// The base64 of v, decoded again, must give v back.
fn b64_round_trip(v: string, want: string) {
    let data = v.bytes()
    let s = base64_encode(data)
    assert s == want, "base64 of " + v
    let (back, bad) = base64_decode(s)
    assert bad == none
    assert from_bytes(back) == v
    delete(back)
    delete(s)
    delete(data)
}

fn test_base64_rfc4648_vectors() {
    b64_round_trip("", "")
    b64_round_trip("f", "Zg==")
    b64_round_trip("fo", "Zm8=")
    b64_round_trip("foo", "Zm9v")
    b64_round_trip("foob", "Zm9vYg==")
    b64_round_trip("fooba", "Zm9vYmE=")
    b64_round_trip("foobar", "Zm9vYmFy")
}

fn test_base64_every_byte() {
    var all = make([]u8, 256)
    for i in 0..256 {
        all[i] = i as u8
    }
    let s = base64_encode(all)
    assert s.len == 344
    assert s[:8] == "AAECAwQF" && s[336:] == "/P3+/w=="
    let (back, bad) = base64_decode(s)
    assert bad == none && back.len == 256
    for i in 0..256 {
        assert back[i] == i as u8
    }
    delete(back)
    delete(s)
    delete(all)
}

// What base64_decode(s) gives, as text: the bytes, or "offset: message".
fn b64_decoded(s: string) -> string {
    let (data, bad) = base64_decode(s)
    var r = ""
    match bad {
        some(e) => r = format("{}: {}", e.offset, e.msg)
        none => r = from_bytes(data)
    }
    delete(data)
    return r
}

fn test_base64_accepts_as_python_does() {
    assert b64_decoded("QR==") == "A"
    assert b64_decoded("QUJD=") == "ABC"
    assert b64_decoded("QUJD===") == "ABC"
}

fn test_base64_errors() {
    assert b64_decoded("QUJD\nRA==") == "4: invalid byte 0x0a at offset 4"
    assert b64_decoded("QU JD") == "2: invalid character ' ' at offset 2"
    assert b64_decoded("=QUJD") == "0: padding before any data at offset 0"
    assert b64_decoded("QQ=A") == "3: data after the padding at offset 3"
    assert b64_decoded("QUJDQ") == "4: a lone base64 character (a group needs 2 to 4) at offset 4"
    assert b64_decoded("QUJDQQ") == "4: missing padding for the group at offset 4"
    assert b64_decoded("QQ=") == "0: missing padding for the group at offset 0"
    assert b64_decoded("QUJD-_==") == "4: invalid character '-' at offset 4"
}

fn hex_decoded(s: string) -> string {
    let (data, bad) = hex_decode(s)
    var r = ""
    match bad {
        some(e) => r = format("{}: {}", e.offset, e.msg)
        none => r = format("{}", data)
    }
    delete(data)
    return r
}

fn test_hex() {
    let data = "\x00\x01\x7f\x80\xfeGoose".bytes()
    let s = hex_encode(data)
    assert s == "00017f80fe476f6f7365"
    assert hex_decoded(s) == "[0, 1, 127, 128, 254, 71, 111, 111, 115, 101]"
    assert hex_encode([]u8{}) == ""
    assert hex_decoded("DEADbeef") == "[222, 173, 190, 239]"
    assert hex_decoded("") == "[]"
    delete(s)
    delete(data)
}

fn test_hex_errors() {
    assert hex_decoded("0") == "0: odd number of digits: the last has no pair at offset 0"
    assert hex_decoded("abc") == "2: odd number of digits: the last has no pair at offset 2"
    assert hex_decoded("0g") == "1: invalid character 'g' at offset 1"
    assert hex_decoded("00 11") == "2: invalid character ' ' at offset 2"
    assert hex_decoded("0x00") == "1: invalid character 'x' at offset 1"
}
