/* gs_sha256.c — the checksum module's primitive __sha256_blocks: SHA-256
 * compression of whole 64-byte blocks with the x86 SHA extensions
 * (sha256rnds2, sha256msg1, sha256msg2), when the CPU has them.
 * Everywhere else (other CPUs, TinyCC, GOOSE_NO_SHA_NI set) it reports
 * "not available" and checksum.gs runs its portable Goose compression.
 * The function carries its own target attribute, so the runtime builds
 * without -msha; the CPU is asked once (cpuid).
 * Not for: anything but SHA-256's compression (padding, the streaming
 * state and the digest's bytes are checksum.gs's). */
#include "goose_rt.h"

#include <stdlib.h>

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__TINYC__) && \
    (defined(__GNUC__) || defined(__clang__))
#define SHA_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

#ifdef SHA_NI

/* FIPS 180-4 4.2.2, four per 128-bit lane load. */
static const uint32_t sha_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* Rounds 4g .. 4g+3. a holds the schedule words W[4g .. 4g+3], b the
 * next four, d the previous four; the slots rotate by one per group.
 * sha256rnds2 does two rounds on the state split as ABEF (s0) and CDGH
 * (s1). Between them the schedule runs ahead: groups 3 .. 14 finish the
 * next group's words (msg2 adds sigma1 of the last two and the W[t-7]
 * part taken across a and d), groups 1 .. 12 start the words three
 * groups on (msg1 adds sigma0). g is a constant: the ifs fold away. */
#define SHA_GROUP(g, a, b, d)                                                    \
    do {                                                                         \
        __m128i kw = _mm_add_epi32(a, _mm_loadu_si128((const __m128i *)&sha_k[4 * (g)])); \
        s1 = _mm_sha256rnds2_epu32(s1, s0, kw);                                  \
        if ((g) >= 3 && (g) <= 14)                                               \
            b = _mm_sha256msg2_epu32(_mm_add_epi32(b, _mm_alignr_epi8(a, d, 4)), a); \
        s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(kw, 0x0e));        \
        if ((g) >= 1 && (g) <= 12)                                               \
            d = _mm_sha256msg1_epu32(d, a);                                      \
    } while (0)

/* nblocks blocks of p into st (the chaining value, h0 .. h7). */
__attribute__((target("sha,sse4.1,ssse3")))
static void sha_ni_blocks(uint32_t *st, const uint8_t *p, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)st), 0xb1);        /* CDAB */
    __m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(st + 4)), 0x1b); /* EFGH */
    __m128i s0 = _mm_alignr_epi8(t, s1, 8);                                          /* ABEF */
    s1 = _mm_blend_epi16(s1, t, 0xf0);                                               /* CDGH */
    for (; nblocks > 0; nblocks--, p += 64) {
        __m128i abef = s0, cdgh = s1;
        __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), bswap);
        __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
        SHA_GROUP(0, m0, m1, m3);
        SHA_GROUP(1, m1, m2, m0);
        SHA_GROUP(2, m2, m3, m1);
        SHA_GROUP(3, m3, m0, m2);
        SHA_GROUP(4, m0, m1, m3);
        SHA_GROUP(5, m1, m2, m0);
        SHA_GROUP(6, m2, m3, m1);
        SHA_GROUP(7, m3, m0, m2);
        SHA_GROUP(8, m0, m1, m3);
        SHA_GROUP(9, m1, m2, m0);
        SHA_GROUP(10, m2, m3, m1);
        SHA_GROUP(11, m3, m0, m2);
        SHA_GROUP(12, m0, m1, m3);
        SHA_GROUP(13, m1, m2, m0);
        SHA_GROUP(14, m2, m3, m1);
        SHA_GROUP(15, m3, m0, m2);
        s0 = _mm_add_epi32(s0, abef);
        s1 = _mm_add_epi32(s1, cdgh);
    }
    t = _mm_shuffle_epi32(s0, 0x1b);                                         /* FEBA */
    s1 = _mm_shuffle_epi32(s1, 0xb1);                                        /* DCHG */
    _mm_storeu_si128((__m128i *)st, _mm_blend_epi16(t, s1, 0xf0));          /* DCBA */
    _mm_storeu_si128((__m128i *)(st + 4), _mm_alignr_epi8(s1, t, 8));       /* HGFE */
}

/* The SHA extensions with SSSE3 and SSE4.1 (cpuid 7.0 EBX bit 29; 1 ECX
 * bits 9 and 19), unless GOOSE_NO_SHA_NI is set (not empty): tests use it
 * to run the portable path on the same machine. */
static bool sha_ni_usable(void)
{
    unsigned a, b, c, d;
    const char *off = getenv("GOOSE_NO_SHA_NI");
    if (off && *off)
        return false;
    if (__get_cpuid_max(0, NULL) < 7 || !__get_cpuid(1, &a, &b, &c, &d))
        return false;
    if (!(c & (1u << 9)) || !(c & (1u << 19)))
        return false;
    __cpuid_count(7, 0, a, b, c, d);
    return (b >> 29) & 1;
}

/* -1 not asked yet, else sha_ni_usable(); every thread that asks finds
 * the same answer, so a race only asks twice. */
static int sha_ni_state = -1;

bool gs_sha256_blocks(uint32_t *st, int64_t nst, const uint8_t *p, int64_t n)
{
    int on = __atomic_load_n(&sha_ni_state, __ATOMIC_RELAXED);
    if (on < 0) {
        on = sha_ni_usable();
        __atomic_store_n(&sha_ni_state, on, __ATOMIC_RELAXED);
    }
    if (!on || nst != 8 || n < 0 || n % 64 != 0)
        return false;
    sha_ni_blocks(st, p, (size_t)(n / 64));
    return true;
}

#else

bool gs_sha256_blocks(uint32_t *st, int64_t nst, const uint8_t *p, int64_t n)
{
    (void)st, (void)nst, (void)p, (void)n;
    return false;
}

#endif
