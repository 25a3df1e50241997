"""model.py — plain models of the pools' placement policies, for the pool
tests (gen_diff.py, and the expected output of the placement goldens).

SlotModel: the free-index policy of `reusable T` and pool.slot_pool[T]:
LIFO reuse of freed indices, else the next index is len (the high-water
mark).

SpanModel: the placement policy of `reusable[] T` and pool.slice_pool[T]
(docs/language.md, Pools): a bounded cache of recently freed small spans,
by exact size in granules, most recent first; else exact first fit in
address order among the free spans outside the cache, else carved at the
tail. A freed span of at most CACHE_SIZES granules that does not end at the
tail enters the cache; when that puts more than CACHE_DEPTH spans of one
size or more than CACHE_UNITS granules in it, every cached span is freed
to the tree. An allocation that finds no fit below the tail first frees
the cache to the tree and looks again. A span freed to the tree coalesces
with its free neighbours, and a free span that reaches the tail returns to
the tail, and with it a cached span that then ends at the tail.
resize follows the library's rule: in place when it shrinks (the rest is
freed to the tree) or the next span is free and long enough (or the span
ends at the tail); when that fails and no live span follows it, the
cached spans that start where it would grow are freed to the tree and it
is tried again; otherwise an
allocation while the old span is still live, then the old span is freed. Spans take whole 16-byte granules (a span of n elements of esz
bytes takes ceil(n * esz / 16)), so placement runs in granules; offsets
and lengths given and returned are in elements from the start of the
pool's region (esz must divide 16 or be a multiple of it).

A sorted list, O(n) per operation: the point is being obviously right.
Python 3 standard library only; not for timing.
"""
import bisect


class SlotModel:
    def __init__(self):
        self.len = 0
        self.free_stack = []
        self.live = set()

    def alloc(self):
        if self.free_stack:
            i = self.free_stack.pop()
        else:
            i = self.len
            self.len += 1
        self.live.add(i)
        return i

    def free(self, i):
        assert i in self.live, f"model: free of dead index {i}"
        self.live.remove(i)
        self.free_stack.append(i)


GRANULE = 16
CACHE_SIZES = 32    # runtime/gs_pool.c SPANS_CACHE_SIZES
CACHE_DEPTH = 8     # SPANS_CACHE_DEPTH
CACHE_UNITS = 512   # SPANS_CACHE_UNITS


class SpanModel:
    """The policy in elements of esz bytes over GranuleSpans."""

    def __init__(self, esz):
        assert GRANULE % esz == 0 or esz % GRANULE == 0
        self.esz = esz
        self.g = GranuleSpans()
        self.live = {}   # element offset -> element length of every live span

    def _gran(self, n):
        return (n * self.esz + GRANULE - 1) // GRANULE

    def _el(self, g):
        return g * GRANULE // self.esz

    @property
    def tail(self):
        return self._el(self.g.tail)

    def alloc(self, n):
        """Offset of a new span of n >= 1 elements."""
        off = self._el(self.g.alloc(self._gran(n)))
        self.live[off] = n
        return off

    def free(self, off):
        self.live.pop(off)
        self.g.free(off * self.esz // GRANULE)

    def resize(self, off, m):
        """New offset of the live span at off resized to m >= 1 elements."""
        self.live.pop(off)
        new = self._el(self.g.resize(off * self.esz // GRANULE, self._gran(m)))
        self.live[new] = m
        return new


class GranuleSpans:
    """The cache, then first fit, over spans counted in granules."""

    def __init__(self):
        self.offs = []   # free spans' offsets in the tree, sorted
        self.lens = {}   # offset -> length
        self.tail = 0
        self.live = {}   # offset -> length of every live span
        self.cache = {}  # length -> offsets of cached spans, oldest first
        self.units = 0   # granules in the cache

    def alloc(self, n):
        """Offset of a new span of n >= 1 granules."""
        assert n >= 1
        if self.cache.get(n):
            off = self.cache[n].pop()
            self.units -= n
        else:
            off = self._first_fit(n)
            if off is None and self.units:
                self._flush()
                off = self._first_fit(n)
            if off is None:
                off = self.tail
                self.tail += n
        self.live[off] = n
        return off

    def free(self, off):
        n = self.live.pop(off)
        if n <= CACHE_SIZES and off + n != self.tail:
            held = self.cache.setdefault(n, [])
            if len(held) < CACHE_DEPTH and self.units + n <= CACHE_UNITS:
                held.append(off)
                self.units += n
                return
            self._flush()
        self._release(off, n)
        self._untail()

    def resize(self, off, m):
        """New offset of the live span at off resized to m >= 1 granules."""
        assert m >= 1
        old = self.live[off]
        if m <= old:
            if m < old:
                self.live[off] = m
                self._release(off + m, old - m)
            return off
        if self._grow(off, old, m):
            return off
        if off + old not in self.live and self._take(off + old, off + m) and self._grow(off, old, m):
            return off
        new = self.alloc(m)
        self.free(off)
        return new

    # ---- free-span bookkeeping ----
    def _first_fit(self, n):
        """The front of the first free span in the tree holding n, or None."""
        for off in self.offs:
            ln = self.lens[off]
            if ln >= n:
                self._remove(off)
                if ln > n:
                    self._insert(off + n, ln - n)
                return off
        return None

    def _grow(self, off, old, m):
        """Grows the live span at off in place from the tree or the tail."""
        end = off + old
        if end == self.tail:
            self.tail = off + m
        elif end in self.lens and self.lens[end] >= m - old:
            ln = self.lens[end]
            self._remove(end)
            if ln > m - old:
                self._insert(off + m, ln - (m - old))
        else:
            return False
        self.live[off] = m
        return True

    def _flush(self):
        """Every cached span is freed to the tree."""
        for n, held in self.cache.items():
            for off in held:
                self._release(off, n)
        self.cache = {}
        self.units = 0

    def _take(self, lo, hi):
        """The cached spans starting in [lo, hi) are freed to the tree, one
        at a time; whether there was one."""
        any_ = False
        while True:
            hit = [(n, off) for n, held in sorted(self.cache.items()) for off in held if lo <= off < hi]
            if not hit:
                return any_
            n, off = hit[0]
            self.cache[n].remove(off)
            self.units -= n
            self._release(off, n)
            self._untail()
            any_ = True

    def _untail(self):
        """A cached span that ends at the tail returns to it, and so on."""
        while True:
            hit = [(n, off) for n, held in self.cache.items() for off in held if off + n == self.tail]
            if not hit:
                return
            n, off = hit[0]
            self.cache[n].remove(off)
            self.units -= n
            self._release(off, n)

    def _insert(self, off, n):
        bisect.insort(self.offs, off)
        self.lens[off] = n

    def _remove(self, off):
        del self.offs[bisect.bisect_left(self.offs, off)]
        del self.lens[off]

    def _release(self, off, n):
        """[off, off+n) becomes free in the tree: coalesce, then return to the tail."""
        k = bisect.bisect_left(self.offs, off)
        if k > 0:
            p = self.offs[k - 1]
            if p + self.lens[p] == off:
                n += self.lens[p]
                off = p
                self._remove(p)
        nxt = off + n
        if nxt in self.lens:
            n += self.lens[nxt]
            self._remove(nxt)
        if off + n == self.tail:
            self.tail = off
        else:
            self._insert(off, n)
