// One value, and all globals together, may take up to 1 GiB
// (1073741824 bytes): this global is exactly at the limit.
var g: [1 << 27]int

fn main() {
    g[(1 << 27) - 1] = 7
    println(g.len, g[(1 << 27) - 1], g[0])
}
