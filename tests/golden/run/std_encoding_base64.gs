// import "encoding": base64 with padding. RFC 4648's vectors both ways;
// every byte value; what base64_decode accepts (Python's
// b64decode(validate=True): unused low bits ignored, extra '=' after a
// whole group) and each kind of error with its offset and message; the
// results are owned (deleted here).
import "encoding"

fn decode(s: string) {
    let (data, bad) = encoding.base64_decode(s)
    match bad {
        some(e) => println(format("{:?}", s), "->", e.offset, e.msg, data.len)
        none => println(format("{:?}", s), "->", data)
    }
    delete(data)
}

fn main() {
    let vectors = ["", "f", "fo", "foo", "foob", "fooba", "foobar"]
    for v in vectors {
        let data = v.bytes()
        let s = encoding.base64_encode(data)
        println(format("{:?}", v), s)
        decode(s)
        delete(s)
        delete(data)
    }
    // all 256 byte values round-trip
    var all = make([]u8, 256)
    for i in 0..256 {
        all[i] = i as u8
    }
    let s = encoding.base64_encode(all)
    println(s)
    let (back, bad) = encoding.base64_decode(s)
    println(back.len, bad == none, back[0], back[127], back[255])
    delete(back)
    delete(s)
    delete(all)
    // accepted as Python accepts them
    decode("QR==")  // the low bits of R are ignored: "A"
    decode("QUJD=") // '=' after a whole group
    decode("QUJD===")
    decode("+/+/")
    // errors: the first byte where the input goes wrong
    decode("QUJD\nRA==")
    decode("QU JD")
    decode("=QUJD")
    decode("QQ=A")
    decode("QQ==QQ==")
    decode("QUI==")
    decode("QUJDQ")
    decode("QUJDQ=")
    decode("QUJDQQ")
    decode("QUJDQUI")
    decode("QQ=")
    decode("QUJD-_==")
    decode("QQ\x01=")
}
