fn main() {
    let s = "tab\there\q and \x4"
    println(s)
    let c = '\z'
}
