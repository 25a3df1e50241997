// Imports: `import "./lib/geometry"` loads lib/geometry.gs beside this file;
// its names are written geometry.name; a module imported twice is one module.
import "./lib/geometry"
import "./lib/units"

fn main() {
    let r = geometry.Rect{min: geometry.point(0, 0), max: geometry.point(3, 4)}
    println(geometry.area(r), r.width(), geometry.created)
    var p = geometry.Point{x: 1, y: 2}
    p.scale(geometry.UNIT)
    println(p.x, p.y)
    println(geometry.bigger(3, 8), geometry.bigger("a", "b"))
    println(geometry.describe(r), units.label(5), units.calls)
}
