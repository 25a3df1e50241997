// The C shape of enums: a plain enum is a C enum whose constants are the
// variants; an enum with payloads is a struct of a u32 tag and a union of
// the payloads (one struct per variant that has fields), so it is no
// larger than the tag and its largest payload. A variant is a compound
// literal naming only its own payload; the zero value is the first variant.
enum Dir { North, East, South, West }

enum Msg {
    Quit
    Move(x: i32, y: i32)
    Write(text: string)
    Color(r: u8, g: u8, b: u8)
}

fn turn(d: Dir) -> Dir {
    match d {
        North => return Dir.East
        East => return Dir.South
        South => return Dir.West
        West => return Dir.North
    }
}

fn weight(m: Msg) -> int {
    match m {
        Quit => return 0
        Move(x, y) => return (x + y) as int
        Write(t) => return t.len
        Color(r, g, b) => return r as int + g as int + b as int
    }
}

fn main() {
    var d: Dir
    d = turn(turn(d))
    println(d as int, d == Dir.South, d != Dir.West)
    var msgs: []Msg
    msgs.push(Msg.Quit)
    msgs.push(Msg.Move(x: 3, y: -1))
    msgs.push(Msg.Write("hello"))
    msgs.push(Msg.Color(1, 2, 3))
    var z: Msg
    msgs.push(z)
    var total = 0
    for m in msgs { total += weight(m) }
    println(total)
    delete(msgs)
}
