fn main() {
    let a = ''
    let b = 'ab'
    let c = 'é'
    let d = 'x
    println(a, b, c)
}
