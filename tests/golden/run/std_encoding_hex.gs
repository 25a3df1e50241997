// import "encoding": hexadecimal. Lower-case output; digits of either case
// decode; the first bad byte, or an odd length, is an error with its
// offset; results are owned (deleted here).
import "encoding"

fn decode(s: string) {
    let (data, bad) = encoding.hex_decode(s)
    match bad {
        some(e) => println(format("{:?}", s), "->", e.offset, e.msg, data.len)
        none => println(format("{:?}", s), "->", data)
    }
    delete(data)
}

fn main() {
    let data = "\x00\x01\x7f\x80\xfeGoose".bytes()
    let s = encoding.hex_encode(data)
    println(s)
    let e = encoding.hex_encode([]u8{})
    println(format("{:?}", e), e.len)
    delete(e)
    decode(s)
    decode("DEADbeef")
    decode("")
    decode("0")
    decode("abc")
    decode("0g")
    decode("g0")
    decode("00 11")
    decode("00x")
    decode("0x00")
    delete(s)
    delete(data)
}
