// Three lifetime proofs (pass_live.c, pass_fields.c): `table` is a
// confined global (only indexed, pushed and given a fresh make), so none
// of its uses is checked, even after the call of `grow`, which may move
// any []int; in `encode` the views `q` and `o` are live when the slices
// they view are, so their checks read the tests made once before the loop
// on `data` and `out`; in `collect` the loop pushes onto `acc` itself,
// which leaves `acc` live, so its check is made once before the loop too.
var table: []int

fn grow(xs: ref []int) { xs.push(0) }

fn fill(n: int) -> int {
    table = make([]int, n)
    var extra = make([]int, 0)
    var s = 0
    for i in 0..n {
        grow(extra)
        table[i] = i
        s += table[i] + extra.len
    }
    table.push(s)
    return table[table.len - 1]
}

fn encode(data: []u8, out: []u8) {
    for g in 0..data.len / 2 {
        let q = data[2 * g:2 * g + 2]
        let o = out[2 * g:2 * g + 2]
        o[0] = q[1]
        o[1] = q[0]
    }
}

fn collect(n: int) -> []int {
    var acc = make([]int, 0)
    for i in 0..n {
        acc.push(i)
        acc[i] += acc.len
    }
    return acc
}

fn main() {
    println(fill(4))
    var out = make([]u8, 4)
    encode("abcd".bytes(), out)
    println(from_bytes(out))
    println(collect(3)[2])
}
