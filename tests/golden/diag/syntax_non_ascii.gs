fn main() {
    let s = "héllo wörld"   // non-ASCII in strings and comments: fine ✓
    let t = λ
    println(s)
}
