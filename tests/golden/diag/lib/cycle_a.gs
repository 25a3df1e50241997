// Helper of import_cycle.gs (not a test by itself).
import "./cycle_b"
fn from_a() -> int { return 1 }
