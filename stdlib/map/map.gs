// map.gs — map.Map[K, V]: a hash table for integer or string keys K, open
// addressing with Robin Hood linear probing and backward-shift deletion
// (no tombstones), capacity a power of two, at most 3/4 full.
//
// Each slot holds its key, value and dist: 0 when empty, else 1 + how far
// the entry sits from its home slot (map_home). Robin Hood keeps
// dist non-increasing along a probe run past each home, so a lookup stops
// at the first slot whose dist is below its own. A string key is stored as
// the map's own copy (__own) and deleted when it leaves the map (__drop).
// Runtime errors are reported at the user's call.
//
// Iteration: `for k, v in m` (the compiler lowers it to a walk over
// slots, reading the fields slots, key, val and dist by name) and each
// raise iterating while they run; a change that could move or drop an
// entry (a put of a new key, remove, clear, free) is then a runtime error.
// Such a change also stops while a reference from get_ref into the slots
// is live (__moving; goose_rt.h: gs_borrow).
// A put of a key already present only replaces its value and is allowed.
// Not for: ordered iteration (slot order, not promised).

struct Map[K, V] {
    slots: []MapSlot[K, V] // capacity 0 or a power of two >= 8
    len: int               // entries stored
    iterating: int         // loops and each calls over the map under way
}

struct MapSlot[K, V] {
    key: K
    val: V
    dist: u32
}

// k's home slot (__map_hash: hash(k), but a faster hash of a short string);
// a key type without a hash (f64, a struct) is reported here, once.
inline fn map_home[K](k: K, mask: int) -> int {
    return (__map_hash(k) as int) & mask
}

// The slot index holding k, or -1.
fn (m: ref Map[K, V]) find(k: K) -> int {
    let s = m.slots
    if s.len == 0 {
        return -1
    }
    let mask = s.len - 1
    var i = map_home(k, mask)
    var d: u32 = 1
    while true {
        let sd = s[i].dist
        if sd < d {
            return -1
        }
        if sd == d && s[i].key == k {
            return i
        }
        i = (i + 1) & mask
        d += 1
    }
}

// Stores v under k, replacing the value when k is present (the stored key
// is kept); a new string key is copied. One probe finds k or the slot
// where it belongs; the table grows first only when k is new and the map
// is at its load limit.
fn (m: ref Map[K, V]) put(k: K, v: V) {
    let s = m.slots
    if s.len > 0 {
        let mask = s.len - 1
        var i = map_home(k, mask)
        var d: u32 = 1
        while true {
            let sd = s[i].dist
            if sd < d {
                break
            }
            if sd == d && s[i].key == k {
                s[i].val = v
                return
            }
            i = (i + 1) & mask
            d += 1
        }
        if m.iterating > 0 {
            __fail("map put of a new key while the map is being iterated")
        }
        if (m.len + 1) * 4 <= s.len * 3 {
            __moving(s) // Robin Hood insertion shifts entries
            m.place_at(i, MapSlot[K, V]{key: __own(k), val: v, dist: d})
            m.len += 1
            return
        }
    } else if m.iterating > 0 {
        __fail("map put of a new key while the map is being iterated")
    }
    m.grow()
    let e = MapSlot[K, V]{key: __own(k), val: v, dist: 1}
    m.place_at(map_home(k, m.slots.len - 1), e)
    m.len += 1
}

// Robin Hood insertion of e (a key not in the map) at slot i, where
// e.dist is its distance from home; room is known. A resident nearer its
// home than cur is displaced and carried on.
fn (m: ref Map[K, V]) place_at(at: int, e: MapSlot[K, V]) {
    let s = m.slots
    let mask = s.len - 1
    var cur = e
    var i = at
    while true {
        let sd = s[i].dist
        if sd == 0 {
            s[i] = cur
            return
        }
        if sd < cur.dist {
            let t = s[i]
            s[i] = cur
            cur = t
        }
        i = (i + 1) & mask
        cur.dist += 1
    }
}

// Doubles the capacity (8 at first) and reinserts every entry.
fn (m: ref Map[K, V]) grow() {
    __moving(m.slots)
    let old = m.slots
    var n = old.len * 2
    if n == 0 {
        n = 8
    }
    m.slots = make([]MapSlot[K, V], n)
    for i in 0..old.len {
        if old[i].dist != 0 {
            var e = old[i]
            e.dist = 1
            m.place_at(map_home(e.key, n - 1), e)
        }
    }
    delete(old)
}

// The value stored under k, or none.
fn (m: ref Map[K, V]) get(k: K) -> ?V {
    let i = m.find(k)
    if i < 0 {
        return none
    }
    return m.slots[i].val
}

// A reference to the value stored under k; a runtime error when absent.
// Valid until the map next changes.
fn (m: ref Map[K, V]) get_ref(k: K) -> ref V {
    let i = m.find(k)
    if i < 0 {
        __fail("map get_ref of a key that is not in the map")
    }
    return m.slots[i].val
}

fn (m: ref Map[K, V]) has(k: K) -> bool {
    return m.find(k) >= 0
}

// Removes k; false when it was absent. Later entries of the run shift back.
// During an iteration even a remove of an absent key is an error.
fn (m: ref Map[K, V]) remove(k: K) -> bool {
    if m.iterating > 0 {
        __fail("map remove while the map is being iterated")
    }
    var i = m.find(k)
    if i < 0 {
        return false
    }
    __moving(m.slots)
    __drop(m.slots[i].key)
    let mask = m.slots.len - 1
    var j = (i + 1) & mask
    while m.slots[j].dist > 1 {
        m.slots[i] = m.slots[j]
        m.slots[i].dist -= 1
        i = j
        j = (j + 1) & mask
    }
    var empty: MapSlot[K, V]
    m.slots[i] = empty
    m.len -= 1
    return true
}

// Removes every entry; the capacity stays.
fn (m: ref Map[K, V]) clear() {
    if m.iterating > 0 {
        __fail("map clear while the map is being iterated")
    }
    __moving(m.slots)
    m.drop_keys()
    defaults(m.slots)
    m.len = 0
}

// Removes every entry and gives the storage back; the map stays usable.
fn (m: ref Map[K, V]) free() {
    if m.iterating > 0 {
        __fail("map free while the map is being iterated")
    }
    __moving(m.slots)
    m.drop_keys()
    delete(m.slots)
    var empty: []MapSlot[K, V]
    m.slots = empty
    m.len = 0
}

fn (m: ref Map[K, V]) drop_keys() {
    for i in 0..m.slots.len {
        if m.slots[i].dist != 0 {
            __drop(m.slots[i].key)
        }
    }
}

// f(k, v) for every entry, once each, in slot order (not promised).
// The map must not change during the visit (iterating says so). The
// count is lowered only while above 0, as the `for` loop does: a map
// replaced whole during the visit never goes below 0.
fn (m: ref Map[K, V]) each(f: fn(K, V)) {
    m.iterating += 1
    for i in 0..m.slots.len {
        if m.slots[i].dist != 0 {
            f(m.slots[i].key, m.slots[i].val)
        }
    }
    if m.iterating > 0 {
        m.iterating -= 1
    }
}
