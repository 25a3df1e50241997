// tiny entity-component store
import "pool"
import "map"

struct Store[C] {
    slots: pool.slot_pool[Entry[C]]
    by_entity: map.Map[u32, int]
}

struct Entry[C] { entity: u32, comp: C, alive: bool }

fn (s: ref Store[C]) set(e: u32, c: C) {
    let o = s.by_entity.get(e)
    if o.is_some() {
        s.slots.get(o.unwrap()).comp = c
        return
    }
    let i = s.slots.alloc(Entry[C]{entity: e, comp: c, alive: true})
    s.by_entity.put(e, i)
}

fn (s: ref Store[C]) get(e: u32) -> ?C {
    let o = s.by_entity.get(e)
    if o == none { return none }
    return s.slots.get(o.unwrap()).comp
}

fn (s: ref Store[C]) get_mut(e: u32) -> ref C {
    return s.slots.get(s.by_entity.get(e).unwrap()).comp
}

fn (s: ref Store[C]) remove(e: u32) -> bool {
    let o = s.by_entity.get(e)
    if o == none { return false }
    s.slots.get(o.unwrap()).alive = false
    s.slots.free(o.unwrap())
    s.by_entity.remove(e)
    return true
}

fn (s: ref Store[C]) each(f: fn(u32, C)) {
    for i in 0..s.slots.len {
        let en: Entry[C] = s.slots.get(i)
        if en.alive { f(en.entity, en.comp) }
    }
}

fn (s: ref Store[C]) count() -> int { return s.by_entity.len }
