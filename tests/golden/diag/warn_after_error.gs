// goose-flags: -Werror
// A program with errors gets its errors only: no warning about an unused
// variable (u) nor about one the error leaves unread (v).
fn main() {
    let u = 1
    let v = 2
    let w: string = v + missing_name
}
