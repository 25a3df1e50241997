// for-each over a string yields its bytes (u8), as indexing does.
fn main() {
    let s = "Hi!"
    for c in s { print(c, "") }
    println()
    var sum: u8 = 0
    for i, c in "abc" {
        println(i, c, c - 'a')
        sum += c
    }
    println(sum)
}
