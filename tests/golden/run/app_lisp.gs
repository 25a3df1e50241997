// A tiny Lisp: reader, cons cells in a slice arena, environments as maps
import "map"

const NIL: u8 = 0
const NUM: u8 = 1
const SYM: u8 = 2
const CONS: u8 = 3
const LAMBDA: u8 = 4
const PRIM: u8 = 5

struct Val { kind: u8, num: i64, sym: string, car: int, cdr: int, env: int }

struct Env { vars: map.Map[string, int], parent: int }

struct Interp {
    heap: []Val
    envs: []Env
    steps: int
}

fn (it: ref Interp) mk(v: Val) -> int {
    it.heap.push(v)
    return it.heap.len - 1
}

fn (it: ref Interp) num(n: i64) -> int { return it.mk(Val{kind: NUM, num: n}) }
fn (it: ref Interp) cons(a: int, b: int) -> int { return it.mk(Val{kind: CONS, car: a, cdr: b}) }

struct Reader { src: string, pos: int }

fn (r: ref Reader) skip() {
    while r.pos < r.src.len && (r.src[r.pos] == ' ' || r.src[r.pos] == '\n') { r.pos += 1 }
}

fn (it: ref Interp) read(r: ref Reader) -> int {
    r.skip()
    if r.src[r.pos] == '(' {
        r.pos += 1
        var items: []int
        while true {
            r.skip()
            if r.src[r.pos] == ')' {
                r.pos += 1
                break
            }
            items.push(it.read(r))
        }
        var lst = 0
        var i = items.len - 1
        while i >= 0 {
            lst = it.cons(items[i], lst)
            i -= 1
        }
        return lst
    }
    let st = r.pos
    while r.pos < r.src.len && r.src[r.pos] != ' ' && r.src[r.pos] != ')' && r.src[r.pos] != '(' && r.src[r.pos] != '\n' { r.pos += 1 }
    let tok = r.src[st:r.pos]
    let n = parse_int(tok)
    if n.is_some() { return it.num(n.unwrap()) }
    return it.mk(Val{kind: SYM, sym: tok})
}

fn (it: ref Interp) lookup(env: int, name: string) -> ?int {
    var e = env
    while e >= 0 {
        let o = it.envs[e].vars.get(name)
        if o.is_some() { return o }
        e = it.envs[e].parent
    }
    return none
}

fn (it: ref Interp) nth(lst: int, n: int) -> int {
    var l = lst
    for _ in 0..n { l = it.heap[l].cdr }
    return it.heap[l].car
}

fn (it: ref Interp) eval(x: int, env: int) -> int {
    it.steps += 1
    let v = it.heap[x]
    if v.kind == NUM || v.kind == NIL { return x }
    if v.kind == SYM { return it.lookup(env, v.sym).unwrap() }
    let head = it.heap[v.car]
    if head.kind == SYM {
        if head.sym == "if" {
            let c = it.eval(it.nth(x, 1), env)
            if it.heap[c].kind != NIL && !(it.heap[c].kind == NUM && it.heap[c].num == 0) {
                return it.eval(it.nth(x, 2), env)
            }
            return it.eval(it.nth(x, 3), env)
        }
        if head.sym == "define" {
            let val = it.eval(it.nth(x, 2), env)
            it.envs[env].vars.put(it.heap[it.nth(x, 1)].sym, val)
            return val
        }
        if head.sym == "lambda" {
            return it.mk(Val{kind: LAMBDA, car: it.nth(x, 1), cdr: it.nth(x, 2), env: env})
        }
    }
    let f = it.eval(v.car, env)
    var args: []int
    var l = v.cdr
    while l != 0 {
        args.push(it.eval(it.heap[l].car, env))
        l = it.heap[l].cdr
    }
    let fv = it.heap[f]
    if fv.kind == PRIM {
        let a = it.heap[args[0]].num
        let b = it.heap[args[1]].num
        if fv.sym == "+" { return it.num(a + b) }
        if fv.sym == "-" { return it.num(a - b) }
        if fv.sym == "*" { return it.num(a * b) }
        if fv.sym == "<" { return it.num(if_int(a < b)) }
        if fv.sym == "=" { return it.num(if_int(a == b)) }
        panic("bad prim " + fv.sym)
    }
    var ne = Env{parent: fv.env}
    var p = fv.car
    var k = 0
    while p != 0 {
        ne.vars.put(it.heap[it.heap[p].car].sym, args[k])
        p = it.heap[p].cdr
        k += 1
    }
    it.envs.push(ne)
    return it.eval(fv.cdr, it.envs.len - 1)
}

fn if_int(b: bool) -> i64 {
    if b { return 1 }
    return 0
}

fn (it: ref Interp) show(x: int) -> string {
    let v = it.heap[x]
    if v.kind == NIL { return "()" }
    if v.kind == NUM { return to_string(v.num) }
    if v.kind == SYM { return v.sym }
    if v.kind == LAMBDA { return "<lambda>" }
    if v.kind == PRIM { return "<prim " + v.sym + ">" }
    var s = "("
    var l = x
    var first = true
    while l != 0 {
        if !first { s = s + " " }
        s = s + it.show(it.heap[l].car)
        first = false
        l = it.heap[l].cdr
    }
    return s + ")"
}

fn main() {
    var it = Interp{}
    it.mk(Val{kind: NIL})
    it.envs.push(Env{parent: -1})
    for p in ["+", "-", "*", "<", "="] {
        let id = it.mk(Val{kind: PRIM, sym: p})
        it.envs[0].vars.put(p, id)
    }
    let prog = "(define fact (lambda (n) (if (< n 2) 1 (* n (fact (- n 1))))))\n" +
        "(fact 10)\n" +
        "(fact 20)\n" +
        "(define fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))\n" +
        "(fib 15)\n" +
        "(define make-adder (lambda (k) (lambda (x) (+ x k))))\n" +
        "(define add5 (make-adder 5))\n" +
        "(add5 37)\n" +
        "((make-adder 100) 1)\n" +
        "(define compose (lambda (f g) (lambda (x) (f (g x)))))\n" +
        "((compose add5 (make-adder 10)) 0)\n" +
        "(fact 21)\n" +
        "(= (fact 5) 120)\n"
    var r = Reader{src: prog}
    while true {
        r.skip()
        if r.pos >= r.src.len { break }
        let form = it.read(r)
        let res = it.eval(form, 0)
        println(it.show(form).len, "=>", it.show(res))
    }
    println("cells", it.heap.len > 1000, "envs", it.envs.len > 100, "steps", it.steps > 1000)
}
