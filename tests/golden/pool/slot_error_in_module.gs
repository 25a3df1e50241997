// expect runtime error: tests/golden/pool/lib/pool_user.gs:15:5: runtime error: pool free of index 2 that is already free
// A pool error raised by a call in an imported module of the user's is
// reported at that call, in that module's file.
import "pool"
import "./lib/pool_user"

fn main() {
    var p = pool.slot_pool[pool_user.Item]{}
    pool_user.fill(p, 4)
    println(p.len)
    pool_user.drop_twice(p, 2)
}
