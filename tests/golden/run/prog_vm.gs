// A small stack virtual machine: instructions in a slice of structs, a
// fixed-array register file, jumps, and a dispatch loop.
const PUSH: int = 0
const ADD: int = 1
const SUB: int = 2
const MUL: int = 3
const LOAD: int = 4
const STORE: int = 5
const JNZ: int = 6
const JMP: int = 7
const PRINT: int = 8
const HALT: int = 9
const DUP: int = 10
const LT: int = 11

struct Ins { op: int, arg: int }

struct Vm {
    code: []Ins
    stack: []int
    regs: [8]int
    pc: int
    steps: int
}

fn (vm: ref Vm) emit(op: int, arg: int) { vm.code.push(Ins{op: op, arg: arg}) }

fn (vm: ref Vm) pop() -> int { return vm.stack.pop() }

fn (vm: ref Vm) run() {
    while true {
        let ins = vm.code[vm.pc]
        vm.pc += 1
        vm.steps += 1
        if ins.op == PUSH {
            vm.stack.push(ins.arg)
        } else if ins.op == ADD {
            let b = vm.pop()
            let a = vm.pop()
            vm.stack.push(a + b)
        } else if ins.op == SUB {
            let b = vm.pop()
            let a = vm.pop()
            vm.stack.push(a - b)
        } else if ins.op == MUL {
            let b = vm.pop()
            let a = vm.pop()
            vm.stack.push(a * b)
        } else if ins.op == LT {
            let b = vm.pop()
            let a = vm.pop()
            if a < b { vm.stack.push(1) } else { vm.stack.push(0) }
        } else if ins.op == LOAD {
            vm.stack.push(vm.regs[ins.arg])
        } else if ins.op == STORE {
            vm.regs[ins.arg] = vm.pop()
        } else if ins.op == DUP {
            let v = vm.pop()
            vm.stack.push(v)
            vm.stack.push(v)
        } else if ins.op == JNZ {
            if vm.pop() != 0 { vm.pc = ins.arg }
        } else if ins.op == JMP {
            vm.pc = ins.arg
        } else if ins.op == PRINT {
            println("out:", vm.pop())
        } else if ins.op == HALT {
            return
        }
    }
}

fn main() {
    var vm = Vm{}
    // r0 = 1 (i), r1 = 0 (sum), r2 = 1 (product)
    vm.emit(PUSH, 1)
    vm.emit(STORE, 0)
    vm.emit(PUSH, 0)
    vm.emit(STORE, 1)
    vm.emit(PUSH, 1)
    vm.emit(STORE, 2)
    // loop at 6: sum += i; if i < 16: product *= i; i += 1; if i < 101 goto loop
    vm.emit(LOAD, 1)
    vm.emit(LOAD, 0)
    vm.emit(ADD, 0)
    vm.emit(STORE, 1)
    vm.emit(LOAD, 0)
    vm.emit(PUSH, 16)
    vm.emit(LT, 0)
    vm.emit(JNZ, 15)
    vm.emit(JMP, 19)
    // 15: product *= i
    vm.emit(LOAD, 2)
    vm.emit(LOAD, 0)
    vm.emit(MUL, 0)
    vm.emit(STORE, 2)
    // 19: i += 1
    vm.emit(LOAD, 0)
    vm.emit(PUSH, 1)
    vm.emit(ADD, 0)
    vm.emit(DUP, 0)
    vm.emit(STORE, 0)
    vm.emit(PUSH, 101)
    vm.emit(LT, 0)
    vm.emit(JNZ, 6)
    vm.emit(LOAD, 1)
    vm.emit(PRINT, 0)
    vm.emit(LOAD, 2)
    vm.emit(PRINT, 0)
    vm.emit(PUSH, 7)
    vm.emit(PUSH, 10)
    vm.emit(SUB, 0)
    vm.emit(PRINT, 0)
    vm.emit(HALT, 0)
    vm.run()
    println("steps", vm.steps, "stack", vm.stack.len, "code", vm.code.len)
}
