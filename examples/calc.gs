// calc.gs — a pocket calculator: a tokenizer, a recursive-descent parser and an evaluator for integer expressions with variables.
// Each argument is one line, e.g. `goose run examples/calc.gs -- "let x = 6; x * 7"`; with none it runs a demo.
//
//   line  := stmt (';' stmt)*
//   stmt  := 'let' NAME '=' expr | expr
//   expr  := term (('+' | '-') term)*
//   term  := unary (('*' | '/' | '%') unary)*
//   unary := '-' unary | power
//   power := atom ('^' unary)?
//   atom  := NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'

const TK_NUM: int = 0
const TK_NAME: int = 1
const TK_OP: int = 2
const TK_END: int = 3

struct Token {
    kind: int
    value: int          // TK_NUM
    text: string        // the token's characters (a view into the line)
    col: int            // 1-based column
}

// The calculator: its variables, and the line being read.
struct Calc {
    names: []string
    values: []int
    toks: []Token
    pos: int
    failed: bool
    error: string
}

fn is_digit(c: u8) -> bool {
    return c >= '0' && c <= '9'
}

fn is_alpha(c: u8) -> bool {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'
}

fn is_op(c: u8) -> bool {
    let ops = "+-*/%^()=;,"
    for o in ops.bytes() {
        if o == c {
            return true
        }
    }
    return false
}

fn describe(t: Token) -> string {
    if t.kind == TK_END {
        return "end of input"
    }
    if t.kind == TK_NUM {
        return "number " + t.text
    }
    return "'" + t.text + "'"
}

// Keeps the first error of a line only: later ones are its echoes.
fn (c: ref Calc) fail(col: int, msg: string) {
    if !c.failed {
        c.failed = true
        c.error = "column " + to_string(col) + ": " + msg
    }
}

// Splits a line into tokens, ending with a TK_END.
fn (c: ref Calc) tokenize(line: string) {
    c.toks.clear()
    c.pos = 0
    var i = 0
    while i < line.len {
        let ch = line[i]
        let start = i
        if ch == ' ' || ch == '\t' {
            i += 1
        } else if is_digit(ch) {
            var v = 0
            while i < line.len && is_digit(line[i]) {
                v = v * 10 + (line[i] - '0') as int
                i += 1
            }
            c.toks.push(Token{kind: TK_NUM, value: v, text: line[start:i], col: start + 1})
        } else if is_alpha(ch) {
            while i < line.len && (is_alpha(line[i]) || is_digit(line[i])) {
                i += 1
            }
            c.toks.push(Token{kind: TK_NAME, text: line[start:i], col: start + 1})
        } else if is_op(ch) {
            i += 1
            c.toks.push(Token{kind: TK_OP, text: line[start:i], col: start + 1})
        } else {
            c.fail(start + 1, "unexpected character '" + line[start:start + 1] + "'")
            return
        }
    }
    c.toks.push(Token{kind: TK_END, text: "", col: line.len + 1})
}

fn (c: ref Calc) peek() -> Token {
    return c.toks[c.pos]
}

fn (c: ref Calc) at_op(op: string) -> bool {
    let t = c.toks[c.pos]
    return t.kind == TK_OP && t.text == op
}

fn (c: ref Calc) next() -> Token {
    let t = c.toks[c.pos]
    if t.kind != TK_END {
        c.pos += 1
    }
    return t
}

fn (c: ref Calc) expect(op: string) {
    if c.at_op(op) {
        c.pos += 1
    } else {
        let t = c.peek()
        c.fail(t.col, "expected '" + op + "' but found " + describe(t))
    }
}

fn (c: ref Calc) lookup(name: Token) -> int {
    for i, n in c.names {
        if n == name.text {
            return c.values[i]
        }
    }
    c.fail(name.col, "unknown variable '" + name.text + "'")
    return 0
}

fn (c: ref Calc) assign(name: string, v: int) {
    for i, n in c.names {
        if n == name {
            c.values[i] = v
            return
        }
    }
    c.names.push(name)
    c.values.push(v)
}

// base ^ exp by repeated squaring; the product wraps like every int.
fn ipow(base: int, exp: int) -> int {
    var r = 1
    var b = base
    var e = exp
    while e > 0 {
        if e % 2 == 1 {
            r *= b
        }
        b *= b
        e /= 2
    }
    return r
}

// abs(x), min(a, b), max(a, b): vals are the arguments, already evaluated.
fn (c: ref Calc) call(name: Token, vals: []int) -> int {
    if name.text == "abs" && vals.len == 1 {
        return abs(vals[0])
    }
    if name.text == "min" && vals.len == 2 {
        return min(vals[0], vals[1])
    }
    if name.text == "max" && vals.len == 2 {
        return max(vals[0], vals[1])
    }
    c.fail(name.col, "no function " + name.text + " of " + to_string(vals.len) + " argument(s)")
    return 0
}

fn (c: ref Calc) atom() -> int {
    let t = c.next()
    if t.kind == TK_NUM {
        return t.value
    }
    if t.kind == TK_OP && t.text == "(" {
        let v = c.expr()
        c.expect(")")
        return v
    }
    if t.kind != TK_NAME {
        c.fail(t.col, "expected a value but found " + describe(t))
        return 0
    }
    if !c.at_op("(") {
        return c.lookup(t)
    }
    c.pos += 1
    var vals: []int
    vals.push(c.expr())
    while c.at_op(",") {
        c.pos += 1
        vals.push(c.expr())
    }
    c.expect(")")
    var v = 0
    if !c.failed {
        v = c.call(t, vals)
    }
    delete(vals)
    return v
}

fn (c: ref Calc) power() -> int {
    let base = c.atom()
    if !c.at_op("^") {
        return base
    }
    let op = c.next()
    let exp = c.unary()
    if exp < 0 {
        c.fail(op.col, "negative exponent " + to_string(exp))
        return 0
    }
    return ipow(base, exp)
}

fn (c: ref Calc) unary() -> int {
    if c.at_op("-") {
        c.pos += 1
        return -c.unary()
    }
    return c.power()
}

fn (c: ref Calc) term() -> int {
    var v = c.unary()
    while !c.failed && (c.at_op("*") || c.at_op("/") || c.at_op("%")) {
        let op = c.next()
        let r = c.unary()
        if op.text == "*" {
            v *= r
        } else if r == 0 {
            c.fail(op.col, "division by zero")
        } else if r == -1 {
            v = -v              // also right for the smallest int, where / would trap
            if op.text == "%" {
                v = 0
            }
        } else if op.text == "/" {
            v /= r
        } else {
            v %= r
        }
    }
    return v
}

fn (c: ref Calc) expr() -> int {
    var v = c.term()
    while !c.failed && (c.at_op("+") || c.at_op("-")) {
        let op = c.next()
        let r = c.term()
        if op.text == "+" {
            v += r
        } else {
            v -= r
        }
    }
    return v
}

fn (c: ref Calc) statement() {
    let t = c.peek()
    if t.kind == TK_NAME && t.text == "let" {
        c.pos += 1
        let name = c.next()
        if name.kind != TK_NAME {
            c.fail(name.col, "expected a name after let but found " + describe(name))
            return
        }
        c.expect("=")
        let v = c.expr()
        if !c.failed {
            c.assign(name.text, v)
            println("  " + name.text, "=", v)
        }
        return
    }
    let v = c.expr()
    if !c.failed {
        println(" ", v)
    }
}

// Runs one line: its statements in order, stopping at the first error.
fn (c: ref Calc) run(line: string) -> bool {
    println(">", line)
    c.failed = false
    c.tokenize(line)
    while !c.failed && c.peek().kind != TK_END {
        c.statement()
        if c.failed || c.peek().kind == TK_END {
            break
        }
        c.expect(";")
    }
    if c.failed {
        println("  error:", c.error)
    }
    return !c.failed
}

fn main() -> int {
    var calc = Calc{}
    var ok = true
    let given = args()
    if given.len > 0 {
        for line in given {
            if !calc.run(line) {
                ok = false
            }
        }
        if ok {
            return 0
        }
        return 1
    }
    let demo = ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 10 - 24", "-7 / 2; -7 % 2; 2 ^ 3 ^ 2",
                "let r = 12; let pi100 = 314; pi100 * r * r / 100",
                "max(r, 20) - min(3, abs(-8))", "let x = 7; x * x + 1",
                "9223372036854775807 + 1", "1 / (x - 7)", "2 * (3 + 4", "y + 1",
                "3 $ 4", "sqrt(16)", "1 +", "let 5 = 5"]
    for line in demo {
        calc.run(line)
    }
    return 0
}
