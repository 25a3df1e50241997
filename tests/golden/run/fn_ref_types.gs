// Function types with ref parameters and ref results: top-level functions of
// that shape are values (in a slice, a field, a global, an argument); a
// call through one passes its ref arguments by reference.
struct Vm { acc: int, stack: []int }
fn add(vm: ref Vm, n: int) { vm.acc += n }
fn mul(vm: ref Vm, n: int) { vm.acc *= n }
fn acc_of(vm: ref Vm) -> ref int { return vm.acc }
fn top(vm: ref Vm) -> ref int { return vm.stack[vm.stack.len - 1] }
struct Table { op: fn(ref Vm, int), get: fn(ref Vm) -> ref int }
var gop: fn(ref Vm, int) = add
fn apply(f: fn(ref Vm, int), vm: ref Vm, n: int) { f(vm, n) }
fn main() {
    var ops: []fn(ref Vm, int) = []fn(ref Vm, int){add, mul}
    ops.push(add)
    var vm = Vm{acc: 1}
    ops[0](vm, 3)
    ops[1](vm, 5)
    for i in 0..ops.len { ops[i](vm, 2) }
    println(vm.acc)
    let g: fn(ref Vm) -> ref int = acc_of
    g(vm) = 7
    g(vm) += 1
    println(vm.acc)
    let r = g(vm)
    r += 10
    println(vm.acc)
    var t = Table{op: mul, get: top}
    vm.stack.push(4)
    t.op(vm, 3)
    t.get(vm) = 99
    println(vm.acc, vm.stack[0])
    gop(vm, 1)
    apply(gop, vm, 100)
    println(vm.acc)
    let inc = fn(v: ref Vm, k: int) { v.acc += k }
    inc(vm, 1000)
    apply(inc, vm, 5)
    apply(fn(v: ref Vm, k: int) { v.acc -= k }, vm, 1)
    println(vm.acc)
    var arr = [Vm{acc: 1}, Vm{acc: 2}]
    ops[0](arr[1], 40)
    println(arr[1].acc)
    let firstref = fn(v: ref Vm) -> ref int { return v.acc }
    firstref(vm) = 5
    println(vm.acc)
}
