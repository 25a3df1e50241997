// checksum.gs — checksums of bytes: SHA-256 (FIPS 180-4), one call or
// streaming through checksum.Sha256; CRC-32 (IEEE 802.3, the one of zlib,
// gzip and PNG); FNV-1a 64. No allocation. SHA-256 hands runs of whole
// blocks to the runtime, which compresses them with the CPU's SHA
// extensions when it has them (__sha256_blocks); otherwise its own
// compression, in Goose, writes the 64 rounds out, each with its constant, the working
// variables' roles rotating instead of moving, the schedule in a 16-word
// window. CRC-32 runs zlib's braided method over long inputs (five
// interleaved lanes) and slicing-by-8 over the rest, from 16 KiB of
// tables built when the program starts. Input is read a block at a time
// through a fixed array (copy_into), so each block costs one slice check
// and the work on the block indexes fixed arrays only, which the C
// compiler proves in bounds.
// Not for: keyed hashing (HMAC), passwords, other CRC polynomials.

// ---- SHA-256 ----

// The state of a SHA-256 computation: write bytes, then sum. The zero value
// is ready. sum does not change the state (as Go's hash.Hash), so writing
// may go on after it and sum then covers everything written.
struct Sha256 {
    h: [8]u32     // the chaining value (meaningful once started)
    buf: [64]u8   // a block not yet full
    nbuf: int     // bytes in buf
    total: u64    // bytes written
    started: bool // h holds the initial value or later
}

const CK_IV0: u32 = 0x6a09e667
const CK_IV1: u32 = 0xbb67ae85
const CK_IV2: u32 = 0x3c6ef372
const CK_IV3: u32 = 0xa54ff53a
const CK_IV4: u32 = 0x510e527f
const CK_IV5: u32 = 0x9b05688c
const CK_IV6: u32 = 0x1f83d9ab
const CK_IV7: u32 = 0x5be0cd19

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
        ck_sha_buffered(d.h, d.buf)
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
        ck_sha_buffered(s.h, s.buf)
        defaults(s.buf)
    }
    for k in 0..8 {
        s.buf[56 + k] = (bits >> (56 - 8 * k) as u64) as u8
    }
    ck_sha_buffered(s.h, s.buf)
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
// the roles of the eight instead of moving them. bc holds b ^ c on entry
// and a ^ b on return, which is the next round's b ^ c: Maj(a, b, c) is
// ((a ^ b) & (b ^ c)) ^ b, one operation fewer.
inline fn ck_round(a: u32, b: u32, c: u32, d: ref u32, e: u32, f: u32, g: u32, h: ref u32, kw: u32,
    bc: ref u32) {
    let t1 = h + ck_rotr(ck_rotr(ck_rotr(e, 14) ^ e, 5) ^ e, 6) + (g ^ (e & (f ^ g))) + kw
    let ab = a ^ b
    let t2 = ck_rotr(ck_rotr(ck_rotr(a, 9) ^ a, 11) ^ a, 2) + ((ab & bc) ^ b)
    bc = ab
    d += t1
    h = t1 + t2
}

// Word i >= 16 of the message schedule, computed in place in a window
// of the last 16.
inline fn ck_w(w: ref [16]u32, i: int) -> u32 {
    let x = w[(i - 15) & 15]
    let y = w[(i - 2) & 15]
    let s0 = ck_rotr(ck_rotr(x, 11) ^ x, 7) ^ (x >> 3)  // rotr 7, 18; shr 3
    let s1 = ck_rotr(ck_rotr(y, 2) ^ y, 17) ^ (y >> 10) // rotr 17, 19; shr 10
    w[i & 15] += s0 + w[(i - 7) & 15] + s1
    return w[i & 15]
}

// One block into the chaining value st: the 64 rounds written out, each
// with its constant from FIPS 180-4 (4.2.2), the working variables' roles
// rotating by one per round.
fn ck_sha_block(st: ref [8]u32, blk: ref [64]u8) {
    var w: [16]u32
    for i in 0..16 {
        w[i] = (blk[4 * i] as u32) << 24 | (blk[4 * i + 1] as u32) << 16 |
            (blk[4 * i + 2] as u32) << 8 | blk[4 * i + 3] as u32
    }
    var a = st[0]
    var b = st[1]
    var c = st[2]
    var d = st[3]
    var e = st[4]
    var f = st[5]
    var g = st[6]
    var h = st[7]
    var bc = b ^ c
    ck_round(a, b, c, d, e, f, g, h, 0x428a2f98 + w[0], bc)
    ck_round(h, a, b, c, d, e, f, g, 0x71374491 + w[1], bc)
    ck_round(g, h, a, b, c, d, e, f, 0xb5c0fbcf + w[2], bc)
    ck_round(f, g, h, a, b, c, d, e, 0xe9b5dba5 + w[3], bc)
    ck_round(e, f, g, h, a, b, c, d, 0x3956c25b + w[4], bc)
    ck_round(d, e, f, g, h, a, b, c, 0x59f111f1 + w[5], bc)
    ck_round(c, d, e, f, g, h, a, b, 0x923f82a4 + w[6], bc)
    ck_round(b, c, d, e, f, g, h, a, 0xab1c5ed5 + w[7], bc)
    ck_round(a, b, c, d, e, f, g, h, 0xd807aa98 + w[8], bc)
    ck_round(h, a, b, c, d, e, f, g, 0x12835b01 + w[9], bc)
    ck_round(g, h, a, b, c, d, e, f, 0x243185be + w[10], bc)
    ck_round(f, g, h, a, b, c, d, e, 0x550c7dc3 + w[11], bc)
    ck_round(e, f, g, h, a, b, c, d, 0x72be5d74 + w[12], bc)
    ck_round(d, e, f, g, h, a, b, c, 0x80deb1fe + w[13], bc)
    ck_round(c, d, e, f, g, h, a, b, 0x9bdc06a7 + w[14], bc)
    ck_round(b, c, d, e, f, g, h, a, 0xc19bf174 + w[15], bc)
    ck_round(a, b, c, d, e, f, g, h, 0xe49b69c1 + ck_w(w, 16), bc)
    ck_round(h, a, b, c, d, e, f, g, 0xefbe4786 + ck_w(w, 17), bc)
    ck_round(g, h, a, b, c, d, e, f, 0x0fc19dc6 + ck_w(w, 18), bc)
    ck_round(f, g, h, a, b, c, d, e, 0x240ca1cc + ck_w(w, 19), bc)
    ck_round(e, f, g, h, a, b, c, d, 0x2de92c6f + ck_w(w, 20), bc)
    ck_round(d, e, f, g, h, a, b, c, 0x4a7484aa + ck_w(w, 21), bc)
    ck_round(c, d, e, f, g, h, a, b, 0x5cb0a9dc + ck_w(w, 22), bc)
    ck_round(b, c, d, e, f, g, h, a, 0x76f988da + ck_w(w, 23), bc)
    ck_round(a, b, c, d, e, f, g, h, 0x983e5152 + ck_w(w, 24), bc)
    ck_round(h, a, b, c, d, e, f, g, 0xa831c66d + ck_w(w, 25), bc)
    ck_round(g, h, a, b, c, d, e, f, 0xb00327c8 + ck_w(w, 26), bc)
    ck_round(f, g, h, a, b, c, d, e, 0xbf597fc7 + ck_w(w, 27), bc)
    ck_round(e, f, g, h, a, b, c, d, 0xc6e00bf3 + ck_w(w, 28), bc)
    ck_round(d, e, f, g, h, a, b, c, 0xd5a79147 + ck_w(w, 29), bc)
    ck_round(c, d, e, f, g, h, a, b, 0x06ca6351 + ck_w(w, 30), bc)
    ck_round(b, c, d, e, f, g, h, a, 0x14292967 + ck_w(w, 31), bc)
    ck_round(a, b, c, d, e, f, g, h, 0x27b70a85 + ck_w(w, 32), bc)
    ck_round(h, a, b, c, d, e, f, g, 0x2e1b2138 + ck_w(w, 33), bc)
    ck_round(g, h, a, b, c, d, e, f, 0x4d2c6dfc + ck_w(w, 34), bc)
    ck_round(f, g, h, a, b, c, d, e, 0x53380d13 + ck_w(w, 35), bc)
    ck_round(e, f, g, h, a, b, c, d, 0x650a7354 + ck_w(w, 36), bc)
    ck_round(d, e, f, g, h, a, b, c, 0x766a0abb + ck_w(w, 37), bc)
    ck_round(c, d, e, f, g, h, a, b, 0x81c2c92e + ck_w(w, 38), bc)
    ck_round(b, c, d, e, f, g, h, a, 0x92722c85 + ck_w(w, 39), bc)
    ck_round(a, b, c, d, e, f, g, h, 0xa2bfe8a1 + ck_w(w, 40), bc)
    ck_round(h, a, b, c, d, e, f, g, 0xa81a664b + ck_w(w, 41), bc)
    ck_round(g, h, a, b, c, d, e, f, 0xc24b8b70 + ck_w(w, 42), bc)
    ck_round(f, g, h, a, b, c, d, e, 0xc76c51a3 + ck_w(w, 43), bc)
    ck_round(e, f, g, h, a, b, c, d, 0xd192e819 + ck_w(w, 44), bc)
    ck_round(d, e, f, g, h, a, b, c, 0xd6990624 + ck_w(w, 45), bc)
    ck_round(c, d, e, f, g, h, a, b, 0xf40e3585 + ck_w(w, 46), bc)
    ck_round(b, c, d, e, f, g, h, a, 0x106aa070 + ck_w(w, 47), bc)
    ck_round(a, b, c, d, e, f, g, h, 0x19a4c116 + ck_w(w, 48), bc)
    ck_round(h, a, b, c, d, e, f, g, 0x1e376c08 + ck_w(w, 49), bc)
    ck_round(g, h, a, b, c, d, e, f, 0x2748774c + ck_w(w, 50), bc)
    ck_round(f, g, h, a, b, c, d, e, 0x34b0bcb5 + ck_w(w, 51), bc)
    ck_round(e, f, g, h, a, b, c, d, 0x391c0cb3 + ck_w(w, 52), bc)
    ck_round(d, e, f, g, h, a, b, c, 0x4ed8aa4a + ck_w(w, 53), bc)
    ck_round(c, d, e, f, g, h, a, b, 0x5b9cca4f + ck_w(w, 54), bc)
    ck_round(b, c, d, e, f, g, h, a, 0x682e6ff3 + ck_w(w, 55), bc)
    ck_round(a, b, c, d, e, f, g, h, 0x748f82ee + ck_w(w, 56), bc)
    ck_round(h, a, b, c, d, e, f, g, 0x78a5636f + ck_w(w, 57), bc)
    ck_round(g, h, a, b, c, d, e, f, 0x84c87814 + ck_w(w, 58), bc)
    ck_round(f, g, h, a, b, c, d, e, 0x8cc70208 + ck_w(w, 59), bc)
    ck_round(e, f, g, h, a, b, c, d, 0x90befffa + ck_w(w, 60), bc)
    ck_round(d, e, f, g, h, a, b, c, 0xa4506ceb + ck_w(w, 61), bc)
    ck_round(c, d, e, f, g, h, a, b, 0xbef9a3f7 + ck_w(w, 62), bc)
    ck_round(b, c, d, e, f, g, h, a, 0xc67178f2 + ck_w(w, 63), bc)
    st[0] += a
    st[1] += b
    st[2] += c
    st[3] += d
    st[4] += e
    st[5] += f
    st[6] += g
    st[7] += h
}

// Every 64-byte block of p (p.len a multiple of 64) into h: the runtime's
// compression with the CPU's SHA extensions when it has them (one call for
// the whole run), else the rounds above a block at a time.
fn ck_sha_blocks(h: ref [8]u32, p: []u8) {
    if __sha256_blocks(h, p) {
        return
    }
    var b: [64]u8
    for k in 0..p.len / 64 {
        copy_into(b, p[64 * k:64 * k + 64])
        ck_sha_block(h, b)
    }
}

// One block (the buffered one, or padding) into h, as ck_sha_blocks.
fn ck_sha_buffered(h: ref [8]u32, blk: ref [64]u8) {
    if !__sha256_block(h, blk) {
        ck_sha_block(h, blk)
    }
}

// ---- CRC-32 ----
//
// Long inputs go through zlib's "braided" CRC (crc32.c, N = 5 lanes of
// W = 8 bytes): five independent CRCs over interleaved 8-byte words, so the
// table loads of the five overlap instead of waiting on each other, then
// combined. The rest goes through slicing-by-8, the last bytes one by one.

const CK_CRC_POLY: u32 = 0xedb88320 // IEEE 802.3, bits reversed
const CK_LANES: int = 5             // braids
const CK_STRIDE: int = 40           // CK_LANES words of 8 bytes

// ck_crc[k][b]: the CRC register after byte b (from register 0) and then k
// zero bytes; k = 0 is the classic table, 0..7 slice by 8.
var ck_crc: [8][256]u32 = ck_crc_tables()
// ck_braid[k][b]: byte b at offset k of a lane's word, carried to the start
// of that lane's next word, CK_STRIDE bytes on: ck_crc[7 - k][b] carried
// over CK_STRIDE - 8 more zero bytes.
var ck_braid: [8][256]u32 = ck_crc_braid_tables()

fn ck_crc_tables() -> [8][256]u32 {
    var t: [8][256]u32
    for i in 0..256 {
        var c = i as u32
        for _ in 0..8 {
            c = (c >> 1) ^ (CK_CRC_POLY & (0 - (c & 1)))
        }
        t[0][i] = c
    }
    for k in 1..8 {
        for i in 0..256 {
            let prev = t[k - 1][i]
            t[k][i] = (prev >> 8) ^ t[0][prev & 0xff]
        }
    }
    return t
}

fn ck_crc_braid_tables() -> [8][256]u32 {
    var t: [8][256]u32
    for k in 0..8 {
        for i in 0..256 {
            var c = ck_crc[7 - k][i]
            for _ in 0..CK_STRIDE - 8 {
                c = (c >> 8) ^ ck_crc[0][c & 0xff]
            }
            t[k][i] = c
        }
    }
    return t
}

// The CRC-32 (IEEE) of data: zlib's crc32(0, data, len).
fn crc32(data: []u8) -> u32 {
    var c: u32 = 0xffffffff
    let braided = data.len / CK_STRIDE * CK_STRIDE
    if braided >= 2 * CK_STRIDE {
        c = ck_crc_braided(c, data[0:braided])
    } else {
        c = ck_crc_slice8(c, data[0:braided])
    }
    c = ck_crc_slice8(c, data[braided:data.len])
    return ~c
}

// Bytes off .. off + 7 of b as a little-endian u64.
inline fn ck_le64(b: ref [40]u8, off: int) -> u64 {
    return (b[off] as u64) | (b[off + 1] as u64) << 8 | (b[off + 2] as u64) << 16 |
        (b[off + 3] as u64) << 24 | (b[off + 4] as u64) << 32 | (b[off + 5] as u64) << 40 |
        (b[off + 6] as u64) << 48 | (b[off + 7] as u64) << 56
}

// A lane's register c xor its word at b[off:off + 8], carried CK_STRIDE
// bytes on. The register has 32 bits, so the word's upper four bytes are
// table indices as they are.
inline fn ck_braid_lane(c: u32, b: ref [40]u8, off: int) -> u32 {
    let lo = c ^ ((b[off] as u32) | (b[off + 1] as u32) << 8 | (b[off + 2] as u32) << 16 |
        (b[off + 3] as u32) << 24)
    return ck_braid[0][lo & 0xff] ^ ck_braid[1][(lo >> 8) & 0xff] ^
        ck_braid[2][(lo >> 16) & 0xff] ^ ck_braid[3][lo >> 24] ^
        ck_braid[4][b[off + 4]] ^ ck_braid[5][b[off + 5]] ^
        ck_braid[6][b[off + 6]] ^ ck_braid[7][b[off + 7]]
}

// The register after 8 bytes whose xor with the register is w.
inline fn ck_crc_word(w: u64) -> u64 {
    var x = w
    for _ in 0..8 {
        x = (x >> 8) ^ ck_crc[0][x & 0xff] as u64
    }
    return x
}

// c carried over p (p.len a multiple of CK_STRIDE, at least 2 strides):
// every stride but the last feeds the five lanes; the last combines them.
fn ck_crc_braided(c: u32, p: []u8) -> u32 {
    var c0 = c
    var c1: u32 = 0
    var c2: u32 = 0
    var c3: u32 = 0
    var c4: u32 = 0
    var b: [40]u8
    let last = p.len / CK_STRIDE - 1
    for k in 0..last {
        copy_into(b, p[CK_STRIDE * k:CK_STRIDE * k + CK_STRIDE])
        c0 = ck_braid_lane(c0, b, 0)
        c1 = ck_braid_lane(c1, b, 8)
        c2 = ck_braid_lane(c2, b, 16)
        c3 = ck_braid_lane(c3, b, 24)
        c4 = ck_braid_lane(c4, b, 32)
    }
    copy_into(b, p[CK_STRIDE * last:p.len])
    var r = ck_crc_word(c0 as u64 ^ ck_le64(b, 0))
    r = ck_crc_word(r ^ c1 as u64 ^ ck_le64(b, 8))
    r = ck_crc_word(r ^ c2 as u64 ^ ck_le64(b, 16))
    r = ck_crc_word(r ^ c3 as u64 ^ ck_le64(b, 24))
    r = ck_crc_word(r ^ c4 as u64 ^ ck_le64(b, 32))
    return r as u32
}

// c carried over p: eight bytes per step through ck_crc, then bytewise.
fn ck_crc_slice8(c0: u32, p: []u8) -> u32 {
    var c = c0
    var b: [8]u8
    let n8 = p.len / 8
    for k in 0..n8 {
        copy_into(b, p[8 * k:8 * k + 8])
        let lo = c ^ ((b[0] as u32) | (b[1] as u32) << 8 | (b[2] as u32) << 16 | (b[3] as u32) << 24)
        let hi = (b[4] as u32) | (b[5] as u32) << 8 | (b[6] as u32) << 16 | (b[7] as u32) << 24
        c = ck_crc[7][lo & 0xff] ^ ck_crc[6][(lo >> 8) & 0xff] ^
            ck_crc[5][(lo >> 16) & 0xff] ^ ck_crc[4][lo >> 24] ^
            ck_crc[3][hi & 0xff] ^ ck_crc[2][(hi >> 8) & 0xff] ^
            ck_crc[1][(hi >> 16) & 0xff] ^ ck_crc[0][hi >> 24]
    }
    for i in 8 * n8..p.len {
        c = ck_crc[0][(c ^ p[i] as u32) & 0xff] ^ (c >> 8)
    }
    return c
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
