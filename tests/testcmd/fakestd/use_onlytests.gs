// Test files are left out when a module folder is loaded for an import.
import "onlytests"

fn main() {
    onlytests.test_alone()
}
