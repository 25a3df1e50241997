// driver.gs — reads lines "name xbits ybits" (f64 bit patterns in decimal)
// from stdin and prints the bits of math.name(x[, y]), one line each, for
// oracle.py to compare with libm.
import "math"
import "os"
import "strings"

fn bits(s: string) -> f64 {
    var u: u64 = 0
    for i in 0..s.len {
        u = u * 10 + (s[i] - '0') as u64
    }
    return math.f64_from_bits(u)
}

fn apply(name: string, x: f64, y: f64) -> f64 {
    match name {
        "sqrt" => return math.sqrt(x)
        "cbrt" => return math.cbrt(x)
        "pow" => return math.pow(x, y)
        "exp" => return math.exp(x)
        "exp2" => return math.exp2(x)
        "log" => return math.log(x)
        "log2" => return math.log2(x)
        "log10" => return math.log10(x)
        "sin" => return math.sin(x)
        "cos" => return math.cos(x)
        "tan" => return math.tan(x)
        "asin" => return math.asin(x)
        "acos" => return math.acos(x)
        "atan" => return math.atan(x)
        "atan2" => return math.atan2(x, y)
        "sinh" => return math.sinh(x)
        "cosh" => return math.cosh(x)
        "tanh" => return math.tanh(x)
        "hypot" => return math.hypot(x, y)
        "floor" => return math.floor(x)
        "ceil" => return math.ceil(x)
        "round" => return math.round(x)
        "trunc" => return math.trunc(x)
        "fmod" => return math.fmod(x, y)
        "copysign" => return math.copysign(x, y)
        "is_nan" => return if_f(math.is_nan(x))
        "is_inf" => return if_f(math.is_inf(x))
        _ => panic("unknown function " + name)
    }
}

fn if_f(b: bool) -> f64 {
    if b {
        return 1.0
    }
    return 0.0
}

fn main() {
    let text = os.read_all_stdin()
    let lines = strings.split(strings.trim_right(text, "\n"), "\n")
    var out = strings.Builder{}
    for l in lines {
        let f = strings.fields(l)
        let r = apply(f[0], bits(f[1]), bits(f[2]))
        format_into(out, "{}\n", math.f64_bits(r))
        delete(f)
    }
    print(out.as_string())
}
