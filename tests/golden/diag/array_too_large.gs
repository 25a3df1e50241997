// A value may take at most 1 GiB (1073741824 bytes), and so may all globals
// together: C compilers and linkers reject more (x86-64's small code model,
// tcc's 32-bit array sizes). Arrays nested in arrays and structs count whole.
struct Holder { a: [1 << 40]u8 }
struct Two { a: [1 << 27]int, b: [1 << 27]int }
struct Item { a: [1 << 25]int }

var g: [1 << 62]int
var h: [1 << 40]u8
var most: [1 << 29]u8
var more: [1 << 29]u8
var over: [1]u8

fn elems[T](x: T) -> int {
    var a: [1 << 20]T
    return a.len
}

fn main() {
    var a: [1 << 62]int
    var b: [1 << 31][1 << 31]u8
    var c = [0; 1 << 40]
    var d: [(1 << 30) + 1]u8
    var e: [9223372036854775807]u8
    var f: [2][1 << 29]u16
    var items: [1 << 4]Item
    var fine: [1 << 20]u8
    println(elems(fine))
}
