// Function values with ref parameters need places for them; a reference one
// returns is not stored, and it must outlive the call to be returned.
struct Vm { acc: int }
fn add(vm: ref Vm, n: int) { vm.acc += n }
fn acc_of(vm: ref Vm) -> ref int { return vm.acc }
var get: fn(ref Vm) -> ref int = acc_of
fn leak() -> ref int {
    var v = Vm{}
    return get(v)
}
fn ok(vm: ref Vm) -> ref int { return get(vm) }
fn main() {
    let ops: []fn(ref Vm, int) = []fn(ref Vm, int){add}
    let vm = Vm{}
    ops[0](vm, 1)
    ops[0](Vm{}, 1)
    var m = Vm{}
    ops[0](m, "s")
    var r: ref int = get(m)
    let c = fn(v: ref Vm) { let f = fn() { v.acc += 1 } }
    let bad: fn(int) = add
}
