// A tiny stack VM with a generic stack, a map of labels, closures for tracing.
import "map"

const OP_PUSH: int = 1
const OP_ADD: int = 2
const OP_SUB: int = 3
const OP_MUL: int = 4
const OP_JZ: int = 5
const OP_JMP: int = 6
const OP_DUP: int = 7
const OP_PRINT: int = 8
const OP_HALT: int = 9
const OP_SWAP: int = 10
const OP_OVER: int = 11
const OP_DROP: int = 12

struct Instr { op: int, arg: i64 }

struct Stack[T] { items: []T }

fn (s: ref Stack[T]) push(v: T) { s.items.push(v) }
fn (s: ref Stack[T]) pop() -> T { return s.items.pop() }
fn (s: Stack[T]) peek() -> ?T {
    if s.items.len == 0 { return none }
    return s.items[s.items.len - 1]
}
fn (s: Stack[T]) depth() -> int { return s.items.len }

struct VM {
    code: []Instr
    pc: int
    stack: Stack[i64]
    steps: int
    out: []string
}

var total_steps: int = 0

fn (vm: ref VM) step() -> bool {
    let ins = vm.code[vm.pc]
    vm.pc += 1
    vm.steps += 1
    if ins.op == OP_PUSH {
        vm.stack.push(ins.arg)
    } else if ins.op == OP_ADD {
        let b = vm.stack.pop()
        let a = vm.stack.pop()
        vm.stack.push(a + b)
    } else if ins.op == OP_SUB {
        let b = vm.stack.pop()
        let a = vm.stack.pop()
        vm.stack.push(a - b)
    } else if ins.op == OP_MUL {
        let b = vm.stack.pop()
        let a = vm.stack.pop()
        vm.stack.push(a * b)
    } else if ins.op == OP_JZ {
        let c = vm.stack.pop()
        if c == 0 { vm.pc = ins.arg as int }
    } else if ins.op == OP_JMP {
        vm.pc = ins.arg as int
    } else if ins.op == OP_DUP {
        let t = vm.stack.peek().unwrap()
        vm.stack.push(t)
    } else if ins.op == OP_SWAP {
        let b = vm.stack.pop()
        let a = vm.stack.pop()
        vm.stack.push(b)
        vm.stack.push(a)
    } else if ins.op == OP_OVER {
        let b = vm.stack.pop()
        let a = vm.stack.pop()
        vm.stack.push(a)
        vm.stack.push(b)
        vm.stack.push(a)
    } else if ins.op == OP_DROP {
        vm.stack.pop()
    } else if ins.op == OP_PRINT {
        let v = vm.stack.pop()
        vm.out.push(to_string(v))
    } else if ins.op == OP_HALT {
        return false
    } else {
        panic("bad opcode")
    }
    return true
}

fn assemble(src: string, labels: ref map.Map[string, int]) -> []Instr {
    // two passes: first collect labels, then emit
    var lines: []string
    var start = 0
    for i in 0..src.len + 1 {
        if i == src.len || src[i] == ';' {
            var l = src[start:i]
            // trim spaces
            while l.len > 0 && l[0] == ' ' { l = l[1:] }
            while l.len > 0 && l[l.len - 1] == ' ' { l = l[:l.len - 1] }
            if l.len > 0 { lines.push(l) }
            start = i + 1
        }
    }
    var n = 0
    for l in lines {
        if l[l.len - 1] == ':' {
            labels.put(l[:l.len - 1], n)
        } else {
            n += 1
        }
    }
    var code: []Instr
    for l in lines {
        if l[l.len - 1] == ':' { continue }
        var sp = -1
        for i, c in l.bytes() {
            if c == ' ' && sp < 0 { sp = i }
        }
        var name = l
        var arg = ""
        if sp >= 0 {
            name = l[:sp]
            arg = l[sp + 1:]
        }
        var a: i64 = 0
        if arg.len > 0 {
            let p = parse_int(arg)
            if p.is_some() {
                a = p.unwrap()
            } else {
                a = labels.get(arg).unwrap() as i64
            }
        }
        var op = 0
        if name == "push" { op = OP_PUSH }
        if name == "add" { op = OP_ADD }
        if name == "sub" { op = OP_SUB }
        if name == "mul" { op = OP_MUL }
        if name == "jz" { op = OP_JZ }
        if name == "jmp" { op = OP_JMP }
        if name == "dup" { op = OP_DUP }
        if name == "print" { op = OP_PRINT }
        if name == "halt" { op = OP_HALT }
        if name == "swap" { op = OP_SWAP }
        if name == "over" { op = OP_OVER }
        if name == "drop" { op = OP_DROP }
        code.push(Instr{op: op, arg: a})
    }
    return code
}

fn run_prog(src: string, trace: fn(int, int)) -> []string {
    var labels = map.Map[string, int]{}
    var vm = VM{code: assemble(src, labels)}
    while vm.step() {
        trace(vm.pc, vm.stack.depth())
    }
    total_steps += vm.steps
    labels.free()
    return vm.out
}

fn main() {
    // factorial of 10 via loop: acc n
    let fact = "push 1; push 10; loop: ; dup; jz end; dup; push -1; add; swap; push 0; add; over; over; drop; mul; swap; push 0; swap; sub; push -1; mul; push -1; add; jmp loop; end: ; drop; print; halt"
    var maxdepth = 0
    var calls = 0
    let out = run_prog(fact, fn(pc: int, d: int) {
        calls += 1
        if d > maxdepth { maxdepth = d }
    })
    for s in out { println("out", s) }
    println("calls", calls, "maxdepth", maxdepth, "steps", total_steps)

    // countdown printing
    let cd = "push 5; top: ; dup; print; push 1; sub; dup; jz done; jmp top; done: ; halt"
    var seen: [16]int
    let out2 = run_prog(cd, fn(pc: int, d: int) { seen[pc] += 1 })
    var line = ""
    for s in out2 { line = line + s + "," }
    println(line)
    println(seen[1], seen[2], seen[8], total_steps)
}
