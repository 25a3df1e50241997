// shapes_test.gs and more_test.gs are not part of an imported shapes.
import "shapes"

fn main() {
    println(shapes.area(shapes.rect(4, 5)))
    shapes.test_area()
}
