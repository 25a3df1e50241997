// A misspelt keyword parses as a name, and the parser stops at the token
// after it (at the name itself for a declaration): the hint names the
// keyword one edit away. Names of three letters or fewer get no guess.
strcut P { x: int }

fn main() -> int {
    var x = 1
    whlie x < 3 {
        x += 1
    }
    iff x > 2 {
    }
    retrun x
}
