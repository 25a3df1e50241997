// expect runtime error: tests/golden/rterr/delete_args_string.gs:5:5: runtime error: delete of storage not from make, push or a string operation
// An argument string is not owned by the program.
fn main() {
    var s = args()[0]
    delete(s)
}
