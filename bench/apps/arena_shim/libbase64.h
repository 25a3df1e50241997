/* libbase64.h — a stand-in for aklomp/base64, which Debian 12 does not
 * package: the two functions LangArena's c/main.c calls (Base64::Encode,
 * Base64::Decode), with that library's signatures, so the file compiles
 * unchanged; unavailable.c defines them to stop the program with a message.
 * bench/apps/arena.py never runs those two benchmarks' C (docs/langarena.md). */
#ifndef ARENA_SHIM_LIBBASE64_H
#define ARENA_SHIM_LIBBASE64_H
#include <stddef.h>

void base64_encode(const char *src, size_t srclen, char *out, size_t *outlen, int flags);
int base64_decode(const char *src, size_t srclen, char *out, size_t *outlen, int flags);

#endif
