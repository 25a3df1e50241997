// thread.gs — threads that share memory, after Go's sync and sync/atomic:
// parallel (one POSIX thread per call of a body, all joined before it
// returns), cpus, Mutex and Atomic. The threads, the futex lock and the
// atomic operations are the runtime's (runtime/gs_thread.c), reached
// through the primitives __parallel, __cpus, __mutex_* and __atomic_*.
//
// What is shared and when (docs/language.md, Threads): everything before
// parallel happens before each body; each body happens before parallel
// returns; a Mutex's unlock happens before the next lock that gets it; an
// Atomic's operations happen in one order that every thread sees. Anything
// else two threads touch at once, one writing, is a data race.
// Not for: long-lived worker threads, channels, condition variables.

// A lock. The zero value is unlocked. Not reentrant: a thread that locks
// a Mutex it holds waits for ever. state is the runtime's futex word
// (0 unlocked, 1 locked, 2 locked with waiters); do not touch it.
struct Mutex {
    state: i32
}

// An int that threads may read and change at once. The zero value is 0.
// Operations are sequentially consistent; additions wrap, as + does.
// v is the value; touch it only through the methods.
struct Atomic {
    v: int
}

// Calls body(i) for each i in 0..n, each call on its own thread, and
// returns when every call has returned; nothing when n <= 0. The body may
// capture the caller's locals by reference: they outlive the threads.
fn parallel(n: int, body: fn(int)) {
    __parallel(n, body)
}

// The number of CPUs this process may run on (at least 1).
fn cpus() -> int {
    return __cpus()
}

// Waits until m is unlocked, then locks it.
inline fn (m: ref Mutex) lock() {
    __mutex_lock(m.state)
}

// Unlocks m; unlocking an unlocked Mutex is a runtime error. Any thread
// may unlock it, not only the one that locked it (as in Go).
inline fn (m: ref Mutex) unlock() {
    __mutex_unlock(m.state)
}

// Calls body with m locked.
fn (m: ref Mutex) with(body: fn()) {
    __mutex_lock(m.state)
    body()
    __mutex_unlock(m.state)
}

// The value.
inline fn (a: ref Atomic) load() -> int {
    return __atomic_load(a.v)
}

// Sets the value to x.
inline fn (a: ref Atomic) store(x: int) {
    __atomic_store(a.v, x)
}

// Adds d to the value and returns the new value.
inline fn (a: ref Atomic) add(d: int) -> int {
    return __atomic_add(a.v, d)
}

// Sets the value to new when it is old, and says whether it did.
inline fn (a: ref Atomic) compare_swap(old: int, new: int) -> bool {
    return __atomic_cas(a.v, old, new)
}
