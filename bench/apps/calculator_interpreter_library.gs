// langarena: Calculator::Interpreter operations iterations
//
// A tree-walking interpreter for the calculator language of
// Calculator::Ast. `prepare` writes the same random program (11 +
// `operations` assignments `vN = vM + <expr>`) and parses it once into
// one tree per statement. Each run evaluates every statement in order
// with a fresh table of variables (an unknown variable reads 0; `/` and
// `%` by zero give 0, and divide with truncation toward zero) and adds
// the last statement's value (i64, truncated to u32) to the checksum.
//
// Memory: every AST node is a slot of a slot pool (here
// `pool.slot_pool[Node]`), linked to its children by index, made in
// prepare; a name is a view of the program text (upstream strdup's it;
// a Goose string is a (ptr, len) view, and the text outlives every
// node). The variables are
// a map.Map[string, int] made by each run and freed at its end (its put
// keeps its own copy of each name, as upstream's table strdup's it).
// Variant: library pools (`pool.slot_pool`); the _builtin file is the
// same program on the builtin `reusable` pools.
// Usage: calculator_interpreter_library operations iterations expected_checksum
//   Prints `Calculator::Interpreter: OK in <s>s` or
//   `Calculator::Interpreter: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "map"
import "pool"
import "strings"

const NAME: string = "Calculator::Interpreter"

// LangArena's RNG: next_int(max) = (last * max) / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_int(max: int) -> int {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return rng_last * max / 139968
}

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

// The program text: v0..v10 by hand, then `operations` random statements.
fn generate_program(operations: int) -> string {
    var b = strings.Builder{}
    b.write("v0 = 1\n")
    for i in 0..10 {
        format_into(b, "v{} = v{} + {}\n", i + 1, i, i + 1)
    }
    for i in 0..operations {
        let v = i + 10
        format_into(b, "v{} = v{} + ", v, v - 1)
        match next_int(10) {
            0 => format_into(b, "(v{} / 3) * 4 - {} / (3 + (18 - v{})) % v{} + 2 * ((9 - v{}) * (v{} + 7))",
                v - 1, i, v - 2, v - 3, v - 6, v - 5)
            1 => format_into(b, "v{} + (v{} + v{}) * v{} - (v{} / v{})", v - 1, v - 2, v - 3, v - 4, v - 5, v - 6)
            2 => format_into(b, "(3789 - (((v{})))) + 1", v - 7)
            3 => format_into(b, "4/2 * (1-3) + v{}/v{}", v - 9, v - 5)
            4 => format_into(b, "1+2+3+4+5+6+v{}", v - 1)
            5 => format_into(b, "(99999 / v{})", v - 3)
            6 => format_into(b, "0 + 0 - v{}", v - 8)
            7 => format_into(b, "((((((((((v{})))))))))) * 2", v - 6)
            8 => format_into(b, "{} * (v{}%6)%7", i, v - 1)
            _ => format_into(b, "(1)/(0-v{}) + (v{})", v - 5, v - 7)
        }
        b.write_byte('\n')
    }
    let text = b.to_string()
    b.free()
    return text
}

// One AST node: a tagged union, as upstream's AST_Node (its type and a
// union), 32 bytes; upstream's union points to a separately allocated
// operation or assignment, whose fields are here the variant's payload.
// Children are node indices.
enum Node {
    Number(value: i64)
    Variable(name: string)
    BinaryOp(op: u8, left: int, right: int)
    Assignment(name: string, expr: int)
}

// The parser's state: the text, the position and its byte (0 past the
// end, as upstream's NUL), and the node pool.
struct Parser {
    text: string
    pos: int
    cur: u8
    nodes: pool.slot_pool[Node]
}

inline fn is_digit(c: u8) -> bool { return c >= '0' && c <= '9' }

inline fn is_alpha(c: u8) -> bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// C's isspace.
inline fn is_space(c: u8) -> bool { return c == ' ' || (c >= '\t' && c <= '\r') }

fn (p: ref Parser) start(text: string) {
    p.text = text
    p.pos = 0
    p.cur = 0
    if text.len > 0 {
        p.cur = text[0]
    }
}

inline fn (p: ref Parser) advance() {
    p.pos += 1
    if p.pos < p.text.len {
        p.cur = p.text[p.pos]
    } else {
        p.cur = 0
    }
}

fn (p: ref Parser) skip_whitespace() {
    while p.cur != 0 && is_space(p.cur) {
        p.advance()
    }
}

fn (p: ref Parser) number_node(value: i64) -> int {
    return p.nodes.alloc(Node.Number(value))
}

fn (p: ref Parser) parse_number() -> int {
    var value: i64 = 0
    while p.cur != 0 && is_digit(p.cur) {
        value = value * 10 + (p.cur - '0') as i64
        p.advance()
    }
    return p.number_node(value)
}

fn (p: ref Parser) parse_variable() -> int {
    let start = p.pos
    while p.cur != 0 && (is_alpha(p.cur) || is_digit(p.cur)) {
        p.advance()
    }
    let name = p.text[start:p.pos]
    p.skip_whitespace()
    if p.cur == '=' {
        p.advance()
        let expr = p.parse_expression()
        return p.nodes.alloc(Node.Assignment(name, expr))
    }
    return p.nodes.alloc(Node.Variable(name))
}

fn (p: ref Parser) parse_factor() -> int {
    p.skip_whitespace()
    if p.cur == 0 {
        return p.number_node(0)
    }
    if is_digit(p.cur) {
        return p.parse_number()
    }
    if is_alpha(p.cur) {
        return p.parse_variable()
    }
    if p.cur == '(' {
        p.advance()
        let node = p.parse_expression()
        p.skip_whitespace()
        if p.cur == ')' {
            p.advance()
        }
        return node
    }
    return p.number_node(0)
}

fn (p: ref Parser) binary(op: u8, left: int, right: int) -> int {
    return p.nodes.alloc(Node.BinaryOp(op, left, right))
}

fn (p: ref Parser) parse_term() -> int {
    var node = p.parse_factor()
    while true {
        p.skip_whitespace()
        if p.cur == '*' || p.cur == '/' || p.cur == '%' {
            let op = p.cur
            p.advance()
            let right = p.parse_factor()
            node = p.binary(op, node, right)
        } else {
            break
        }
    }
    return node
}

fn (p: ref Parser) parse_expression() -> int {
    var node = p.parse_term()
    while true {
        p.skip_whitespace()
        if p.cur == '+' || p.cur == '-' {
            let op = p.cur
            p.advance()
            let right = p.parse_term()
            node = p.binary(op, node, right)
        } else {
            break
        }
    }
    return node
}

// Parses every statement of the text; the roots go to exprs.
fn (p: ref Parser) parse_all(exprs: ref []int) {
    while p.cur != 0 {
        p.skip_whitespace()
        if p.cur == 0 {
            break
        }
        exprs.push(p.parse_expression())
    }
}

// Division truncating toward zero; 0 for a zero divisor.
inline fn simple_div(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0
    }
    if (a >= 0 && b > 0) || (a < 0 && b < 0) {
        return a / b
    }
    let abs_a = abs64(a)
    let abs_b = abs64(b)
    return 0 - abs_a / abs_b
}

// |x| (wrapping at the minimum, as upstream's C does in practice).
inline fn abs64(x: i64) -> i64 {
    if x >= 0 {
        return x
    }
    return 0 - x
}

inline fn simple_mod(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0
    }
    return a - simple_div(a, b) * b
}

// The value of node i; assignments store into vars.
fn (p: ref Parser) evaluate(i: int, vars: ref map.Map[string, int]) -> i64 {
    match p.nodes.get(i) {
        Number(value) => return value
        Variable(name) => {
            match vars.get(name) {
                some(v) => return v
                none => return 0
            }
        }
        BinaryOp(op, l, r) => {
            let left = p.evaluate(l, vars)
            let right = p.evaluate(r, vars)
            match op {
                '+' => return left + right
                '-' => return left - right
                '*' => return left * right
                '/' => return simple_div(left, right)
                '%' => return simple_mod(left, right)
                _ => return 0
            }
        }
        Assignment(name, expr) => {
            let value = p.evaluate(expr, vars)
            vars.put(name, value)
            return value
        }
    }
}

struct Bench {
    text: string
    parser: Parser
    exprs: []int
    result: u32
}

fn (b: ref Bench) prepare(operations: int) {
    b.text = generate_program(operations)
    b.parser.start(b.text)
    b.parser.parse_all(b.exprs)
}

fn (b: ref Bench) run(_: int) {
    var vars = map.Map[string, int]{}
    var r: i64 = 0
    for e in b.exprs {
        r = b.parser.evaluate(e, vars)
    }
    vars.free()
    b.result += r as u32
}

fn (b: ref Bench) checksum() -> u32 { return b.result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: calculator_interpreter operations iterations expected_checksum")
        return 2
    }
    var operations = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    if iterations < 0 {
        eprintln(NAME + ": iterations must be >= 0")
        return 2
    }
    if operations <= 0 {
        operations = 1000
    }
    var b = Bench{}
    rng_reset()
    b.prepare(operations)
    for i in 0..max(1, iterations * 2 / 10) { b.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { b.run(i) }
    let t1 = clock_ns()
    return report(b.checksum(), expected, t1 - t0)
}
