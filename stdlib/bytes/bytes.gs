// bytes.gs — functions on byte slices ([]u8), after Go's bytes package:
// equal, compare, has_prefix, index_byte. equal and compare are memcmp
// in the runtime (gs_bytes_equal, gs_bytes_compare); the others are plain
// loops. None of them allocates or fails.
// Not for: strings (use ==, <, s[i:j]); other element types.

// a and b hold the same bytes (the same length).
inline fn equal(a: []u8, b: []u8) -> bool {
    return __bytes_equal(a, b)
}

// -1, 0 or 1 as a sorts before, with, or after b: bytewise, a proper
// prefix first (the order of < on strings).
inline fn compare(a: []u8, b: []u8) -> int {
    return __bytes_compare(a, b)
}

// s starts with prefix.
inline fn has_prefix(s: []u8, prefix: []u8) -> bool {
    return s.len >= prefix.len && __bytes_equal(s[0:prefix.len], prefix)
}

// The index of the first c in s, or -1.
fn index_byte(s: []u8, c: u8) -> int {
    for i in 0..s.len {
        if s[i] == c {
            return i
        }
    }
    return -1
}
