// Strings: len, checked index (u8), slicing (shares bytes), +, bytewise comparisons.
fn main() {
    let s = "hello, world"
    println(s, s.len, s[0], s[s.len - 1])
    println(s[0:5], s[7:], s[:4], s[:], s[3:3].len)
    let sub = s[7:12]
    println(sub, sub.len, sub[0:1])
    let t = s[0:5] + "!" + s[5:5] + " " + sub
    println(t, t.len)
    let e = ""
    println(e.len, e + e == "", "[" + e + "]")
    println("abc" == "abc", "abc" != "abd", "abc" < "abd", "ab" < "abc", "" < "a")
    println("B" < "a", "a" > "B", "abc" <= "abc", "abd" >= "abc", "b" > "abc")
    println("\xff" > "a", "a\0" > "a", "Z" < "[")
    var u = "x"
    u = u + u
    u = u + u
    println(u, u.len)
    let idx: u8 = 1
    let idx2: i32 = 2
    println(s[idx], s[idx2], s[idx:idx2])
}
