// Run under valgrind by tests/apps/CMakeLists.txt (apps/valgrind/heap):
// the Goose heap must work where mmap returns page-aligned (not 64 KiB
// aligned) reservations, as under valgrind or on kernels that do not align
// big anonymous mappings. Slab-sized blocks (<= 16 KiB) of several classes
// are made, filled, checked and deleted; a misaligned slab region made the
// first delete fail with "delete of storage already deleted"
// (bench/apps/c_ratio.py --callgrind on lzw_encode). Prints `ok`.
fn main() -> int {
    var sum = 0
    var n = 1
    while n <= 2048 {
        var xs = make([]int, n)
        for i in 0..n {
            xs[i] = i
        }
        for i in 0..n {
            sum += xs[i]
        }
        delete(xs)
        n *= 2
    }
    if sum != 2794155 {
        println("wrong sum " + to_string(sum))
        return 1
    }
    println("ok")
    return 0
}
