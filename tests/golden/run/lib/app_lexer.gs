// lexer module
const T_NUM: int = 1
const T_OP: int = 2
const T_LP: int = 3
const T_RP: int = 4
const T_ID: int = 5
const T_EOF: int = 6

struct Token { kind: int, text: string, num: i64, pos: int }

var tokens_made: int = 0

fn is_digit(c: u8) -> bool { return c >= '0' && c <= '9' }
fn is_alpha(c: u8) -> bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' }

fn tokenize(s: string) -> []Token {
    var out: []Token
    var i = 0
    while i < s.len {
        let c = s[i]
        if c == ' ' {
            i += 1
            continue
        }
        if is_digit(c) {
            let st = i
            while i < s.len && is_digit(s[i]) { i += 1 }
            out.push(Token{kind: T_NUM, text: s[st:i], num: parse_int(s[st:i]).unwrap(), pos: st})
        } else if is_alpha(c) {
            let st = i
            while i < s.len && (is_alpha(s[i]) || is_digit(s[i])) { i += 1 }
            out.push(Token{kind: T_ID, text: s[st:i], pos: st})
        } else if c == '(' {
            out.push(Token{kind: T_LP, text: "(", pos: i})
            i += 1
        } else if c == ')' {
            out.push(Token{kind: T_RP, text: ")", pos: i})
            i += 1
        } else {
            out.push(Token{kind: T_OP, text: s[i:i + 1], pos: i})
            i += 1
        }
        tokens_made += 1
    }
    out.push(Token{kind: T_EOF, text: "", pos: s.len})
    return out
}

struct Cursor[T] { items: []T, at: int }

fn (c: Cursor[T]) peek() -> T { return c.items[c.at] }
fn (c: ref Cursor[T]) next() -> T {
    let t = c.items[c.at]
    if c.at < c.items.len - 1 { c.at += 1 }
    return t
}
fn cursor[T](xs: []T) -> Cursor[T] { return Cursor[T]{items: xs, at: 0} }
