// Helper of import_cycle.gs (not a test by itself).
import "../import_cycle"
fn from_b() -> int { return 2 }
