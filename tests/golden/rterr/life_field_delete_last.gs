// expect runtime error: tests/golden/rterr/life_field_delete_last.gs:12:5: runtime error: use of freed storage
// A near miss of the confined-field rule (lower/pass_fields.c): a field
// of a local struct deleted as the variable's last use stays confined;
// here the delete is in a loop whose next iteration reads the field (in
// bump), so it is not, and that read stops.
struct Tape {
    cells: []u8
    pos: int
}

fn bump(t: ref Tape) {
    t.cells[t.pos] += 1
}

fn main() {
    var t = Tape{cells: make([]u8, 4)}
    for i in 0..2 {
        bump(t)
        println(t.cells[0])
        println(t.cells[i])
        delete(t.cells)
    }
}
