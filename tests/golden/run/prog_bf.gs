// A Brainfuck interpreter: a second small VM, with a precomputed jump table
// and a fixed-array tape of u8 cells that wrap.
fn run(code: string) -> string {
    var jump = make([]int, code.len)
    var stack: []int
    for i in 0..code.len {
        if code[i] == '[' {
            stack.push(i)
        } else if code[i] == ']' {
            let open = stack.pop()
            jump[open] = i
            jump[i] = open
        }
    }
    var tape: [300]u8
    var ptr = 0
    var pc = 0
    var out: []u8
    while pc < code.len {
        let c = code[pc]
        if c == '>' {
            ptr += 1
        } else if c == '<' {
            ptr -= 1
        } else if c == '+' {
            tape[ptr] += 1
        } else if c == '-' {
            tape[ptr] -= 1
        } else if c == '.' {
            out.push(tape[ptr])
        } else if c == '[' && tape[ptr] == 0 {
            pc = jump[pc]
        } else if c == ']' && tape[ptr] != 0 {
            pc = jump[pc]
        }
        pc += 1
    }
    return from_bytes(out)
}

fn main() {
    print(run("++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++."))
    let wrap = run("-.")
    println(wrap.len, wrap[0])
    println(run("++++++[>++++++++<-]>+.+.+."))
}
