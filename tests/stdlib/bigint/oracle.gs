// oracle.gs — the Goose side of check_oracle.py: reads a file of
// operations, one a line, `op base x y k` (x and y written in base, k an
// int), and prints each result in the same base, one line per
// operation, for Python's int to check. The set_ operations run with the
// receiver aliased to an operand, or with storage already large enough,
// to exercise the in-place paths.
import "bigint"

fn big(s: string, base: int) -> bigint.Int {
    match bigint.parse(s, base) {
        some(v) => return v
        none => panic("oracle: parse failed: " + s)
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

fn show(v: bigint.Int, base: int) {
    let s = v.to_string(base)
    println(s)
    delete(s)
}

fn run(op: string, base: int, xs: string, ys: string, k: int) {
    var x = big(xs, base)
    var y = big(ys, base)
    defer {
        x.free()
        y.free()
    }
    if op == "add" {
        var z = x.add(y)
        show(z, base)
        z.free()
        return
    }
    if op == "sub" {
        var z = x.sub(y)
        show(z, base)
        z.free()
        return
    }
    if op == "mul" {
        var z = x.mul(y)
        show(z, base)
        z.free()
        return
    }
    if op == "div" {
        var z = x.div(y)
        show(z, base)
        z.free()
        return
    }
    if op == "rem" {
        var z = x.rem(y)
        show(z, base)
        z.free()
        return
    }
    if op == "divmod" {
        var (q, r) = x.divmod(y)
        show(q, base)
        show(r, base)
        q.free()
        r.free()
        return
    }
    if op == "neg" {
        var z = x.neg()
        show(z, base)
        z.free()
        return
    }
    if op == "cmp" {
        println(x.cmp(y))
        return
    }
    if op == "shl" {
        var z = x.shl(k)
        show(z, base)
        z.free()
        return
    }
    if op == "shr" {
        var z = x.shr(k)
        show(z, base)
        z.free()
        return
    }
    if op == "pow" {
        var z = x.pow(k)
        show(z, base)
        z.free()
        return
    }
    if op == "to_int" {
        println(x.to_int())
        return
    }
    if op == "conv" {
        let s = x.to_string(k)
        println(s)
        delete(s)
        return
    }
    // In place, the receiver being an operand.
    if op == "sadd_zx" {
        x.set_add(x, y)
        show(x, base)
        return
    }
    if op == "sadd_zy" {
        y.set_add(x, y)
        show(y, base)
        return
    }
    if op == "ssub_zx" {
        x.set_sub(x, y)
        show(x, base)
        return
    }
    if op == "ssub_zy" {
        y.set_sub(x, y)
        show(y, base)
        return
    }
    if op == "smul_zx" {
        x.set_mul(x, y)
        show(x, base)
        return
    }
    if op == "smul_zz" {
        x.set_mul(x, x)
        show(x, base)
        return
    }
    if op == "sdivmod_qx" {
        var r = bigint.Int{}
        x.set_divmod(r, x, y)
        show(x, base)
        show(r, base)
        r.free()
        return
    }
    if op == "sdivmod_ry" {
        var q = bigint.Int{}
        q.set_divmod(y, x, y)
        show(q, base)
        show(y, base)
        q.free()
        return
    }
    if op == "sshl_zz" {
        x.set_shl(x, k)
        show(x, base)
        return
    }
    if op == "sshr_zz" {
        x.set_shr(x, k)
        show(x, base)
        return
    }
    // In place into storage large enough already (a product of two
    // copies), so the reuse path runs.
    if op == "sreuse" {
        var z = x.mul(x)
        z.set_add(z, y)
        z.set_mul(x, y)
        show(z, base)
        var r = y.mul(y)
        z.set_divmod(r, x, y)
        show(z, base)
        show(r, base)
        z.free()
        r.free()
        return
    }
    panic("oracle: unknown op " + op)
}

fn main() {
    let text = read_file(args()[0]).unwrap()
    var i = 0
    while i < text.len {
        var j = i
        while j < text.len && text[j] != '\n' {
            j += 1
        }
        let f = fields(text[i:j])
        run(f[0], parse_int(f[1]).unwrap(), f[2], f[3], parse_int(f[4]).unwrap())
        delete(f)
        i = j + 1
    }
}
