// A helper module imported by global_init_order.gs (not itself a test: no
// .out). Its globals are initialised before the importer's, in Go's order.
var base: int = step(offset + 1, "initdep.base")
var offset: int = step(20, "initdep.offset")

fn step(v: int, what: string) -> int {
    println("init", what)
    return v
}
