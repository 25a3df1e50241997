// expect runtime error: tests/golden/rterr/life_ref_receiver_push.gs:14:5: runtime error: push moved storage that a live ref points into: use of freed storage
// A ref receiver that lives in the global slice its method grows: the
// push stops instead of moving the storage `it` points into.
struct Item {
    n: int
}

var items: []Item

fn (it: ref Item) add_item() {
    it.n += 1
    // items is full here (4 of 4): the push moves it
    let k = it.n
    items.push(Item{n: k})
    it.n += 1
}

fn main() {
    for i in 0..4 {
        items.push(Item{n: i})
    }
    println(items.len, items.cap)
    items[1].add_item()
    println(items[1].n)
}
