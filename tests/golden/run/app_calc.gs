// App: a calculator: a tokenizer module with a generic Cursor[T], and a
// recursive-descent evaluator with variables in a map.Map and ?string errors.
import "./lib/app_lexer"
import "map"

struct Parser {
    cur: app_lexer.Cursor[app_lexer.Token]
    vars: map.Map[string, i64]
    err: ?string
}

fn (p: ref Parser) fail(msg: string) {
    if p.err == none { p.err = msg }
}

fn (p: ref Parser) primary() -> i64 {
    let t = p.cur.next()
    if t.kind == app_lexer.T_NUM { return t.num }
    if t.kind == app_lexer.T_ID {
        let v = p.vars.get(t.text)
        if v == none {
            p.fail("unknown " + t.text + " at " + to_string(t.pos))
            return 0
        }
        return v.unwrap()
    }
    if t.kind == app_lexer.T_LP {
        let v = p.expr()
        let r = p.cur.next()
        if r.kind != app_lexer.T_RP { p.fail("expected ) at " + to_string(r.pos)) }
        return v
    }
    if t.kind == app_lexer.T_OP && t.text == "-" {
        return -p.primary()
    }
    p.fail("unexpected '" + t.text + "' at " + to_string(t.pos))
    return 0
}

fn (p: ref Parser) power() -> i64 {
    let base = p.primary()
    let t = p.cur.peek()
    if t.kind == app_lexer.T_OP && t.text == "^" {
        p.cur.next()
        let e = p.power()
        var r: i64 = 1
        for _ in 0..e { r *= base }
        return r
    }
    return base
}

fn (p: ref Parser) term() -> i64 {
    var v = p.power()
    while true {
        let t = p.cur.peek()
        if t.kind != app_lexer.T_OP { break }
        if t.text == "*" {
            p.cur.next()
            v *= p.power()
        } else if t.text == "/" {
            p.cur.next()
            let d = p.power()
            if d == 0 {
                p.fail("division by zero")
                return 0
            }
            v /= d
        } else if t.text == "%" {
            p.cur.next()
            let d = p.power()
            if d == 0 {
                p.fail("division by zero")
                return 0
            }
            v %= d
        } else { break }
    }
    return v
}

fn (p: ref Parser) expr() -> i64 {
    var v = p.term()
    while true {
        let t = p.cur.peek()
        if t.kind == app_lexer.T_OP && t.text == "+" {
            p.cur.next()
            v += p.term()
        } else if t.kind == app_lexer.T_OP && t.text == "-" {
            p.cur.next()
            v -= p.term()
        } else { break }
    }
    return v
}

fn eval_line(line: string, vars: ref map.Map[string, i64]) -> ?i64 {
    // "name = expr" or "expr"
    var target = ""
    var body = line
    for i in 0..line.len {
        if line[i] == '=' {
            target = line[:i]
            while target.len > 0 && target[target.len - 1] == ' ' { target = target[:target.len - 1] }
            body = line[i + 1:]
            break
        }
    }
    var p = Parser{cur: app_lexer.cursor(app_lexer.tokenize(body)), vars: vars}
    let v = p.expr()
    if p.cur.peek().kind != app_lexer.T_EOF { p.fail("trailing '" + p.cur.peek().text + "'") }
    vars = p.vars
    if p.err != none {
        println("error:", p.err.unwrap())
        return none
    }
    if target.len > 0 { vars.put(target, v) }
    return v
}

fn main() {
    var vars = map.Map[string, i64]{}
    let lines = [
        "1 + 2 * 3",
        "x = (1 + 2) * 3",
        "y = x ^ 2 - -4",
        "x * y % 7",
        "2 ^ 3 ^ 2",
        "z + 1",
        "10 / (5 - 5)",
        "(1 + 2",
        "-7 / 2",
        "-7 % 3",
        "big = 3 ^ 40",
        "big * big",
        "1 2",
    ]
    var ok = 0
    for l in lines {
        let r = eval_line(l, vars)
        if r.is_some() {
            ok += 1
            println(l, "=>", r.unwrap())
        }
    }
    println("ok", ok, "vars", vars.len, "tokens", app_lexer.tokens_made)
    var names: []string
    vars.each(fn(k: string, v: i64) { names.push(k + "=" + to_string(v)) })
    println(names.len)
}
