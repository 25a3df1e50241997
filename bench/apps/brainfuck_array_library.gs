// langarena: Brainfuck::Array program warmup_program iterations warmup_iterations
//
// A Brainfuck interpreter over a flat program. `prepare` keeps the eight
// command bytes of `program` (and of `warmup_program`) and pairs every
// bracket with its partner in a jump table; each run executes the program
// on a fresh tape of 30000 zeroed cells (u8, wrapping), grown by one cell
// when `>` walks off its end; `<` at cell 0 stays there. Every `.` folds
// the current cell into the run's result as result = (result << 2) + cell
// (u32); the checksum adds up the results of the timed runs. The warm-up
// runs execute `warmup_program` instead, `warmup_iterations` times (or
// max(1, iterations / 5) when the entry has none), and add nothing.
//
// Memory: the commands and jump tables are plain slices made once in
// prepare; each run's tape is a span of a slice pool
// (`pool.slice_pool[u8]`), as upstream callocs it, grown by one cell with
// resize as upstream reallocs it, and freed at the end of the run.
// brainfuck_array.gs is the same program with a tape made by make and
// grown by push. The dispatch loop (stretch) runs between growths of the
// tape, so no storage moves inside it and the lifetime checks of code,
// jumps and cells are each made once per stretch instead of at every
// access (the bounds checks stay at every access).
// Usage: brainfuck_array_library program warmup_program iterations [warmup_iterations] expected_checksum
//   Prints `Brainfuck::Array: OK in <s>s` or
//   `Brainfuck::Array: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "pool"

const NAME: string = "Brainfuck::Array"
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

// A program ready to run: its commands and, for each bracket, the index
// of its partner (unmatched brackets keep 0, as upstream's calloc).
struct Program {
    code: []u8
    jumps: []i32
}

inline fn is_command(c: u8) -> bool {
    match c {
        '[' | ']' | '<' | '>' | '+' | '-' | ',' | '.' => return true
        _ => return false
    }
}

fn compile(text: string) -> Program {
    var p = Program{}
    for c in text {
        if is_command(c) {
            p.code.push(c)
        }
    }
    p.jumps = make([]i32, p.code.len)
    var stack: []i32
    for pc in 0..p.code.len {
        let c = p.code[pc]
        if c == '[' {
            stack.push(pc as i32)
        } else if c == ']' && stack.len > 0 {
            let left = stack.pop()
            p.jumps[left] = pc as i32
            p.jumps[pc] = left
        }
    }
    delete(stack)
    return p
}

// The interpreter's state between stretches: the next command, the
// current cell, the fold of `.` so far.
struct Vm {
    pc: int
    pos: int
    result: u32
}

// Runs code from vm.pc until it ends or a `>` walks off the tape's end
// (vm.pos == cells.len then; the caller grows the tape). No storage moves
// here, so every check of code, jumps and cells is made against storage
// that stays put.
fn stretch(code: []u8, jumps: []i32, cells: []u8, vm: ref Vm) {
    var pc = vm.pc
    var pos = vm.pos
    var result = vm.result
    while pc < code.len {
        match code[pc] {
            '+' => cells[pos] += 1
            '-' => cells[pos] -= 1
            '>' => {
                pos += 1
                if pos >= cells.len {
                    pc += 1
                    break
                }
            }
            '<' => {
                if pos > 0 {
                    pos -= 1
                }
            }
            '[' => {
                if cells[pos] == 0 {
                    pc = jumps[pc] as int
                }
            }
            ']' => {
                if cells[pos] != 0 {
                    pc = jumps[pc] as int
                }
            }
            '.' => result = (result << 2) + cells[pos] as u32
            _ => {}
        }
        pc += 1
    }
    vm.pc = pc
    vm.pos = pos
    vm.result = result
}

// Runs p on a fresh tape of TAPE_SIZE cells, grown by one cell each time
// `>` walks off its end; the fold of every `.`.
var tapes: pool.slice_pool[u8]

fn execute(p: ref Program) -> u32 {
    var cells = tapes.alloc_slice(TAPE_SIZE)
    var vm = Vm{}
    while vm.pc < p.code.len {
        stretch(p.code, p.jumps, cells, vm)
        if vm.pos == cells.len {
            cells = tapes.resize(cells, cells.len + 1)
        }
    }
    tapes.free(cells)
    return vm.result
}

struct Bench {
    program: Program
    warmup: Program
    result: u32
}

fn main() -> int {
    let a = args()
    if a.len != 4 && a.len != 5 {
        eprintln("usage: brainfuck_array_library program warmup_program iterations [warmup_iterations] expected_checksum")
        return 2
    }
    let iterations = arg_int(a, 2)
    var warmups = max(1, iterations / 5)
    if a.len == 5 {
        warmups = arg_int(a, 3)
    }
    let expected = arg_int(a, a.len - 1)
    if iterations < 0 || warmups < 0 {
        eprintln(NAME + ": iterations must be >= 0")
        return 2
    }
    var b = Bench{}
    rng_reset()
    b.program = compile(a[0])
    b.warmup = compile(a[1])
    for _ in 0..warmups { execute(b.warmup) }
    rng_reset()
    let t0 = clock_ns()
    for _ in 0..iterations { b.result += execute(b.program) }
    let t1 = clock_ns()
    return report(b.result, expected, t1 - t0)
}
