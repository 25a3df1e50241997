// Values of the wrong type: no implicit conversions.
fn takes_str(s: string) {}
fn main() {
    let a: int = "text"
    let b: i32 = 5
    let c: i64 = 6
    let d = b + c
    takes_str(42)
    var e: f64 = 1.5
    e = b
    let f: ?int = "no"
}
