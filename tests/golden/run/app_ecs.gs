// App: an entity-component store: a generic Store[C] module over a
// slot_pool and a map.Map, systems iterating with closures.
import "./lib/app_ecs_store"
import "sort"

struct Pos { x: f64, y: f64 }
struct Vel { dx: f64, dy: f64 }
struct Health { hp: i32, max: i32 }
struct Name { s: string }

struct World {
    next: u32
    pos: app_ecs_store.Store[Pos]
    vel: app_ecs_store.Store[Vel]
    hp: app_ecs_store.Store[Health]
    names: app_ecs_store.Store[Name]
}

fn (w: ref World) spawn(name: string, p: Pos) -> u32 {
    let e = w.next
    w.next += 1
    w.pos.set(e, p)
    w.names.set(e, Name{s: name})
    return e
}

fn (w: ref World) physics(dt: f64) {
    var moves: []u32
    w.vel.each(fn(e: u32, v: Vel) { moves.push(e) })
    for e in moves {
        let v = w.vel.get(e).unwrap()
        let p = w.pos.get_mut(e)
        p.x += v.dx * dt
        p.y += v.dy * dt
    }
}

fn (w: ref World) damage(amount: i32) -> []u32 {
    var dead: []u32
    var ids: []u32
    w.hp.each(fn(e: u32, h: Health) { ids.push(e) })
    for e in ids {
        let h = w.hp.get_mut(e)
        h.hp -= amount
        if h.hp <= 0 { dead.push(e) }
    }
    for e in dead {
        w.hp.remove(e)
        w.vel.remove(e)
        w.pos.remove(e)
    }
    return dead
}

fn (w: ref World) report() {
    var lines: []string
    var es: []u32
    var ps: []Pos
    w.pos.each(fn(e: u32, p: Pos) {
        es.push(e)
        ps.push(p)
    })
    for i, e in es {
        let p = ps[i]
        var line = w.names.get(e).unwrap().s + " (" + fmt_f64(p.x, 2) + ", " + fmt_f64(p.y, 2) + ")"
        let h = w.hp.get(e)
        if h.is_some() { line = line + " hp=" + to_string(h.unwrap().hp) + "/" + to_string(h.unwrap().max) }
        lines.push(line)
    }
    sort.sort(lines)
    for l in lines { println(l) }
}

fn main() {
    var w = World{next: 1}
    let hero = w.spawn("hero", Pos{x: 0.0, y: 0.0})
    let orc = w.spawn("orc", Pos{x: 10.0, y: 5.0})
    let rock = w.spawn("rock", Pos{x: 3.0, y: 3.0})
    let bat = w.spawn("bat", Pos{x: -2.0, y: 8.0})
    w.vel.set(hero, Vel{dx: 1.0, dy: 0.5})
    w.vel.set(orc, Vel{dx: -1.5, dy: 0.0})
    w.vel.set(bat, Vel{dx: 0.25, dy: -1.0})
    w.hp.set(hero, Health{hp: 30, max: 30})
    w.hp.set(orc, Health{hp: 12, max: 20})
    w.hp.set(bat, Health{hp: 5, max: 5})
    for step in 0..4 {
        w.physics(0.5)
        let dead = w.damage(4)
        for d in dead { println("step", step, "died", d) }
    }
    w.report()
    println("counts", w.pos.count(), w.vel.count(), w.hp.count(), w.names.count(), rock)
    let again = w.spawn("ghost", Pos{x: 1.0, y: 1.0})
    println("ghost", again, w.pos.slots.len, w.pos.get(orc) == none)
    w.vel.set(hero, Vel{dx: 0.0, dy: 0.0})
    w.physics(100.0)
    w.report()
}
