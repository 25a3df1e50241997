// slot_pool.gs — pool.slot_pool[T]: a pool of T slots addressed by int
// index, with the free-index policy of the builtin `reusable T` (LIFO:
// the most recently freed index is reused first; with none free, the next
// index is p.len), so both give the same indices for the same operations.
//
// Storage is a stable slice (__grow_stable: reserved address space that
// gains capacity without moving), so a slot never moves and p.get(i) is
// one bounds check and an address, like r[i]. A freed slot stays readable
// pool memory. Runtime errors are reported at the user's call.
//
// Free indices are a LIFO stack and a live flag per slot marks the
// allocated ones, as in the builtin. The stack has room for every slot
// (free_idx gains an entry with each new slot; nfree counts the free
// ones), so free stores into it and never grows it: no growth test on
// free's path (with one, gcc's scattered pair ran 2.7x the builtin's
// time). alloc's pop tests nfree - 1 < free_idx.len as unsigned numbers:
// one compare says a slot is free and proves the stack index, so the pop
// checks only k against live and slots.
//
// The stack keeps indices as u32, half the builtin's int64 entries: a
// tree of 2M nodes freed and rebuilt streams 8 MB of stack instead of 16
// (Binarytrees::Obj under cachegrind, 1 MiB last level: 7% fewer misses
// than the builtin), and a u32 store cannot alias the pool's int fields,
// so the compiler keeps them in registers across it (2 instructions fewer
// per pair). A pool therefore holds at most 2^32 slots; alloc past that
// is "out of memory", as the reserved space of a pool of elements of 4
// bytes or more already is. The flags stay one byte each: a bitmap is an
// eighth of their memory but its shift, mask and word check cost 10-16
// instructions per pair, and the flags' misses are fewer than the u32
// stack saves.
//
// A free list threaded through a `next` int per slot runs 8 fewer
// instructions per pair, but each alloc waits for the load of the
// previous one's `next` entry, a cache miss when the slots are many
// (Binarytrees::Obj: 1.29x the builtin's time on a quiet machine, 15%
// more D1 misses). A stack pop's address does not depend on the previous
// pop's load.
// Not for: spans of elements (slice_pool.gs).

struct slot_pool[T] {
    slots: []T      // stable storage; slots.len is the high-water mark
    live: []bool    // per slot: allocated (live.len == slots.len)
    free_idx: []u32 // one entry per slot; the first nfree: the free stack
    nfree: int      // free slots (the top of the stack is free_idx[nfree - 1])
    len: int        // slots ever created (== slots.len)
}

// The index of a new slot holding v.
fn (p: ref slot_pool[T]) alloc(v: T) -> int {
    let n = p.nfree - 1
    if (n as u64) < (p.free_idx.len as u64) {
        let k = p.free_idx[n] as int
        p.live[k] = true
        p.slots[k] = v
        p.nfree = n
        return k
    }
    let i = p.slots.len
    if i >= 1 << 32 { // the stack keeps indices as u32
        __fail("out of memory")
    }
    if i == p.slots.cap {
        __grow_stable(p.slots)
    }
    p.slots.push(v)
    p.live.push(true)
    p.free_idx.push(0)
    p.len = i + 1
    return i
}

// A reference to a new slot holding v.
fn (p: ref slot_pool[T]) alloc_ref(v: T) -> ref T {
    let i = p.alloc(v)
    return p.slots[i]
}

// The index of a new slot holding f(k), where k is that index.
// The slot is taken (zeroed) before f runs, so f may use the pool itself.
fn (p: ref slot_pool[T]) alloc_index_with(f: fn(int) -> T) -> int {
    var zero: T
    let k = p.alloc(zero)
    let v = f(k)
    p.slots[k] = v
    return k
}

// The slot at index i (checked against p.len, like r[i]).
fn (p: ref slot_pool[T]) get(i: int) -> ref T {
    return p.slots[i]
}

// Frees slot i; freeing a slot that is not allocated is a runtime error.
fn (p: ref slot_pool[T]) free(i: int) {
    if i < 0 || i >= p.live.len { // live.len: the check below reuses it
        slot_pool_fail_range(i, p.slots.len)
    }
    if !p.live[i] {
        slot_pool_fail_twice(i)
    }
    p.live[i] = false
    let n = p.nfree
    p.free_idx[n] = i as u32
    p.nfree = n + 1
}

// The runtime errors of free, out of line: the caller's fast path stays small.
fn slot_pool_fail_range(i: int, n: int) {
    __fail("pool free of index " + to_string(i) + " out of range for length " + to_string(n))
}

fn slot_pool_fail_twice(i: int) {
    __fail("pool free of index " + to_string(i) + " that is already free")
}

// Frees the slot r refers to.
fn (p: ref slot_pool[T]) free_ref(r: ref T) {
    let i = __ref_index(p.slots, r)
    if i < 0 {
        __fail("pool free_ref of a reference that does not point into this pool")
    }
    p.free(i)
}
