// A module whose name and functions are those of runtime C names
// (gs_slice_make, gs_slice_grow): its C names must not collide with them
// (run/module_runtime_names.gs).
fn make(n: int) -> int { return n + 1 }
fn grow(n: int) -> int { return n * 2 }

struct i64s {
    v: int
}
