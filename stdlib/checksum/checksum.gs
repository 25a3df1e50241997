// checksum.gs — checksums of bytes: SHA-256 (FIPS 180-4), one call or
// streaming through checksum.Sha256; CRC-32 (IEEE 802.3, the one of zlib,
// gzip and PNG); FNV-1a 64. Pure Goose: SHA-256's compression runs eight
// rounds per loop step with the working variables' roles rotated by hand;
// CRC-32 is slicing-by-8 (eight 256-entry tables, 8 KiB, built when the
// program starts). Input is read a block at a time through a fixed array
// (copy_into), so each block costs one slice check and the loops over the
// block index fixed arrays only.
// Not for: keyed hashing (HMAC), passwords, other CRC polynomials.

// ---- SHA-256 ----

// The state of a SHA-256 computation: write bytes, then sum. The zero value
// is ready. sum does not change the state (as Go's hash.Hash), so writing
// may go on after it and sum then covers everything written.
struct Sha256 {
    h: [8]u32           // the chaining value (meaningful once started)
    buf: [64]u8         // a block not yet full
    nbuf: int           // bytes in buf
    total: u64          // bytes written
    started: bool       // h holds the initial value or later
}

const CK_IV0: u32 = 0x6a09e667
const CK_IV1: u32 = 0xbb67ae85
const CK_IV2: u32 = 0x3c6ef372
const CK_IV3: u32 = 0xa54ff53a
const CK_IV4: u32 = 0x510e527f
const CK_IV5: u32 = 0x9b05688c
const CK_IV6: u32 = 0x1f83d9ab
const CK_IV7: u32 = 0x5be0cd19

var ck_k: [64]u32 = [
    0x428a2f98_u32, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]

// The SHA-256 digest of data.
fn sha256(data: []u8) -> [32]u8 {
    var d = Sha256{}
    d.write(data)
    return d.sum()
}

// Adds data to what the digest covers.
fn (d: ref Sha256) write(data: []u8) {
    d.ck_start()
    d.total += data.len as u64
    var i = 0
    if d.nbuf > 0 {
        i = min(64 - d.nbuf, data.len)
        d.ck_buffer(data[0:i])
        if d.nbuf < 64 {
            return
        }
        ck_sha_block(d.h, d.buf)
        d.nbuf = 0
    }
    let whole = (data.len - i) / 64 * 64
    ck_sha_blocks(d.h, data[i:i + whole])
    d.ck_buffer(data[i + whole:data.len])
}

// Appends p (at most what fills the block) to the partial block.
fn (d: ref Sha256) ck_buffer(p: []u8) {
    for k in 0..p.len {
        d.buf[d.nbuf + k] = p[k]
    }
    d.nbuf += p.len
}

// The digest of everything written so far; the state is unchanged (the
// padding goes into a copy).
fn (d: Sha256) sum() -> [32]u8 {
    var s = d
    s.ck_start()
    let bits = s.total * 8
    s.buf[s.nbuf] = 0x80
    for k in s.nbuf + 1..64 {
        s.buf[k] = 0
    }
    if s.nbuf >= 56 {
        ck_sha_block(s.h, s.buf)
        defaults(s.buf)
    }
    for k in 0..8 {
        s.buf[56 + k] = (bits >> (56 - 8 * k) as u64) as u8
    }
    ck_sha_block(s.h, s.buf)
    var out: [32]u8
    for i in 0..8 {
        out[4 * i] = (s.h[i] >> 24) as u8
        out[4 * i + 1] = (s.h[i] >> 16) as u8
        out[4 * i + 2] = (s.h[i] >> 8) as u8
        out[4 * i + 3] = s.h[i] as u8
    }
    return out
}

// A zero Sha256 takes the initial chaining value on first use.
fn (d: ref Sha256) ck_start() {
    if !d.started {
        d.h = [CK_IV0, CK_IV1, CK_IV2, CK_IV3, CK_IV4, CK_IV5, CK_IV6, CK_IV7]
        d.started = true
    }
}

inline fn ck_rotr(x: u32, n: u32) -> u32 {
    return (x >> n) | (x << (32 - n))
}

// One round: d and h of the working variables change; the caller rotates
// the roles of the eight instead of moving them.
inline fn ck_round(a: u32, b: u32, c: u32, d: ref u32, e: u32, f: u32, g: u32, h: ref u32, kw: u32) {
    let t1 = h + (ck_rotr(e, 6) ^ ck_rotr(e, 11) ^ ck_rotr(e, 25)) + (g ^ (e & (f ^ g))) + kw
    let t2 = (ck_rotr(a, 2) ^ ck_rotr(a, 13) ^ ck_rotr(a, 22)) + ((a & b) | (c & (a | b)))
    d += t1
    h = t1 + t2
}

// The message schedule of one block.
inline fn ck_schedule(w: ref [64]u32, b: [64]u8) {
    for i in 0..16 {
        w[i] = (b[4 * i] as u32) << 24 | (b[4 * i + 1] as u32) << 16 |
            (b[4 * i + 2] as u32) << 8 | b[4 * i + 3] as u32
    }
    for i in 16..64 {
        let x = w[i - 15]
        let y = w[i - 2]
        let s0 = ck_rotr(x, 7) ^ ck_rotr(x, 18) ^ (x >> 3)
        let s1 = ck_rotr(y, 17) ^ ck_rotr(y, 19) ^ (y >> 10)
        w[i] = w[i - 16] + s0 + w[i - 7] + s1
    }
}

fn ck_sha_block(h: ref [8]u32, b: [64]u8) {
    var w: [64]u32
    ck_schedule(w, b)
    var a = h[0]
    var bb = h[1]
    var c = h[2]
    var d = h[3]
    var e = h[4]
    var f = h[5]
    var g = h[6]
    var hh = h[7]
    for r in 0..8 {
        let i = 8 * r
        ck_round(a, bb, c, d, e, f, g, hh, ck_k[i] + w[i])
        ck_round(hh, a, bb, c, d, e, f, g, ck_k[i + 1] + w[i + 1])
        ck_round(g, hh, a, bb, c, d, e, f, ck_k[i + 2] + w[i + 2])
        ck_round(f, g, hh, a, bb, c, d, e, ck_k[i + 3] + w[i + 3])
        ck_round(e, f, g, hh, a, bb, c, d, ck_k[i + 4] + w[i + 4])
        ck_round(d, e, f, g, hh, a, bb, c, ck_k[i + 5] + w[i + 5])
        ck_round(c, d, e, f, g, hh, a, bb, ck_k[i + 6] + w[i + 6])
        ck_round(bb, c, d, e, f, g, hh, a, ck_k[i + 7] + w[i + 7])
    }
    h[0] += a
    h[1] += bb
    h[2] += c
    h[3] += d
    h[4] += e
    h[5] += f
    h[6] += g
    h[7] += hh
}

// Every 64-byte block of p (p.len a multiple of 64).
fn ck_sha_blocks(h: ref [8]u32, p: []u8) {
    var b: [64]u8
    for k in 0..p.len / 64 {
        copy_into(b, p[64 * k:64 * k + 64])
        ck_sha_block(h, b)
    }
}

// ---- CRC-32 ----

const CK_CRC_POLY: u32 = 0xedb88320     // IEEE 802.3, bits reversed

// ck_crc[k][b]: the CRC of byte b followed by k zero bytes.
var ck_crc: [8][256]u32 = ck_crc_tables()

fn ck_crc_tables() -> [8][256]u32 {
    var t: [8][256]u32
    for i in 0..256 {
        var c = i as u32
        for k in 0..8 {
            c = (c >> 1) ^ (CK_CRC_POLY & (0 - (c & 1)))
        }
        t[0][i] = c
    }
    for i in 0..256 {
        for k in 1..8 {
            let prev = t[k - 1][i]
            t[k][i] = (prev >> 8) ^ t[0][prev & 0xff]
        }
    }
    return t
}

// The CRC-32 (IEEE) of data: zlib's crc32(0, data, len).
fn crc32(data: []u8) -> u32 {
    var c: u32 = 0xffffffff
    var b: [8]u8
    let n8 = data.len / 8
    for k in 0..n8 {
        copy_into(b, data[8 * k:8 * k + 8])
        let lo = c ^ ((b[0] as u32) | (b[1] as u32) << 8 | (b[2] as u32) << 16 | (b[3] as u32) << 24)
        let hi = (b[4] as u32) | (b[5] as u32) << 8 | (b[6] as u32) << 16 | (b[7] as u32) << 24
        c = ck_crc[7][lo & 0xff] ^ ck_crc[6][(lo >> 8) & 0xff] ^
            ck_crc[5][(lo >> 16) & 0xff] ^ ck_crc[4][lo >> 24] ^
            ck_crc[3][hi & 0xff] ^ ck_crc[2][(hi >> 8) & 0xff] ^
            ck_crc[1][(hi >> 16) & 0xff] ^ ck_crc[0][hi >> 24]
    }
    for i in 8 * n8..data.len {
        c = ck_crc[0][(c ^ data[i] as u32) & 0xff] ^ (c >> 8)
    }
    return ~c
}

// ---- FNV-1a ----

const CK_FNV_OFFSET: u64 = 0xcbf29ce484222325
const CK_FNV_PRIME: u64 = 0x100000001b3

// The 64-bit FNV-1a hash of data.
fn fnv1a64(data: []u8) -> u64 {
    var h = CK_FNV_OFFSET
    for i in 0..data.len {
        h = (h ^ data[i] as u64) * CK_FNV_PRIME
    }
    return h
}
