// expect runtime error: tests/golden/rterr/delete_args.gs:4:5: runtime error: delete of storage not from make, push or a string operation
// args() is not owned by the program.
fn main() {
    delete(args())
}
