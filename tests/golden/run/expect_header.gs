// A run test whose expected output is written in the file itself with
// `// expect:` lines (the runner's alternative to an .out file).
// expect: 6
// expect: done
fn main() {
    println(1 + 2 + 3)
    println("done")
}
