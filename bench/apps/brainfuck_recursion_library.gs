// langarena: Brainfuck::Recursion program warmup_program iterations warmup_iterations
//
// A Brainfuck interpreter over a tree. Each run parses `program` into a
// list of operations, a loop holding its own list (unknown bytes are
// skipped, an unmatched `]` ends the list), runs the list recursively on
// a fresh tape of 30000 zeroed cells (u8, wrapping; `>` off the end grows
// it by one cell, `<` at cell 0 stays), and frees the tree. Every `.`
// folds the current cell into the run's result as
// result = (result << 2) + cell (u32); the checksum adds up the results
// of the timed runs. The warm-up runs do the same with `warmup_program`,
// `warmup_iterations` times (or max(1, iterations * 2 / 10) when the entry
// has none), and add nothing.
//
// Memory: each list is a span of a slice pool (`pool.slice_pool[Op]`),
// as upstream's malloc'd arrays: 16 operations at first, doubled by
// resize when full; a Loop holds its body's span and the body's length.
// The tape is a span of another slice pool (`pool.slice_pool[u8]`), as
// upstream callocs it, grown by one cell with resize as upstream reallocs
// it. After the run the spans are freed bottom up, and the tape.
// brainfuck_recursion.gs is the same program with plain slices grown by
// push.
// Usage: brainfuck_recursion_library program warmup_program iterations [warmup_iterations] expected_checksum
//   Prints `Brainfuck::Recursion: OK in <s>s` or
//   `Brainfuck::Recursion: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "pool"

const NAME: string = "Brainfuck::Recursion"
const TAPE_SIZE: int = 30000

// LangArena's RNG (unused by this benchmark; kept so every port has the
// same harness).
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

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

enum Op {
    Inc
    Dec
    Right
    Left
    Print
    Loop(ops: []Op, n: int)
}

var spans: pool.slice_pool[Op]
var tapes: pool.slice_pool[u8]

// A list being built: its span and how many operations it holds.
struct List {
    span: []Op
    n: int
}

fn (l: ref List) add(op: Op) {
    if l.n == l.span.len {
        l.span = spans.resize(l.span, l.span.len * 2)
    }
    l.span[l.n] = op
    l.n += 1
}

// The operations of text from pos up to the `]` closing them (consumed)
// or the end.
fn parse_ops(text: string, pos: ref int) -> List {
    var l = List{span: spans.alloc_slice(16)}
    while pos < text.len {
        let c = text[pos]
        pos += 1
        match c {
            '+' => l.add(Op.Inc)
            '-' => l.add(Op.Dec)
            '>' => l.add(Op.Right)
            '<' => l.add(Op.Left)
            '.' => l.add(Op.Print)
            '[' => {
                let body = parse_ops(text, pos)
                l.add(Op.Loop(body.span, body.n))
            }
            ']' => return l
            _ => {}
        }
    }
    return l
}

fn free_ops(ops: []Op, n: int) {
    for k in 0..n {
        match ops[k] {
            Loop(body, m) => free_ops(body, m)
            _ => {}
        }
    }
    spans.free(ops)
}

// The tape: cells and the current position (i32, as upstream's).
struct Tape {
    cells: []u8
    pos: i32
}

inline fn (t: ref Tape) right() {
    t.pos += 1
    if t.pos as int >= t.cells.len {
        t.cells = tapes.resize(t.cells, t.cells.len + 1)
    }
}

inline fn (t: ref Tape) left() {
    if t.pos > 0 {
        t.pos -= 1
    }
}

fn run_ops(ops: []Op, n: int, t: ref Tape, result: ref u32) {
    for k in 0..n {
        match ops[k] {
            Inc => t.cells[t.pos] += 1
            Dec => t.cells[t.pos] -= 1
            Right => t.right()
            Left => t.left()
            Print => result = (result << 2) + t.cells[t.pos] as u32
            Loop(body, m) => {
                while t.cells[t.pos] != 0 {
                    run_ops(body, m, t, result)
                }
            }
        }
    }
}

// Parses text, runs it on a fresh tape, frees both; the fold of every `.`.
fn run_program(text: string) -> u32 {
    var pos = 0
    let ops = parse_ops(text, pos)
    var t = Tape{cells: tapes.alloc_slice(TAPE_SIZE)}
    var result: u32 = 0
    run_ops(ops.span, ops.n, t, result)
    tapes.free(t.cells)
    free_ops(ops.span, ops.n)
    return result
}

fn main() -> int {
    let a = args()
    if a.len != 4 && a.len != 5 {
        eprintln("usage: brainfuck_recursion_library program warmup_program iterations [warmup_iterations] expected_checksum")
        return 2
    }
    let iterations = arg_int(a, 2)
    var warmups = max(1, iterations * 2 / 10)
    if a.len == 5 {
        warmups = arg_int(a, 3)
    }
    let expected = arg_int(a, a.len - 1)
    if iterations < 0 || warmups < 0 {
        eprintln(NAME + ": iterations must be >= 0")
        return 2
    }
    var result: u32 = 0
    rng_reset()
    let program = a[0]
    let warmup = a[1]
    for _ in 0..warmups { run_program(warmup) }
    rng_reset()
    let t0 = clock_ns()
    for _ in 0..iterations { result += run_program(program) }
    let t1 = clock_ns()
    return report(result, expected, t1 - t0)
}
