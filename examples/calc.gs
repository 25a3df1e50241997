// calc.gs — a pocket calculator: a tokenizer, a recursive-descent parser
// building a syntax tree, and an evaluator for integer expressions with
// variables. Each argument is one line, e.g.
// `goose run examples/calc.gs -- "let x = 6; x * 7"`; with none it runs a demo.
//
//   line  := stmt (';' stmt)*
//   stmt  := 'let' NAME '=' expr | expr
//   expr  := term (('+' | '-') term)*
//   term  := unary (('*' | '/' | '%') unary)*
//   unary := '-' unary | power
//   power := atom ('^' unary)?
//   atom  := NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
import "map"

enum Tok {
    Num(v: int)
    Name
    Op(c: u8)
    End
}

struct Token {
    kind: Tok
    text: string // the token's characters (a view into the line)
    col: int     // 1-based column
}

// The syntax tree lives in an arena (Parser.nodes): an enum may hold
// itself only through a slice, so children are indices into it.
enum Expr {
    Num(v: int)
    Var(name: string, col: int)
    Neg(e: int)
    Bin(op: u8, col: int, l: int, r: int)
    Call(name: string, col: int, args: []int)
}

enum Stmt {
    Let(name: string, e: int)
    Show(e: int)
}

// What went wrong; Error.report prints it, so nothing is allocated for it.
enum Fault {
    BadChar(c: u8)
    ExpectedOp(op: u8, found: Token)
    Expected(what: string, found: Token)
    Unknown(name: string)
    NoFunction(name: string, n: int)
    DivByZero
    NegExponent(e: int)
}

struct Error {
    col: int
    fault: Fault
}

fn fault(col: int, f: Fault) -> ?Error {
    return Error{col: col, fault: f}
}

// Prints what was found where something else was expected, and ends the line.
fn (t: Token) print_found() {
    match t.kind {
        End => printf("end of input\n")
        Num(_) => printf("number {}\n", t.text)
        _ => printf("'{}'\n", t.text)
    }
}

// Prints the error under its line, `> ` and the line: a marker at its
// column, then the message.
fn (e: Error) report() {
    for _ in 0..e.col + 1 {
        printf(" ")
    }
    printf("^\n  error: column {}: ", e.col)
    match e.fault {
        BadChar(c) => printf("unexpected character '{:c}'\n", c)
        ExpectedOp(op, t) => {
            printf("expected '{:c}' but found ", op)
            t.print_found()
        }
        Expected(what, t) => {
            printf("expected {} but found ", what)
            t.print_found()
        }
        Unknown(name) => printf("unknown variable '{}'\n", name)
        NoFunction(name, n) => printf("no function {} of {} argument(s)\n", name, n)
        DivByZero => printf("division by zero\n")
        NegExponent(v) => printf("negative exponent {}\n", v)
    }
}

fn is_digit(c: u8) -> bool {
    return c >= '0' && c <= '9'
}

fn is_alpha(c: u8) -> bool {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'
}

fn is_op(c: u8) -> bool {
    match c {
        '+' | '-' | '*' | '/' | '%' | '^' | '(' | ')' | '=' | ';' | ',' => return true
        _ => return false
    }
}

// One line being read: its tokens and the tree of the statement parsed.
struct Parser {
    toks: []Token
    pos: int
    nodes: []Expr
    err: ?Error
}

fn (p: ref Parser) free() {
    for n in p.nodes {
        match n {
            Call(_, _, args) => delete(args)
            _ => {}
        }
    }
    delete(p.nodes)
    delete(p.toks)
}

fn (p: ref Parser) fail(col: int, f: Fault) -> bool {
    p.err = fault(col, f)
    return false
}

// Splits a line into tokens, ending with an End.
fn (p: ref Parser) tokenize(line: string) -> bool {
    var i = 0
    while i < line.len {
        let ch = line[i]
        let start = i
        if ch == ' ' || ch == '\t' {
            i += 1
            continue
        }
        var kind = Tok.Name
        if is_digit(ch) {
            var v = 0
            while i < line.len && is_digit(line[i]) {
                v = v * 10 + (line[i] - '0') as int
                i += 1
            }
            kind = Tok.Num(v)
        } else if is_alpha(ch) {
            while i < line.len && (is_alpha(line[i]) || is_digit(line[i])) {
                i += 1
            }
        } else if is_op(ch) {
            i += 1
            kind = Tok.Op(ch)
        } else {
            return p.fail(start + 1, Fault.BadChar(ch))
        }
        p.toks.push(Token{kind: kind, text: line[start:i], col: start + 1})
    }
    p.toks.push(Token{kind: Tok.End, text: "", col: line.len + 1})
    return true
}

fn (p: ref Parser) peek() -> Token {
    return p.toks[p.pos]
}

fn (p: ref Parser) at_end() -> bool {
    match p.peek().kind {
        End => return true
        _ => return false
    }
}

fn (p: ref Parser) at_op(op: u8) -> bool {
    match p.peek().kind {
        Op(c) => return c == op
        _ => return false
    }
}

fn (p: ref Parser) next() -> Token {
    let t = p.peek()
    if !p.at_end() {
        p.pos += 1
    }
    return t
}

fn (p: ref Parser) expect(op: u8) -> bool {
    if p.at_op(op) {
        p.pos += 1
        return true
    }
    let t = p.peek()
    return p.fail(t.col, Fault.ExpectedOp(op, t))
}

// Adds a node to the arena: its index, and true.
fn (p: ref Parser) add(e: Expr) -> (int, bool) {
    p.nodes.push(e)
    return (p.nodes.len - 1, true)
}

fn (p: ref Parser) call(name: Token) -> (int, bool) {
    var args: []int
    while true {
        let (e, ok) = p.expr()
        if !ok {
            delete(args)
            return (0, false)
        }
        args.push(e)
        if !p.at_op(',') {
            break
        }
        p.pos += 1
    }
    if !p.expect(')') {
        delete(args)
        return (0, false)
    }
    return p.add(Expr.Call(name.text, name.col, args))
}

fn (p: ref Parser) atom() -> (int, bool) {
    let t = p.next()
    match t.kind {
        Num(v) => return p.add(Expr.Num(v))
        Name => {
            if !p.at_op('(') {
                return p.add(Expr.Var(t.text, t.col))
            }
            p.pos += 1
            return p.call(t)
        }
        Op(c) => {
            if c == '(' {
                let (e, ok) = p.expr()
                return (e, ok && p.expect(')'))
            }
        }
        End => {}
    }
    return (0, p.fail(t.col, Fault.Expected("a value", t)))
}

fn (p: ref Parser) power() -> (int, bool) {
    let (base, ok) = p.atom()
    if !ok || !p.at_op('^') {
        return (base, ok)
    }
    let op = p.next()
    let (exp, exp_ok) = p.unary()
    if !exp_ok {
        return (0, false)
    }
    return p.add(Expr.Bin('^', op.col, base, exp))
}

fn (p: ref Parser) unary() -> (int, bool) {
    if !p.at_op('-') {
        return p.power()
    }
    p.pos += 1
    let (e, ok) = p.unary()
    if !ok {
        return (0, false)
    }
    return p.add(Expr.Neg(e))
}

fn (p: ref Parser) term() -> (int, bool) {
    var (l, ok) = p.unary()
    while ok && (p.at_op('*') || p.at_op('/') || p.at_op('%')) {
        let op = p.next()
        let (r, r_ok) = p.unary()
        if !r_ok {
            return (0, false)
        }
        l, ok = p.add(Expr.Bin(op.text[0], op.col, l, r))
    }
    return (l, ok)
}

fn (p: ref Parser) expr() -> (int, bool) {
    var (l, ok) = p.term()
    while ok && (p.at_op('+') || p.at_op('-')) {
        let op = p.next()
        let (r, r_ok) = p.term()
        if !r_ok {
            return (0, false)
        }
        l, ok = p.add(Expr.Bin(op.text[0], op.col, l, r))
    }
    return (l, ok)
}

fn (p: ref Parser) statement() -> (Stmt, bool) {
    let t = p.peek()
    var s: Stmt
    match t.kind {
        Name => {
            if t.text == "let" {
                p.pos += 1
                let name = p.next()
                match name.kind {
                    Name => {}
                    _ => return (s, p.fail(name.col, Fault.Expected("a name after let", name)))
                }
                if !p.expect('=') {
                    return (s, false)
                }
                let (e, ok) = p.expr()
                return (Stmt.Let(name.text, e), ok)
            }
        }
        _ => {}
    }
    let (e, ok) = p.expr()
    return (Stmt.Show(e), ok)
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

// The calculator: its variables, kept from line to line.
struct Calc {
    vars: map.Map[string, int]
}

fn (c: ref Calc) eval(nodes: []Expr, i: int) -> (int, ?Error) {
    match nodes[i] {
        Num(v) => return (v, none)
        Var(name, col) => {
            match c.vars.get(name) {
                some(v) => return (v, none)
                none => return (0, fault(col, Fault.Unknown(name)))
            }
        }
        Neg(e) => {
            let (v, err) = c.eval(nodes, e)
            return (-v, err)
        }
        Bin(op, col, l, r) => {
            let (a, l_err) = c.eval(nodes, l)
            if l_err.is_some() {
                return (0, l_err)
            }
            let (b, r_err) = c.eval(nodes, r)
            if r_err.is_some() {
                return (0, r_err)
            }
            return binary(op, col, a, b)
        }
        Call(name, col, args) => {
            var vals: []int
            defer delete(vals)
            for a in args {
                let (v, err) = c.eval(nodes, a)
                if err.is_some() {
                    return (0, err)
                }
                vals.push(v)
            }
            return call(name, col, vals)
        }
    }
}

fn binary(op: u8, col: int, a: int, b: int) -> (int, ?Error) {
    match op {
        '+' => return (a + b, none)
        '-' => return (a - b, none)
        '*' => return (a * b, none)
        '^' => {
            if b < 0 {
                return (0, fault(col, Fault.NegExponent(b)))
            }
            return (ipow(a, b), none)
        }
        _ => {}
    }
    if b == 0 {
        return (0, fault(col, Fault.DivByZero))
    }
    if b == -1 { // a / -1 is -a, also for the smallest int, where / would trap
        if op == '/' {
            return (-a, none)
        }
        return (0, none)
    }
    if op == '/' {
        return (a / b, none)
    }
    return (a % b, none)
}

// abs(x), min(a, b), max(a, b): vals are the arguments, already evaluated.
fn call(name: string, col: int, vals: []int) -> (int, ?Error) {
    match name {
        "abs" => if vals.len == 1 { return (abs(vals[0]), none) }
        "min" => if vals.len == 2 { return (min(vals[0], vals[1]), none) }
        "max" => if vals.len == 2 { return (max(vals[0], vals[1]), none) }
        _ => {}
    }
    return (0, fault(col, Fault.NoFunction(name, vals.len)))
}

fn (c: ref Calc) exec(nodes: []Expr, s: Stmt) -> ?Error {
    match s {
        Let(name, e) => {
            let (v, err) = c.eval(nodes, e)
            if err.is_some() {
                return err
            }
            c.vars.put(name, v)
            printf("  {} = {}\n", name, v)
        }
        Show(e) => {
            let (v, err) = c.eval(nodes, e)
            if err.is_some() {
                return err
            }
            printf("  {}\n", v)
        }
    }
    return none
}

// Parses and runs the statements of a line in order, up to the first error.
fn (c: ref Calc) execute(p: ref Parser, line: string) -> ?Error {
    if !p.tokenize(line) {
        return p.err
    }
    while !p.at_end() {
        let (s, ok) = p.statement()
        if !ok {
            return p.err
        }
        let err = c.exec(p.nodes, s)
        if err.is_some() {
            return err
        }
        if !p.at_end() && !p.expect(';') {
            return p.err
        }
    }
    return none
}

fn (c: ref Calc) run(line: string) -> bool {
    println(">", line)
    var p = Parser{}
    defer p.free()
    match c.execute(p, line) {
        some(e) => {
            e.report()
            return false
        }
        none => return true
    }
}

fn main() -> int {
    var calc = Calc{}
    defer calc.vars.free()
    let given = args()
    if given.len > 0 {
        var ok = true
        for line in given {
            ok = calc.run(line) && ok
        }
        if ok {
            return 0
        }
        return 1
    }
    let demo = []string{
        "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 10 - 24", "-7 / 2; -7 % 2; 2 ^ 3 ^ 2",
        "let r = 12; let pi100 = 314; pi100 * r * r / 100",
        "max(r, 20) - min(3, abs(-8))", "let x = 7; x * x + 1",
        "9223372036854775807 + 1", "1 / (x - 7)", "2 * (3 + 4", "y + 1",
        "3 $ 4", "sqrt(16)", "1 +", "let 5 = 5",
    }
    defer delete(demo)
    for line in demo {
        calc.run(line)
    }
    return 0
}
