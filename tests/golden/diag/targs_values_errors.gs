// Type arguments without a call: counts, a non-generic enum, a generic
// function named bare, and type brackets on a value that is no enum or function.
enum Either[A, B] { Left(a: A), Right(b: B) }
enum C { R, G }
fn id[T](x: T) -> T { return x }
fn main() {
    let a = Either[int].Left(1)
    let b = C[int, string].R
    let c = id[int, string]
    let d = id
    let xs = []int{1}
    let y = xs[int, string]
}
