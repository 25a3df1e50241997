// Enums of an imported module: mod.Enum.Variant(..), methods, match on
// them, a plain enum's == and `as int` across modules.
import "./lib/enumlib"

fn show(v: enumlib.Value) {
    match v {
        Num(n) => println("num", n)
        Str(s) => println("str", s)
        Bool(b) => println("bool", b)
        _ => println(v.kind())
    }
}

fn main() {
    var items: []enumlib.Value
    items.push(enumlib.Value.Num(1.5))
    items.push(enumlib.Value.Str(s: "x"))
    items.push(enumlib.Value.Bool(true))
    items.push(enumlib.Value.Null)
    let list = enumlib.Value.List(items)
    for it in items { show(it) }
    show(list)
    println(enumlib.count(list))
    let l = enumlib.Level.High
    println(l == enumlib.Level.High, l as int)
    delete(items)
}
