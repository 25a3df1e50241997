/* tests/debug/macros_planted: other bodies for two macros the emitter
 * writes, naming memcpy and count; check_macros.py must report both. */
#define GS_CAP(s) (memcpy(&(s), &(s), 0), (s).cap)
#define GS_UNLIKELY(x) __builtin_expect(!!(x) + count, 0)
