// String escapes \n \t \r \\ \" \0 \xHH; strings are byte strings.
fn dump(s: string) {
    print(s.len, ":")
    for i in 0..s.len {
        print(" ")
        print(s[i])
    }
    println()
}

fn main() {
    dump("a\nb")
    dump("\t\r\\\"")
    dump("x\0y")
    dump("\x41\x42\x7e\xff\x00")
    dump("")
    println("tab:\there", "quote:\"q\"", "backslash:\\")
    println("multi\nline")
    println("\x48\x69" == "Hi", "\0".len, "a\0b" == "a\0c")
}
