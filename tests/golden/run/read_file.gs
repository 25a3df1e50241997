// read_file(path) -> ?string: the file's bytes, or none when it cannot be read.
// Paths are relative to the working directory (tests run from the repo root).
fn main() {
    let r = read_file("tests/golden/run/fixtures/data.txt")
    println(r.is_some())
    let s = r.unwrap()
    println(s.len)
    var lines = 0
    for c in s {
        if c == '\n' { lines += 1 }
    }
    println(lines)
    print(s)
    println(s[0:4], s[s.len - 2])
    println(read_file("tests/golden/run/fixtures/no-such-file.txt") == none)
    delete(s)
}
