// json.to_string: compact output in key order; numbers as JavaScript's
// String(n) (shortest digits, plain decimal in [1e-6, 1e21), exponent form
// outside, -0 as 0, NaN and infinities as null); strings escaped as the
// RFC asks and nothing more (non-ASCII and 0x7f as they are).
import "json"

fn num(x: f64) {
    let s = json.to_string(json.Value.Num(x))
    println(s)
    delete(s)
}

fn main() {
    let xs = []f64{0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.1 + 0.2, 1.0 / 3.0, 100.0, 1e6,
        123456789.0, 9007199254740993.0, 1e20, 1e21, 1.5e21, 1e-6, 1.5e-6,
        1e-7, 1.234e-7, 5e-324, 1.7976931348623157e308, -2.5e-10, 1e100}
    for x in xs {
        num(x)
    }
    delete(xs)
    num(0.0 / 0.0)
    num(1.0 / 0.0)
    num(-1.0 / 0.0)
    var keys = []string{"s", "e", "u"}
    var vals = []json.Value{
        json.Value.Str("quote\" back\\ nl\n cr\r tab\t bs\x08 ff\x0c nul\x00 us\x1f del\x7f é"),
        json.Value.Arr([]json.Value{}),
        json.Value.Arr([]json.Value{json.Value.Null, json.Value.Bool(true), json.Value.Obj([]string{}, []json.Value{})}),
    }
    let s = json.to_string(json.Value.Obj(keys, vals))
    println(s)
    delete(s)
    let (v, _) = json.parse(" { \"a\" : [ 1 , 2.50 , \"\\u00e9\" ] , \"b\" : 1E400 } ")
    let (w, err) = json.parse(" { \"a\" : [ 1 , 2.50 , \"\\u00e9\" ] , \"b\" : 1E-400 } ")
    let t = json.to_string(w)
    println(t, err)
    delete(t)
    json.free(v)
    json.free(w)
    delete(keys)
    delete(vals)
}
