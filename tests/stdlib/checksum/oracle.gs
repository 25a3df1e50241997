// oracle.gs — the Goose side of check_oracle.py: reads a file of records,
// each a header line `op n [c1 c2 ...]` followed by n bytes of payload and
// a newline, and prints one line per record:
//   sha, crc, fnv  checksum.sha256, crc32, fnv1a64 of the payload, in hex;
//   shas           the payload written to one checksum.Sha256 in chunks of
//                  c1, c2, ... bytes (then the rest), with sum() after
//                  each chunk: the digests, separated by spaces.
import "checksum"

fn header_int(s: string) -> int {
    match parse_int(s) {
        some(v) => return v
        none => panic("oracle: bad header number: " + s)
    }
}

fn show(d: [32]u8) {
    for b in d {
        printf("{:02x}", b)
    }
}

// The space-separated fields of line.
fn fields(line: string) -> []string {
    var out: []string
    var i = 0
    while i < line.len {
        var j = i
        while j < line.len && line[j] != ' ' {
            j += 1
        }
        out.push(line[i:j])
        i = j + 1
    }
    return out
}

fn streamed(data: []u8, chunks: []string) {
    var d = checksum.Sha256{}
    var at = 0
    for k in 0..chunks.len + 1 {
        var n = data.len - at
        if k < chunks.len {
            n = header_int(chunks[k])
        }
        d.write(data[at:at + n])
        at += n
        if k > 0 {
            print(" ")
        }
        show(d.sum())
    }
    println()
}

fn run(head: []string, data: []u8) {
    let op = head[0]
    if op == "sha" {
        show(checksum.sha256(data))
        println()
    } else if op == "crc" {
        printf("{:08x}\n", checksum.crc32(data))
    } else if op == "fnv" {
        printf("{:016x}\n", checksum.fnv1a64(data))
    } else if op == "shas" {
        streamed(data, head[2:head.len])
    } else {
        panic("oracle: unknown op " + op)
    }
}

fn main() {
    let text = read_file(args()[0]).unwrap()
    var i = 0
    while i < text.len {
        var k = i
        while text[k] != '\n' {
            k += 1
        }
        let head = fields(text[i:k])
        let n = header_int(head[1])
        let data = text[k + 1:k + 1 + n].bytes()
        run(head, data)
        delete(data)
        delete(head)
        i = k + 2 + n
    }
}
