// The strings module's own tests (goose test stdlib/strings): this file
// joins the module, so its functions are called unqualified.

// Each part in brackets, to compare a split in one assert.
fn joined_parts(xs: []string) -> string {
    var b = Builder{}
    for x in xs {
        b.write("[")
        b.write(x)
        b.write("]")
    }
    return b.to_string()
}

fn test_search() {
    assert contains("goose", "oo")
    assert !contains("goose", "x")
    assert index("goose", "se") == 3
    assert last_index("go go go", "go") == 6
    assert index("", "") == 0
    assert last_index("abc", "") == 3
    assert index("abc", "abcd") == -1
    assert last_index("abab", "ab") == 2
    assert index_byte("ab\xffc", 0xff) == 2
    assert index_byte("", 'a') == -1
}

fn test_prefix_suffix() {
    assert has_prefix("golang", "go")
    assert has_suffix("golang", "ng")
    assert has_prefix("", "")
    assert !has_prefix("a", "ab")
    assert has_suffix("ab", "")
}

fn test_count() {
    assert count("cheese", "e") == 3
    assert count("five", "") == 5
    assert count("\xc3\xa9\xff", "") == 3
    assert count("aaaa", "aa") == 2
    assert count("", "a") == 0
}

fn test_compare() {
    assert compare("a", "b") == -1
    assert compare("", "") == 0
    assert compare("b", "a") == 1
    assert compare("\xff", "a") == 1
    assert compare("ab", "abc") == -1
}

fn test_split() {
    let parts = split("a,b,,c,", ",")
    assert parts.len == 5
    assert joined_parts(parts) == "[a][b][][c][]"
    assert joined_parts(split("", ",")) == "[]"
    assert joined_parts(split(",", ",")) == "[][]"
    assert joined_parts(split("abc", "")) == "[a][b][c]"
    assert joined_parts(split("h\xc3\xa9\xff!", "")) == "[h][\xc3\xa9][\xff][!]"
    assert joined_parts(split("a--b----c", "--")) == "[a][b][][c]"
}

fn test_fields() {
    assert joined_parts(fields("  a b\t\nc  ")) == "[a][b][c]"
    assert fields("").len == 0
    assert fields(" \t\n\x0b\x0c\r ").len == 0
    assert joined_parts(fields("\xa0x\xa0 y")) == "[\xa0x\xa0][y]"
}

fn test_join() {
    assert join(split("a,b,,c,", ","), "+") == "a+b++c+"
    assert join([]string{}, ",") == ""
    assert join([]string{"x"}, ",") == "x"
    assert join([]string{"", ""}, ",") == ","
}

fn test_replace() {
    assert replace("aaaa", "a", "bb") == "bbbbbbbb"
    assert replace_n("aaaa", "a", "b", 2) == "bbaa"
    assert replace("abc", "", "-") == "-a-b-c-"
    assert replace("aaa", "aa", "b") == "ba"
    assert replace_n("aaa", "a", "b", 0) == "aaa"
    let r = replace_n("\xc3\xa9x", "", "|", 2)
    assert r == "|\xc3\xa9|x"
    delete(r)
}

fn test_repeat_case() {
    assert repeat("ab", 3) == "ababab"
    assert repeat("x", 0) == ""
    assert to_upper("Hello") == "HELLO"
    assert to_lower("HeLLo") == "hello"
    assert to_upper("\xe9a\xff") == "\xe9A\xff"
    assert to_lower("\xc9A") == "\xc9a"
    assert from_byte('z') == "z"
    assert from_byte(0xff).len == 1
}

fn test_trim() {
    assert trim("xxhixx", "x") == "hi"
    assert trim_space("  hi \n") == "hi"
    assert trim("", "ab") == ""
    assert trim("abba", "ab") == ""
    assert trim("xy", "") == "xy"
    assert trim_left("aab", "a") == "b"
    assert trim_right("baa", "a") == "b"
}

fn test_builder() {
    var b = Builder{}
    assert b.as_string() == "" && b.len == 0
    b.write("x=")
    b.write_int(42)
    b.write_byte(' ')
    b.write_f64(3.14159, 2)
    format_into(b, " {}|{:>5}|", true, "r")
    assert b.as_string() == "x=42 3.14 true|    r|"
    assert b.len == 21
    let s = b.to_string()
    b.write(b.as_string())
    assert b.as_string() == "x=42 3.14 true|    r|x=42 3.14 true|    r|"
    b.free()
    assert b.len == 0
    assert s == "x=42 3.14 true|    r|"
    delete(s)
}

fn test_builder_grows() {
    var b = Builder{}
    for i in 0..1000 {
        b.write_int(i % 10)
    }
    assert b.len == 1000
    assert b.as_string()[990:] == "0123456789"
    b.clear()
    b.write_f64(2.5, -1)
    b.write_byte(' ')
    b.write_f64(-0.125, 1)
    assert b.as_string() == "2.5 -0.1"
    b.free()
}
