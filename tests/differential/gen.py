#!/usr/bin/env python3
"""gen.py — a random Goose program generator (in the spirit of Csmith).

From a seed, writes one well-typed Goose program that terminates (every loop
is bounded, calls only go to earlier functions, a cost budget bounds the work
of each function) and prints a checksum of everything it computed, plus a few
intermediate values. Most programs run to completion; a small share hit a
runtime error on purpose (raw division, raw index, unwrap of none, assert,
f64 conversion, shift count), which every back end must report identically.

Covers: integer arithmetic across all widths (wrapping, shifts, division,
`as`), loops (for range, while, for-each over slices, arrays and strings),
if/else, break/continue, slices (make, push, pop, index, sub-slices, len,
copy_into, clear), fixed arrays, structs and methods (value and ref
receivers), ref parameters, generic functions and a generic struct, closures
(capturing by reference, passed to generic higher-order functions),
optionals, globals, and the pools (`reusable T`, `reusable[] T`,
`pool.slot_pool`, `pool.slice_pool`). Version 2 forms: enums without and
with payloads (values, `==`, `as int`, value and ref methods, slices of
them), `match` on enums, integers (literals, chars, `a..b`, `a..=b`, `|`,
with `_` or covering the whole type), bools and optionals, `match ref` on a
variable, arms that break, continue or return; functions with two or three
results (`let (a, _) = f(..)`, `var (..)`, `p, q = f(..)` into places, a
call statement, `return g(..)`); `defer` of a statement or a block in
function, loop and match-arm bodies; slice literals `[]T{..}` of integers,
structs and enums (also as arguments).

Safety rules the generator keeps (so that a program never has undefined
behaviour, only defined results or runtime errors):
  * a slice that is pushed, popped or cleared is never iterated or sub-sliced
    at the same time ("frozen" while a for-each or sub-slice block runs);
  * slices passed by value are read-only in the callee (element writes only);
    growing a slice happens through its variable or a `ref []T` parameter;
  * closures that push only push to their own slice, and are only called
    as statements;
  * every slice, span and live-index list keeps at least one element, so a
    safe index `xs[(e) as uint % xs.len as uint]` never fails;
  * a deferred statement never leaves itself (no break, continue or return
    reaches out of it); `match` patterns are disjoint, so no arm is
    unreachable; the variable of a `match ref` is not assigned in its arms,
    and its bindings (references) are never captured by a closure.

Usage: gen.py SEED [-o out.gs]     (deterministic per seed)
Not for: running or comparing programs (difftest.py does that).
"""
import random
import sys

INTS = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'int', 'uint']
WIDTH = {'i8': 8, 'i16': 16, 'i32': 32, 'i64': 64, 'int': 64,
         'u8': 8, 'u16': 16, 'u32': 32, 'u64': 64, 'uint': 64, 'T': 8}
SIGNED = {t: t[0] == 'i' for t in INTS}
SIGNED['T'] = False
ALIAS = {'int': 'i64', 'i64': 'int', 'uint': 'u64', 'u64': 'uint'}   # same types
STRINGS = ['"goose"', '"a\\x00b\\xff"', '"hello, world"', '"\\t\\\\q\\""', '"xyzzy"']
MINLEN = 4          # every slice keeps at least this many elements
BUDGET = 4000       # work units per function (loop trips x statements)
ERR_RATE = 0.0015   # chance per eligible site of a possibly failing form


def is_int(t):
    return isinstance(t, str) and t in WIDTH


class Var:
    def __init__(self, name, ty, mut=True, **kw):
        self.name = name
        self.ty = ty
        self.mut = mut
        self.ro = kw.get('ro', False)           # slice: no push/pop/clear
        self.clos_only = kw.get('clos_only', False)
        self.sub = kw.get('sub', False)          # a short sub-slice view
        self.isref = kw.get('isref', False)      # a ref parameter
        self.live = kw.get('live')               # pools: live index slice
        self.spans = kw.get('spans')             # span pools: span vars


class Fn:
    def __init__(self, name, params, ret, cost, kind='plain'):
        self.name = name
        self.params = params    # list of (name, type)
        self.ret = ret
        self.cost = cost
        self.kind = kind        # plain | generic | hof


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.out = []
        self.ind = 0
        self.n = 0
        self.scopes = []
        self.fns = []
        self.structs = []       # (name, [(field, type)])
        self.frozen = set()
        self.loop_depth = 0
        self.mult = 1
        self.cost = 0
        self.in_generic = False
        self.in_closure = 0
        self.uses_pool_lib = False
        self.enums = []         # (name, [(variant, [(field, type)])])
        self.in_defer = 0
        self.cur_ret = None     # the current function's result: None, type or tuple

    # ---- helpers -------------------------------------------------------
    def fresh(self, p):
        self.n += 1
        return '%s%d' % (p, self.n)

    def emit(self, s):
        self.out.append('    ' * self.ind + s)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def vars(self, pred=lambda v: True):
        res = []
        seen = set()
        for sc in reversed(self.scopes):
            for v in reversed(sc):
                if v.name not in seen:
                    seen.add(v.name)
                    if pred(v) and not (v.isref and self.in_closure):
                        res.append(v)
        return res

    def declare(self, v):
        self.scopes[-1].append(v)
        return v

    def push_scope(self):
        self.scopes.append([])

    def pop_scope(self):
        self.scopes.pop()

    def int_types(self):
        return ['T'] if self.in_generic else INTS

    # ---- literals --------------------------------------------------------
    def lit_value(self, t):
        w = WIDTH[t]
        if t == 'T':
            return self.r.randint(0, 100)
        lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if SIGNED[t] else (0, (1 << w) - 1)
        c = self.r.random()
        if c < 0.5:
            v = self.r.randint(-8, 40)
        elif c < 0.7:
            v = self.pick([lo, hi, lo + 1, hi - 1, 0, 1, -1, 1 << (w - 1)])
        else:
            v = self.r.randint(lo, hi)
        return max(lo, min(hi, v))

    def lit(self, t, untyped_ok=True):
        """(text, untyped) for a literal of type t."""
        v = self.lit_value(t)
        if t == 'T':
            return str(v), True
        if untyped_ok and self.chance(0.4):
            s = str(v)
            return ('(%s)' % s if v < 0 else s), True
        if v < 0:
            if v == -(1 << (WIDTH[t] - 1)):
                return '(%d_%s - 1)' % (v + 1, t), False
            return '(%d_%s)' % (v, t), False
        form = self.r.random()
        if form < 0.15 and v >= 0:
            return '0x%X_%s' % (v, t), False
        return '%d_%s' % (v, t), False

    # ---- expressions ------------------------------------------------------
    def safe_idx(self, base, d):
        e = self.typed_expr(self.pick(self.int_types()), d)
        return '(%s) as uint %% %s.len as uint' % (e, base)

    def raw_idx(self, d):
        e, _ = self.int_expr('int', d)
        return e

    def index_into(self, base, d):
        if self.chance(ERR_RATE) and not self.in_generic:
            return '%s[%s]' % (base, self.raw_idx(d))
        return '%s[%s]' % (base, self.safe_idx(base, d))

    def sources(self, t, d):
        """Generators of non-literal leaf-ish expressions of int type t."""
        srcs = []
        for v in self.vars():
            ty = v.ty
            if ty == t or ALIAS.get(ty) == t:
                srcs.append(lambda v=v: v.name)
            elif isinstance(ty, tuple):
                k = ty[0]
                if k == 'str' and t == 'u8':
                    srcs.append(lambda v=v: self.index_into(v.name, d - 1))
                if k == 'struct':
                    for f, ft in self.struct_fields(ty[1]):
                        if ft == t:
                            srcs.append(lambda v=v, f=f: '%s.%s' % (v.name, f))
                elif k == 'box' and ty[1] == t:
                    srcs.append(lambda v=v: '%s.v' % v.name)
                    srcs.append(lambda v=v: '%s.get()' % v.name)
                elif k == 'arr' and ty[1] == t:
                    srcs.append(lambda v=v: '%s[(%s) & 3]' % (
                        v.name, self.typed_expr(self.pick(self.int_types()), d - 1)))
                elif k == 'slice' and ty[1] == t:
                    srcs.append(lambda v=v: self.index_into(v.name, d - 1))
                elif k in ('rpool', 'slotpool'):
                    for f, ft in self.struct_fields(ty[1]):
                        if ft == t:
                            srcs.append(lambda v=v, f=f: self.pool_slot(v, d - 1) + '.' + f)
                elif k in ('spool', 'slicepool') and ty[1] == t:
                    srcs.append(lambda v=v: self.index_into(self.pick(v.spans), d - 1))
                elif k == 'clos' and ty[2] == t:
                    srcs.append(lambda v=v, ty=ty: '%s(%s)' % (v.name, self.int_expr(ty[1], d - 1)[0]))
                elif k == 'enum' and t != 'T':
                    srcs.append(lambda v=v: self.enum_int(v, t))
                elif k == 'opt' and ty[1] == t:
                    srcs.append(lambda v=v: '%s.or(%s)' % (v.name, self.lit(t)[0]))
                    if self.chance(0.1):
                        srcs.append(lambda v=v: '%s.unwrap()' % v.name)
        return srcs

    def pool_slot(self, v, d):
        idx = self.index_into(v.live, d)
        if v.ty[0] == 'rpool':
            return '%s[%s]' % (v.name, idx)
        return '%s.get(%s)' % (v.name, idx)

    def struct_fields(self, sname):
        for n, fs in self.structs:
            if n == sname:
                return fs
        return []

    def callable_fns(self, t):
        res = []
        for f in self.fns:
            if self.cost + self.mult * (f.cost + 1) > BUDGET:
                continue
            if f.kind == 'generic' and t != 'T':
                res.append(f)
            elif f.kind == 'hof' and t != 'T' and self.in_closure < 2:
                res.append(f)
            elif f.kind == 'plain' and f.ret == t and not self.in_generic:
                res.append(f)
        return res

    def call_expr(self, f, t, d):
        self.cost += self.mult * (f.cost + 1)
        if f.kind == 'generic':
            a = self.typed_expr(t, d)
            b = self.typed_expr(t, d)
            return '%s(%s, %s)' % (f.name, a, b)
        if f.kind == 'hof':
            # a capturing closure literal passed to a generic higher-order fn
            x = self.fresh('x')
            self.push_scope()
            self.declare(Var(x, t, mut=False))
            self.in_closure += 1
            body, _ = self.int_expr(t, min(d, 2))
            self.in_closure -= 1
            self.pop_scope()
            arg = self.typed_expr(t, d)
            return '%s(fn(%s: %s) -> %s { return %s }, %s)' % (f.name, x, t, t, body, arg)
        args = []
        for pn, pt in f.params:
            if isinstance(pt, tuple) and pt[0] == 'refstruct':
                cands = self.vars(lambda v: v.mut and v.ty == ('struct', pt[1]))
                args.append(cands[0].name if cands else None)
            elif isinstance(pt, tuple) and pt[0] == 'slice':
                cands = self.vars(lambda v: v.ty == pt and not v.clos_only and not v.sub)
                args.append(cands[0].name if cands else None)
            else:
                args.append(self.int_expr(pt, d)[0])
        if None in args:
            return None
        return '%s(%s)' % (f.name, ', '.join(args))

    def typed_expr(self, t, d):
        return self.int_expr(t, d, True)[0]

    def int_expr(self, t, d, typed=False):
        """(text, untyped) for an expression of int type t; typed: never an
        untyped literal expression (for contexts without an expected type)."""
        if d <= 0 or self.chance(0.25):
            srcs = self.sources(t, 0) if d > 0 else [
                s for s in self.sources(t, 0)]
            plain = [v for v in self.vars(lambda v: v.ty == t)]
            if plain and self.chance(0.6):
                return self.pick(plain).name, False
            if srcs and d > 0 and self.chance(0.5):
                return self.pick(srcs)(), False
            return self.lit(t, not typed)
        c = self.r.random()
        if c < 0.35:
            return self.binop(t, d, typed)
        if c < 0.45:
            srcs = self.sources(t, d)
            if srcs:
                return self.pick(srcs)(), False
            return self.binop(t, d, typed)
        if c < 0.55:
            return self.unop(t, d, typed)
        if c < 0.68:
            return self.cast(t, d)
        if c < 0.78:
            fs = self.callable_fns(t)
            if fs:
                s = self.call_expr(self.pick(fs), t, d - 1)
                if s:
                    return s, False
            return self.binop(t, d, typed)
        if c < 0.86:
            return self.divmod(t, d, typed)
        if c < 0.93:
            return self.shift(t, d, typed)
        if c < 0.96 and not self.in_generic:
            return self.special(t, d)
        return self.binop(t, d, typed)

    def binop(self, t, d, typed=False):
        op = self.pick(['+', '-', '*', '&', '|', '^', '+', '-'])
        a, ua = self.int_expr(t, d - 1, typed)
        b, ub = self.int_expr(t, d - 1, typed)
        return '(%s %s %s)' % (a, op, b), ua and ub

    def unop(self, t, d, typed=False):
        a, ua = self.int_expr(t, d - 1, typed)
        if SIGNED.get(t) or (t != 'T' and self.chance(0.2)):
            op = self.pick(['-', '~'])
        else:
            op = '~'
        return '(%s(%s))' % (op, a), ua

    def cast(self, t, d):
        if self.in_generic:
            src = 'T' if self.chance(0.3) else 'int'
            if src == 'int':
                vs = self.vars(lambda v: v.ty == 'int')
                if vs:
                    return '(%s as T)' % self.pick(vs).name, False
            return self.int_expr(t, d - 1, True)
        if self.chance(0.06):
            # through f64: exact for these magnitudes, never out of range
            a = self.typed_expr(t, d - 1)
            if self.chance(ERR_RATE * 10):
                return '(((%s) as f64 * 1000.0) as %s)' % (a, t), False
            return '(((%s) as f64 / 3.0) as %s)' % (a, t), False
        src = self.pick(INTS)
        a = self.typed_expr(src, d - 1)
        return '((%s) as %s)' % (a, t), False

    def divmod(self, t, d, typed=False):
        a, ua = self.int_expr(t, d - 1, typed)
        b, ub = self.int_expr(t, d - 1, typed)
        op = self.pick(['/', '%'])
        if self.chance(ERR_RATE) and not self.in_generic:
            return '(%s %s %s)' % (a, op, b), ua and ub
        return '(%s %s ((%s & 15) + 1))' % (a, op, b), ua and ub

    def shift(self, t, d, typed=False):
        a, ua = self.int_expr(t, d - 1, typed)
        ct = self.pick(self.int_types())
        c, _ = self.int_expr(ct, d - 1, True)
        op = self.pick(['<<', '>>'])
        if self.chance(ERR_RATE) and not self.in_generic:
            return '(%s %s (%s))' % (a, op, c), ua
        if self.chance(0.3):
            return '(%s %s %d)' % (a, op, self.r.randint(0, WIDTH[t] - 1)), ua
        return '(%s %s ((%s) & %d))' % (a, op, c, WIDTH[t] - 1), ua

    def special(self, t, d):
        c = self.r.random()
        if c < 0.3:
            a = self.typed_expr(self.pick(INTS), d - 1)
            return '(hash(%s) as %s)' % (a, t), False
        if c < 0.6:
            ss = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] in ('slice', 'spool', 'slicepool', 'rpool', 'slotpool', 'str'))
            if ss:
                v = self.pick(ss)
                if v.ty[0] in ('spool', 'slicepool'):
                    return '(%s.len as %s)' % (self.pick(v.spans), t), False
                if v.ty[0] == 'str':
                    return '(%s as %s)' % (self.index_into(v.name, d - 1), t), False
                return '(%s.len as %s)' % (v.name, t), False
        if c < 0.8:
            ss = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'struct')
            if ss:
                return '(%s.total() as %s)' % (self.pick(ss).name, t), False
        a = self.typed_expr(t, d - 1)
        b, ub = self.int_expr(t, d - 1)
        fn = self.pick(['min', 'max'])
        return '%s(%s, %s)' % (fn, a, b), False

    def bool_expr(self, d):
        c = self.r.random()
        if d <= 0 or c < 0.6:
            t = self.pick(self.int_types())
            a, ua = self.int_expr(t, max(d - 1, 0), True)
            b, ub = self.int_expr(t, max(d - 1, 0))
            op = self.pick(['==', '!=', '<', '<=', '>', '>='])
            if c < 0.1:
                return '(%s & 1) == 0' % a if not ua else 'true'
            return '%s %s %s' % (a, op, b)
        if c < 0.7:
            bs = self.vars(lambda v: v.ty == 'bool')
            if bs:
                return self.pick(bs).name
            return self.pick(['true', 'false'])
        if c < 0.8:
            return '!(%s)' % self.bool_expr(d - 1)
        if c < 0.9:
            os = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'opt')
            if os:
                return '%s %s none' % (self.pick(os).name, self.pick(['==', '!=']))
        if c < 0.93:
            es = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'enum'
                           and not any(fs for _, fs in self.enum_variants(v.ty[1])))
            if es:
                v = self.pick(es)
                return '%s %s %s' % (v.name, self.pick(['==', '!=']), self.enum_value(v.ty[1], 0))
        return '(%s) %s (%s)' % (self.bool_expr(d - 1), self.pick(['&&', '||']),
                                 self.bool_expr(d - 1))

    # ---- statements --------------------------------------------------------
    def mix(self, e):
        self.emit('mix((%s) as u64)' % e)

    def stmt_block(self, n, d):
        for _ in range(n):
            self.stmt(d)

    def places(self, t):
        """Assignable places of int type t."""
        ps = []
        for v in self.vars():
            ty = v.ty
            if ty == t and v.mut:
                ps.append(lambda v=v: v.name)
            elif isinstance(ty, tuple):
                k = ty[0]
                if k == 'struct' and v.mut:
                    for f, ft in self.struct_fields(ty[1]):
                        if ft == t:
                            ps.append(lambda v=v, f=f: '%s.%s' % (v.name, f))
                elif k == 'box' and ty[1] == t and v.mut:
                    ps.append(lambda v=v: '%s.v' % v.name)
                elif k == 'arr' and ty[1] == t and v.mut:
                    ps.append(lambda v=v: '%s[(%s) & 3]' % (v.name, self.typed_expr('u8', 1)))
                elif k == 'slice' and ty[1] == t:
                    ps.append(lambda v=v: self.index_into(v.name, 1))
                elif k in ('rpool', 'slotpool'):
                    for f, ft in self.struct_fields(ty[1]):
                        if ft == t:
                            ps.append(lambda v=v, f=f: self.pool_slot(v, 1) + '.' + f)
                elif k in ('spool', 'slicepool') and ty[1] == t:
                    ps.append(lambda v=v: self.index_into(self.pick(v.spans), 1))
        return ps

    def stmt(self, d):
        if self.cost > BUDGET:
            return
        self.cost += self.mult
        if self.in_generic:
            return self.generic_stmt(d)
        table = [
            (0.14, self.s_decl), (0.16, self.s_assign), (0.10, self.s_mix),
            (0.08, self.s_if), (0.08, self.s_for), (0.04, self.s_while),
            (0.05, self.s_foreach), (0.10, self.s_slice), (0.05, self.s_struct),
            (0.07, self.s_pool), (0.04, self.s_call), (0.03, self.s_closure),
            (0.02, self.s_print), (0.02, self.s_jump), (0.01, self.s_assert),
            (0.01, self.s_opt), (0.06, self.s_facts), (0.05, self.s_enum),
            (0.04, self.s_match), (0.05, self.s_multi), (0.03, self.s_defer),
            (0.02, self.s_lit)]
        c = self.r.random() * sum(w for w, _ in table)
        acc = 0
        for w, f in table:
            acc += w
            if c < acc:
                return f(d)
        return self.s_mix(d)

    def generic_stmt(self, d):
        c = self.r.random()
        if c < 0.3:
            name = self.fresh('t')
            self.emit('var %s: T = %s' % (name, self.int_expr('T', 2)[0]))
            self.declare(Var(name, 'T'))
        elif c < 0.6:
            ps = [v for v in self.vars(lambda v: v.ty == 'T' and v.mut)]
            if ps:
                op = self.pick(['=', '+=', '-=', '*=', '^=', '|=', '&='])
                self.emit('%s %s %s' % (self.pick(ps).name, op, self.int_expr('T', 2)[0]))
        elif c < 0.75 and d > 0:
            self.s_for(d)
        elif c < 0.85 and d > 0:
            self.s_if(d)
        elif c < 0.9:
            self.emit('defer mix((%s) as u64)' % self.typed_expr('T', 2))
        else:
            self.emit('mix((%s) as u64)' % self.typed_expr('T', 2))

    def s_decl(self, d):
        c = self.r.random()
        name = self.fresh('v')
        if c < 0.7:
            t = self.pick(INTS)
            e, ua = self.int_expr(t, 3)
            mut = self.chance(0.7)
            kw = 'var' if mut else 'let'
            if ua or self.chance(0.5):
                self.emit('%s %s: %s = %s' % (kw, name, t, e))
            else:
                self.emit('%s %s = %s' % (kw, name, e))
            self.declare(Var(name, t, mut))
        elif c < 0.8:
            self.emit('var %s = %s' % (name, self.bool_expr(2)))
            self.declare(Var(name, 'bool'))
        elif c < 0.85:
            self.decl_slice(name)
        elif c < 0.9:
            a, b = self.pick(STRINGS), self.pick(STRINGS)
            self.emit('let %s = %s' % (name, a if self.chance(0.5) else '%s + %s' % (a, b)))
            self.declare(Var(name, ('str', 'u8'), mut=False))
            self.mix('%s.len' % name)
            if self.chance(0.3):
                self.mix('%s[1:%s.len - 1].len + hash(%s) as int' % (name, name, name))
        else:
            t = self.pick(INTS)
            els = [self.lit(t, untyped_ok=(i > 0))[0] for i in range(4)]
            if self.chance(0.5):
                self.emit('var %s: [4]%s = [%s]' % (name, t, ', '.join(self.lit(t)[0] for _ in range(4))))
            else:
                self.emit('var %s = [%s]' % (name, ', '.join(els)))
            self.declare(Var(name, ('arr', t, 4)))

    def decl_slice(self, name, t=None):
        t = t or self.pick(INTS)
        n = self.r.randint(MINLEN, 9)
        if self.chance(0.3):
            self.emit('var %s = make([]%s, %d, %d)' % (name, t, n, n + self.r.randint(0, 5)))
        else:
            self.emit('var %s = make([]%s, %d)' % (name, t, n))
        self.declare(Var(name, ('slice', t)))
        # fill it
        i = self.fresh('i')
        self.emit('for %s in 0..%s.len {' % (i, name))
        self.ind += 1
        self.push_scope()
        self.declare(Var(i, 'int', mut=False))
        self.emit('%s[%s] = %s' % (name, i, self.int_expr(t, 2)[0]))
        self.pop_scope()
        self.ind -= 1
        self.emit('}')
        return name

    def s_assign(self, d):
        t = self.pick(INTS)
        ps = self.places(t)
        if not ps:
            return self.s_decl(d)
        p = self.pick(ps)()
        c = self.r.random()
        if c < 0.4:
            self.emit('%s = %s' % (p, self.int_expr(t, 3)[0]))
        elif c < 0.8:
            op = self.pick(['+=', '-=', '*=', '^=', '|=', '&='])
            self.emit('%s %s %s' % (p, op, self.int_expr(t, 3)[0]))
        elif c < 0.9:
            op = self.pick(['/=', '%='])
            e = self.int_expr(t, 2)[0]
            if self.chance(ERR_RATE * 3):
                self.emit('%s %s %s' % (p, op, e))
            else:
                self.emit('%s %s ((%s & 7) + 1)' % (p, op, e))
        else:
            op = self.pick(['<<=', '>>='])
            ct = self.pick(INTS)
            self.emit('%s %s (%s) & %d' % (p, op, self.typed_expr(ct, 2), WIDTH[t] - 1))

    def s_mix(self, d):
        t = self.pick(INTS)
        self.mix(self.typed_expr(t, 4))

    def s_print(self, d):
        es = [self.typed_expr(self.pick(INTS), 2) for _ in range(self.r.randint(1, 3))]
        self.emit('println("p%d", %s)' % (self.r.randint(0, 99), ', '.join(es)))

    def block(self, n, d, decls=()):
        self.ind += 1
        self.push_scope()
        for v in decls:
            self.declare(v)
        self.stmt_block(n, d - 1)
        self.pop_scope()
        self.ind -= 1

    def s_if(self, d):
        if d <= 0:
            return self.s_mix(d)
        self.emit('if %s {' % self.bool_expr(2))
        self.block(self.r.randint(1, 3), d)
        if self.chance(0.4):
            self.emit('} else {')
            self.block(self.r.randint(1, 3), d)
        self.emit('}')

    def loop(self, trips, header, decls, d, n=None):
        self.emit(header)
        old = self.mult
        self.mult *= trips
        self.loop_depth += 1
        self.block(n or self.r.randint(1, 4), d, decls)
        self.loop_depth -= 1
        self.mult = old
        self.emit('}')

    def s_for(self, d):
        if d <= 0 or self.mult > 200:
            return self.s_mix(d)
        i = self.fresh('i')
        trips = self.r.randint(1, 7)
        if self.in_generic or self.chance(0.5):
            t, hdr = 'int', 'for %s in 0..%d {' % (i, trips)
        else:
            t = self.pick(INTS)
            lo = self.r.randint(0, 3) if not SIGNED[t] else self.r.randint(-3, 3)
            trips = self.r.randint(0, 6)
            lo_s = '(%d_%s)' % (lo, t) if lo < 0 else '%d_%s' % (lo, t)
            hdr = 'for %s in %s..%d {' % (i, lo_s, lo + trips)
            trips = max(trips, 1)
        self.loop(trips, hdr, [Var(i, t, mut=False)], d)

    def s_while(self, d):
        if d <= 0 or self.mult > 200:
            return self.s_mix(d)
        w = self.fresh('w')
        trips = self.r.randint(1, 6)
        t = self.pick(INTS)
        self.emit('var %s: %s = 0' % (w, t))
        self.declare(Var(w, t, mut=False))     # mutated only by the loop
        self.emit('while %s < %d {' % (w, trips))
        old = self.mult
        self.mult *= trips
        self.loop_depth += 1
        self.ind += 1
        self.push_scope()
        self.emit('%s += 1' % w)
        self.stmt_block(self.r.randint(1, 4), d - 1)
        self.pop_scope()
        self.ind -= 1
        self.loop_depth -= 1
        self.mult = old
        self.emit('}')

    def s_foreach(self, d):
        if d <= 0 or self.mult > 200:
            return self.s_mix(d)
        it = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] in ('slice', 'arr', 'str') and not v.clos_only)
        x = self.fresh('x')
        if not it or self.chance(0.1):
            s = self.pick(STRINGS + ['""'])
            self.loop(12, 'for %s in %s {' % (x, s), [Var(x, 'u8', mut=False)], d)
            return
        v = self.pick(it)
        et = v.ty[1] if v.ty[0] != 'str' else 'u8'
        decls = [Var(x, et, mut=False)]
        if self.chance(0.4):
            i = self.fresh('i')
            hdr = 'for %s, %s in %s {' % (i, x, v.name)
            decls.append(Var(i, 'int', mut=False))
        else:
            hdr = 'for %s in %s {' % (x, v.name)
        was = v.name in self.frozen
        self.frozen.add(v.name)
        self.loop(10, hdr, decls, d)
        if not was:
            self.frozen.discard(v.name)

    def growable(self):
        return self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'slice'
                         and not v.ro and not v.clos_only and v.name not in self.frozen and v.mut)

    def s_slice(self, d):
        ss = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'slice' and not v.clos_only and not v.sub)
        if not ss:
            return self.decl_slice(self.fresh('s'))
        c = self.r.random()
        g = self.growable()
        if c < 0.25 and g:
            v = self.pick(g)
            self.emit('%s.push(%s)' % (v.name, self.int_expr(v.ty[1], 3)[0]))
        elif c < 0.4 and g:
            v = self.pick(g)
            if self.chance(ERR_RATE * 5):
                self.mix('%s.pop()' % v.name)
            else:
                self.emit('if %s.len > %d {' % (v.name, MINLEN))
                self.ind += 1
                self.mix('%s.pop()' % v.name)
                self.ind -= 1
                self.emit('}')
        elif c < 0.45 and g:
            v = self.pick(g)
            self.emit('%s.clear()' % v.name)
            for _ in range(MINLEN):
                self.emit('%s.push(%s)' % (v.name, self.lit(v.ty[1])[0]))
        elif c < 0.7:
            # a sub-slice view, used at once
            v = self.pick(ss)
            sub = self.fresh('sub')
            a = self.r.randint(0, MINLEN - 1)
            b = self.r.randint(a + 1, MINLEN)
            if self.chance(0.3):
                lo = '%d' % a
                hi = '%s.len - %d' % (v.name, self.r.randint(0, MINLEN - a - 1))
            else:
                lo, hi = str(a), str(b)
            if self.chance(0.15):
                lo = ''
            self.emit('{')
            self.ind += 1
            self.push_scope()
            self.emit('let %s = %s[%s:%s]' % (sub, v.name, lo, hi))
            self.declare(Var(sub, v.ty, mut=False, ro=True, sub=True))
            was = v.name in self.frozen
            self.frozen.add(v.name)
            self.mix('%s.len' % sub)
            self.stmt_block(self.r.randint(1, 3), min(d - 1, 1))
            self.mix(self.index_into(sub, 2))
            if not was:
                self.frozen.discard(v.name)
            self.pop_scope()
            self.ind -= 1
            self.emit('}')
        elif c < 0.85:
            # copy_into between same-typed views of equal length
            v = self.pick(ss)
            others = [o for o in ss if o.ty == v.ty] + [
                o for o in self.vars(lambda o: o.mut and isinstance(o.ty, tuple) and o.ty[0] == 'arr' and o.ty[1] == v.ty[1])]
            o = self.pick(others)
            n = self.r.randint(1, MINLEN)
            if o.ty[0] == 'arr':
                n = 4
                if self.chance(0.5):
                    self.emit('copy_into(%s, %s[0:%d])' % (o.name, v.name, n))
                else:
                    self.emit('copy_into(%s[0:%d], %s)' % (v.name, n, o.name))
                return
            a = self.r.randint(0, MINLEN - n)
            b = self.r.randint(0, MINLEN - n)
            if self.chance(ERR_RATE * 3):
                n2 = n + 1
            else:
                n2 = n
            self.emit('copy_into(%s[%d:%d], %s[%d:%d])' % (v.name, a, a + n, o.name, b, b + n2))
        elif c < 0.9:
            v = self.pick(ss)
            if self.chance(0.5):
                n = self.r.randint(1, MINLEN - 1)
                a0, b0 = self.r.randint(0, MINLEN - n), self.r.randint(0, MINLEN - n)
                self.emit('move_from(%s[%d:%d], %s[%d:%d])' % (v.name, a0, a0 + n, v.name, b0, b0 + n))
            else:
                arrs = self.vars(lambda o: o.mut and isinstance(o.ty, tuple) and o.ty[0] == 'arr')
                self.emit('defaults(%s)' % (self.pick(arrs).name if arrs and self.chance(0.5)
                                            else '%s[1:3]' % v.name))
        else:
            v = self.pick(ss)
            self.mix('%s.len + %s.cap' % (v.name, v.name) if self.chance(0.3) else '%s.len' % v.name)

    def s_struct(self, d):
        sv = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'struct')
        bv = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'box')
        c = self.r.random()
        if c < 0.3 or not (sv or bv):
            if self.chance(0.6) or not self.structs:
                t = self.pick(INTS)
                name = self.fresh('b')
                self.emit('var %s = Box[%s]{v: %s}' % (name, t, self.int_expr(t, 2)[0]))
                self.declare(Var(name, ('box', t)))
            else:
                sn, fs = self.pick(self.structs)
                name = self.fresh('st')
                inits = ['%s: %s' % (f, self.int_expr(ft, 2)[0]) for f, ft in fs if self.chance(0.8)]
                self.r.shuffle(inits)
                mut = self.chance(0.8)
                self.emit('%s %s = %s{%s}' % ('var' if mut else 'let', name, sn, ', '.join(inits)))
                self.declare(Var(name, ('struct', sn), mut))
            return
        if c < 0.6 and bv:
            v = self.pick(bv)
            if v.mut:
                self.emit('%s.add(%s)' % (v.name, self.int_expr(v.ty[1], 2)[0]))
            self.mix('%s.n' % v.name)
        elif sv:
            v = self.pick(sv)
            sn = v.ty[1]
            fs = self.struct_fields(sn)
            if v.mut and self.chance(0.5):
                self.emit('%s.bump(%s)' % (v.name, self.int_expr(fs[0][1], 2)[0]))
            elif v.mut and self.chance(0.3):
                inits = ['%s: %s' % (f, self.int_expr(ft, 2)[0]) for f, ft in fs]
                self.r.shuffle(inits)
                self.emit('%s = %s{%s}' % (v.name, sn, ', '.join(inits)))
            else:
                self.mix('%s.total()' % v.name)

    def s_pool(self, d):
        pv = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] in ('rpool', 'slotpool', 'spool', 'slicepool'))
        if not pv:
            return self.s_mix(d)
        v = self.pick(pv)
        k = v.ty[0]
        c = self.r.random()
        if k in ('rpool', 'slotpool'):
            sn = v.ty[1]
            fs = self.struct_fields(sn)
            if c < 0.3 and v.live not in self.frozen:
                lit = '%s{%s}' % (sn, ', '.join('%s: %s' % (f, self.int_expr(ft, 1)[0]) for f, ft in fs))
                self.emit('%s.push(%s.alloc(%s))' % (v.live, v.name, lit))
            elif c < 0.5 and v.live not in self.frozen:
                self.emit('if %s.len > 1 {' % v.live)
                self.ind += 1
                self.emit('%s.free(%s.pop())' % (v.name, v.live))
                self.ind -= 1
                self.emit('}')
            elif c < 0.6 and k == 'slotpool':
                r = self.fresh('r')
                lit = '%s{%s}' % (sn, ', '.join('%s: %s' % (f, self.int_expr(ft, 1)[0]) for f, ft in fs))
                self.emit('{')
                self.ind += 1
                self.emit('let %s = %s.alloc_ref(%s)' % (r, v.name, lit))
                f, ft = self.pick(fs)
                self.emit('%s.%s += %s' % (r, f, self.int_expr(ft, 1)[0]))
                self.mix('%s.%s' % (r, f))
                if self.chance(0.5):
                    self.emit('%s.free_ref(%s)' % (v.name, r))
                self.ind -= 1
                self.emit('}')
            elif c < 0.7:
                self.emit('%s.bump(%s)' % (self.pool_slot(v, 1), self.int_expr(fs[0][1], 1)[0]))
            elif c < 0.8:
                self.mix('%s.len' % v.name)
            elif c < 0.8 + ERR_RATE * 10:
                self.emit('%s.free(%s)' % (v.name, self.int_expr('int', 1)[0]))
            else:
                self.mix('%s.total()' % self.pool_slot(v, 1))
        else:
            t = v.ty[1]
            s = self.pick(v.spans)
            if c < 0.35:
                n = self.r.randint(1, 12)
                if k == 'spool':
                    self.emit('%s.free(%s)' % (v.name, s))
                    self.emit('%s = %s.alloc(%d)' % (s, v.name, n))
                elif self.chance(0.5):
                    self.emit('%s = %s.resize(%s, %d)' % (s, v.name, s, n))
                else:
                    self.emit('%s.free(%s)' % (v.name, s))
                    self.emit('%s = %s.alloc_slice(%d)' % (s, v.name, n))
            elif c < 0.5 and k == 'slicepool':
                o = self.pick(v.spans)
                if o != s:
                    self.emit('%s.free(%s)' % (v.name, s))
                    self.emit('%s = %s.alloc_copy(%s)' % (s, v.name, o))
            elif c < 0.75:
                self.emit('%s = %s' % (self.index_into(s, 1), self.int_expr(t, 2)[0]))
            elif c < 0.9:
                self.mix('%s.len' % (v.name if k == 'spool' else s))
            else:
                self.mix(self.index_into(s, 2))

    def s_call(self, d):
        fs = [f for f in self.fns if f.ret is None and f.kind == 'plain'
              and self.cost + self.mult * (f.cost + 1) <= BUDGET]
        if not fs:
            return self.s_mix(d)
        f = self.pick(fs)
        args = self.call_args(f)
        if args is None:
            return self.s_mix(d)
        self.cost += self.mult * (f.cost + 1)
        self.emit('%s(%s)' % (f.name, ', '.join(args)))

    def s_closure(self, d):
        if self.in_closure:
            return self.s_mix(d)
        c = self.r.random()
        name = self.fresh('c')
        if c < 0.5:
            at = self.pick(INTS)
            rt = self.pick(INTS)
            x = self.fresh('x')
            self.push_scope()
            self.declare(Var(x, at, mut=False))
            self.in_closure += 1
            body = self.int_expr(rt, 3)[0]
            self.in_closure -= 1
            self.pop_scope()
            self.emit('let %s = fn(%s: %s) -> %s { return %s }' % (name, x, at, rt, body))
            self.declare(Var(name, ('clos', at, rt), mut=False))
            self.mix('%s(%s)' % (name, self.int_expr(at, 2)[0]))
        elif c < 0.8:
            # a closure that changes captured scalars; called as statements
            ps = [v for v in self.vars(lambda v: is_int(v.ty) and v.mut and not v.isref)]
            if not ps:
                return self.s_mix(d)
            v = self.pick(ps)
            x = self.fresh('x')
            self.push_scope()
            self.declare(Var(x, v.ty, mut=False))
            self.in_closure += 1
            e = self.int_expr(v.ty, 2)[0]
            self.in_closure -= 1
            self.pop_scope()
            self.emit('let %s = fn(%s: %s) { %s += %s ^ %s }' % (name, x, v.ty, v.name, x, e))
            for _ in range(self.r.randint(1, 3)):
                self.emit('%s(%s)' % (name, self.int_expr(v.ty, 2)[0]))
            self.mix(v.name)
        else:
            # a closure that pushes to its own slice
            t = self.pick(INTS)
            acc = self.fresh('acc')
            self.emit('var %s = make([]%s, %d)' % (acc, t, MINLEN))
            x = self.fresh('x')
            self.emit('let %s = fn(%s: %s) { %s.push(%s) }' % (name, x, t, acc, x))
            self.declare(Var(acc, ('slice', t), clos_only=True))
            n = self.r.randint(1, 4)
            i = self.fresh('i')
            self.emit('for %s in 0..%d {' % (i, n))
            self.ind += 1
            self.push_scope()
            self.declare(Var(i, 'int', mut=False))
            self.emit('%s(%s)' % (name, self.int_expr(t, 2)[0]))
            self.pop_scope()
            self.ind -= 1
            self.emit('}')
            self.mix('%s.len' % acc)
            self.mix(self.index_into(acc, 1))

    def s_facts(self, d):
        """Shapes the -O1 facts pass reasons about (guards, earlier checks,
        pop after a length test, division and shift guards); a small share
        is off by one, so a check wrongly removed shows as a difference."""
        g = [v for v in self.growable() if v.ty[1] in INTS]
        if not g:
            return self.s_mix(d)
        v = self.pick(g)
        xs, t = v.name, v.ty[1]
        k = self.fresh('k')
        c = self.r.random()
        off = self.chance(0.05)
        if c < 0.2:
            self.emit('let %s = (%s) %% 12' % (k, self.typed_expr('int', 2)))
            if off:
                self.emit('if %s < %s.len { mix(%s[%s] as u64) }' % (k, xs, xs, k))
            elif self.chance(0.5):
                self.emit('if %s >= 0 && %s < %s.len { mix(%s[%s] as u64) }' % (k, k, xs, xs, k))
            else:
                self.emit('if (%s as uint) < (%s.len as uint) { mix(%s[%s] as u64) }' % (k, xs, xs, k))
        elif c < 0.35:
            self.emit('let %s = (%s) %% 12' % (k, self.typed_expr('int', 2)))
            self.emit('for _ in 0..1 {')
            self.emit('    if %s < 0 || %s >= %s.len%s { break }' % (k, k, xs, ' - 1' if off else ''))
            self.emit('    %s[%s] += %s' % (xs, k, self.lit(t)[0]))
            self.emit('    mix(%s[%s%s] as u64)' % (xs, k, ' + 1' if off else ''))
            self.emit('}')
        elif c < 0.5:
            a, b = self.fresh('lo'), self.fresh('hi')
            self.emit('let %s = (%s) as uint %% (%s.len as uint + 1)' % (a, self.typed_expr('u32', 2), xs))
            self.emit('let %s = %s + (%s) as uint %% (%s.len as uint + 1 - %s)' % (
                b, a, self.typed_expr('u16', 2), xs, a))
            self.emit('mix(%s[%s:%s].len as u64)' % (xs, a, b))
            if off:
                self.emit('mix(%s[%s] as u64)' % (xs, a))
            else:
                self.emit('if %s < %s { mix(%s[%s] as u64) }' % (a, b, xs, a))
                self.emit('defaults(%s[%s:%s])' % (xs, a, b))
        elif c < 0.65:
            kk = self.r.randint(MINLEN + 1, MINLEN + 4)
            j = kk - 1 if not off else kk
            self.emit('if %s.len > %d {' % (xs, kk))
            self.emit('    mix(%s.pop() as u64)' % xs)
            self.emit('    mix(%s[%d] as u64 + %s[%s.len - 1] as u64)' % (xs, j - 1 if not off else j, xs, xs))
            self.emit('}')
        elif c < 0.8:
            i = self.fresh('i')
            self.emit('var %s = 0' % i)
            self.emit('while %s < %s.len {' % (i, xs))
            if off or self.chance(0.3):
                self.emit('    if %s.len > %d { mix(%s.pop() as u64) }' % (xs, MINLEN + (0 if off else 3), xs))
            self.emit('    %s[%s] ^= %s' % (xs, i, self.lit(t)[0]))
            self.emit('    %s += 1 + (%s & 1)' % (i, self.typed_expr('int', 1)))
            self.emit('}')
        elif c < 0.9:
            st = self.pick([x for x in INTS if SIGNED[x]] if self.chance(0.7) else INTS)
            dn, nn = self.fresh('d'), self.fresh('n')
            self.emit('let %s: %s = %s' % (dn, st, self.pick([self.lit(st)[0], '0', '1']) if SIGNED[st]
                                          else self.lit(st)[0]))
            if SIGNED[st] and self.chance(0.1 if not off else 0.6):
                self.emit('let %s: %s = %s' % (nn, st, '(-1)'))
            else:
                self.emit('let %s: %s = %s' % (nn, st, self.typed_expr(st, 2)))
            op = self.pick(['/', '%'])
            if SIGNED[st] and not off:
                self.emit('if %s != 0 && %s != -1 { mix((%s %s %s) as u64) }' % (nn, nn, dn, op, nn))
            else:
                self.emit('if %s != 0 { mix((%s %s %s) as u64) }' % (nn, dn, op, nn))
        elif c < 0.93:
            self.facts_fixed_len(off)
        else:
            st = self.pick(INTS)
            w = WIDTH[st]
            ct = self.pick(['int', 'i32', 'u8', 'i8'])
            self.emit('let %s: %s = (%s) %% %d' % (k, ct, self.typed_expr(ct, 2), min(w + 3, 127)))
            x = self.typed_expr(st, 2)
            if off:
                self.emit('if %s < %d { mix(((%s) << %s) as u64) }' % (k, w, x, k))
            elif SIGNED[ct]:
                self.emit('if %s >= 0 && %s < %d { mix(((%s) >> %s) as u64) }' % (k, k, w, x, k))
            else:
                self.emit('if %s < %d { mix(((%s) << %s) as u64) }' % (k, w, x, k))

    def facts_fixed_len(self, off):
        """for i in 0..n over h = make([]T, n) (the check goes when h never
        changes); off: h shrinks or is replaced first, the check must stay."""
        t = self.pick(INTS)
        n, h, i = self.fresh('n'), self.fresh('h'), self.fresh('i')
        outer = not off and self.chance(0.3)
        if outer:
            self.emit('for %s in 1..4 {' % n)
        else:
            self.emit('let %s = ((%s) as uint %% 6) as int + 1' % (n, self.typed_expr('int', 2)))
        self.emit('var %s = make([]%s, %s)' % (h, t, n))
        if off:
            self.emit(self.pick(['let _ = %s.pop()' % h, '%s = make([]%s, %s - 1)' % (h, t, n),
                                 '%s.clear()' % h]))
        self.emit('for %s in 0..%s {' % (i, n))
        self.emit('    %s[%s] = %s as %s' % (h, i, i, t))
        self.emit('    mix(%s[%s] as u64)' % (h, i))
        self.emit('}')
        if outer:
            self.emit('}')

    def s_jump(self, d):
        if self.loop_depth == 0:
            return self.s_mix(d)
        self.emit('if %s { %s }' % (self.bool_expr(1), self.pick(['break', 'continue'])))

    def s_assert(self, d):
        t = self.pick(INTS)
        e = self.typed_expr(t, 2)
        if self.chance(0.5):
            self.emit('assert %s != %s, "a%d"' % (e, self.lit(t)[0], self.r.randint(0, 99)))
        else:
            self.emit('assert (%s) | 1 != 0' % e)

    def s_opt(self, d):
        t = self.pick(INTS)
        name = self.fresh('o')
        self.emit('var %s: ?%s = none' % (name, t))
        self.declare(Var(name, ('opt', t)))
        self.emit('if %s {' % self.bool_expr(1))
        self.ind += 1
        self.emit('%s = %s' % (name, self.int_expr(t, 2)[0]))
        self.ind -= 1
        self.emit('}')
        self.mix('%s.or(%s)' % (name, self.lit(t)[0]))

    # ---- version 2 forms: enums, match, several results, defer, slice literals
    def enum_variants(self, ename):
        for n, vs in self.enums:
            if n == ename:
                return vs
        return []

    def enum_value(self, ename, d):
        """A variant of ename, built positionally or by field name."""
        vn, fs = self.pick(self.enum_variants(ename))
        if not fs:
            return '%s.%s' % (ename, vn)
        args = [(f, self.int_expr(ft, d)[0]) for f, ft in fs]
        if self.chance(0.4):
            self.r.shuffle(args)
            return '%s.%s(%s)' % (ename, vn, ', '.join('%s: %s' % a for a in args))
        return '%s.%s(%s)' % (ename, vn, ', '.join(e for _, e in args))

    def enum_int(self, v, t):
        """An int of type t read from enum variable v."""
        if any(fs for _, fs in self.enum_variants(v.ty[1])):
            return '(%s.val() as %s)' % (v.name, t)
        return self.pick(['(%s as %s)' % (v.name, t), '(%s.code() as %s)' % (v.name, t)])

    def gen_enums(self):
        k = 0
        for plain in (True, False, False):
            if not self.chance(0.85 if plain else 0.6 if k < 2 else 0.3):
                continue
            name = ('E%d' if plain else 'P%d') % k
            k += 1
            vs = []
            for j in range(self.r.randint(2, 5)):
                fs = []
                if not plain and self.chance(0.7):
                    fs = [('x%d' % i, self.pick(INTS)) for i in range(self.r.randint(1, 3))]
                vs.append(('V%d' % j, fs))
            if not plain and not any(fs for _, fs in vs):
                vs[-1] = (vs[-1][0], [('x0', self.pick(INTS))])
            self.enums.append((name, vs))
            body = ', '.join(vn + ('(%s)' % ', '.join('%s: %s' % f for f in fs) if fs else '')
                             for vn, fs in vs)
            self.emit('enum %s { %s }' % (name, body))
            if plain:
                self.gen_plain_enum_methods(name, vs)
            else:
                self.gen_payload_enum_methods(name, vs)
        self.emit('')

    def gen_plain_enum_methods(self, name, vs):
        self.emit('fn (c: %s) code() -> int {' % name)
        arms = [vn for vn, _ in vs]
        self.r.shuffle(arms)
        self.emit('    match c {')
        i = 0
        while i < len(arms):
            g = self.r.randint(1, 2)
            if i + g >= len(arms) and self.chance(0.5) and i > 0:
                self.emit('        _ => return %d' % self.r.randint(-5, 50))
                break
            self.emit('        %s => return %d' % (' | '.join(arms[i:i + g]), self.r.randint(-5, 50)))
            i += g
        self.emit('    }')
        self.emit('}')
        self.emit('fn (c: ref %s) next() {' % name)
        self.emit('    match c {')
        for j, (vn, _) in enumerate(vs):
            self.emit('        %s => c = %s.%s' % (vn, name, vs[(j + 1) % len(vs)][0]))
        self.emit('    }')
        self.emit('}')

    def gen_payload_enum_methods(self, name, vs):
        self.emit('fn (e: %s) val() -> u64 {' % name)
        self.emit('    var r: u64 = %d' % self.r.randint(0, 99))
        self.emit('    match e {')
        for j, (vn, fs) in enumerate(vs):
            if not fs:
                self.emit('        %s => r = %d' % (vn, self.r.randint(0, 999)))
                continue
            binds = [f if self.chance(0.8) else '_' for f, _ in fs]
            used = [b for b in binds if b != '_']
            e = ' ^ '.join('((%s as u64) * %d)' % (b, 2 * i + 3) for i, b in enumerate(used)) or str(j)
            self.emit('        %s(%s) => r = %s' % (vn, ', '.join(binds), e))
        self.emit('    }')
        self.emit('    return r * 31 + %d' % self.r.randint(0, 9))
        self.emit('}')
        # a ref method that moves to the next variant (plain match, assigns the place)
        self.emit('fn (e: ref %s) step(k: u8) {' % name)
        self.emit('    match e {')
        for j, (vn, fs) in enumerate(vs):
            tn, tfs = vs[(j + 1) % len(vs)]
            src = fs[0][0] if fs else 'k'
            pat = '%s(%s)' % (vn, ', '.join([fs[0][0]] + ['_'] * (len(fs) - 1))) if fs else vn
            if tfs:
                args = ', '.join('(%s as %s) + (k as %s)' % (src, ft, ft) for _, ft in tfs)
                self.emit('        %s => e = %s.%s(%s)' % (pat, name, tn, args))
            else:
                self.emit('        %s => e = %s.%s' % (pat, name, tn))
        self.emit('    }')
        self.emit('}')
        # a ref method that changes the payload in place (match ref)
        self.emit('fn (e: ref %s) tweak(k: u8) {' % name)
        self.emit('    match ref e {')
        for vn, fs in vs:
            if not fs:
                continue
            f, ft = self.pick(fs)
            binds = [g if g == f else '_' for g, _ in fs]
            self.emit('        %s(%s) => %s %s k as %s' % (vn, ', '.join(binds), f,
                                                        self.pick(['+=', '^=', '-=', '*=']), ft))
        self.emit('        _ => {}' if any(not fs for _, fs in vs) else '    }')
        if any(not fs for _, fs in vs):
            self.emit('    }')
        self.emit('}')

    def arm_body(self, d, decls, first=None):
        """The statement of a match arm: a one-liner or a block that sees
        the arm's bindings (decls); first: a statement using a binding."""
        if d > 0 and not self.in_defer and self.chance(0.08):
            if self.loop_depth > 0 and self.chance(0.6):
                return self.pick(['break', 'continue'])
            ret = self.cur_ret
            if ret != 'main':
                if ret is None:
                    return 'return'
                if isinstance(ret, tuple):
                    return 'return (%s)' % ', '.join(self.int_expr(t, 2)[0] for t in ret)
                return 'return %s' % self.int_expr(ret, 2)[0]
        if d <= 0 or self.chance(0.45):
            self.push_scope()
            for v in decls:
                self.declare(v)
            s = first or ('{}' if self.chance(0.1) else 'mix((%s) as u64)' % self.typed_expr(self.pick(INTS), 2))
            self.pop_scope()
            return s
        return None

    def emit_arm(self, pat, d, decls=(), first=None):
        s = self.arm_body(d, decls, first)
        if s is not None:
            self.emit('%s => %s' % (pat, s))
            return
        self.emit('%s => {' % pat)
        self.ind += 1
        self.push_scope()
        for v in decls:
            self.declare(v)
        if first:
            self.emit(first)
        self.stmt_block(self.r.randint(1, 3), d - 1)
        self.pop_scope()
        self.ind -= 1
        self.emit('}')

    def match_enum(self, subj, ename, d, isref=False, var=None):
        vs = list(self.enum_variants(ename))
        self.r.shuffle(vs)
        n = len(vs) if self.chance(0.5) else self.r.randint(1, len(vs))
        self.emit('match %s%s {' % ('ref ' if isref else '', subj))
        self.ind += 1
        if var is not None and isref:
            was = var in self.frozen
            self.frozen.add(var)
        i = 0
        while i < n:
            vn, fs = vs[i]
            if not fs or self.chance(0.15):
                # alternatives of variants (bindings are not allowed there)
                g = 1
                while i + g < n and not vs[i + g][1] and self.chance(0.4):
                    g += 1
                self.emit_arm(' | '.join(v[0] for v in vs[i:i + g]), d)
                i += g
                continue
            binds, decls = [], []
            for f, ft in fs:
                if self.chance(0.25):
                    binds.append('_')
                else:
                    b = self.fresh('m')
                    binds.append(b)
                    decls.append(Var(b, ft, mut=isref, isref=isref))
            first = None
            if decls:
                b = self.pick(decls)
                if isref:
                    first = '%s %s %s' % (b.name, self.pick(['+=', '^=', '=', '|=']), self.int_expr(b.ty, 2)[0])
                else:
                    first = 'mix((%s) as u64)' % b.name
            self.emit_arm('%s(%s)' % (vn, ', '.join(binds)), d, decls, first)
            i += 1
        if n < len(vs):
            self.emit_arm('_', d)
        if var is not None and isref and not was:
            self.frozen.discard(var)
        self.ind -= 1
        self.emit('}')

    def pat_num(self, t, v):
        if t == 'u8' and 0x61 <= v <= 0x7a and self.chance(0.6):
            return "'%s'" % chr(v)
        return str(v)

    def int_arms(self, t):
        """Disjoint patterns of type t grouped into arms, and whether they
        cover every value of t (then no `_` arm may follow)."""
        w = WIDTH[t]
        lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if SIGNED[t] else (0, (1 << w) - 1)
        ivs = []        # (pattern, first, last)
        if w == 8 and self.chance(0.3):
            cuts = sorted(set(self.r.randint(lo + 1, hi) for _ in range(self.r.randint(1, 4))))
            bounds = [lo] + cuts + [hi + 1]
            for a, b in zip(bounds, bounds[1:]):
                if b - a == 1:
                    ivs.append((self.pat_num(t, a), a, a))
                elif b == hi + 1 or self.chance(0.5):
                    ivs.append(('%s..=%s' % (self.pat_num(t, a), self.pat_num(t, b - 1)), a, b - 1))
                else:
                    ivs.append(('%s..%s' % (self.pat_num(t, a), self.pat_num(t, b)), a, b - 1))
        else:
            vals = set()
            for _ in range(self.r.randint(2, 8)):
                if t == 'u8' and self.chance(0.3):
                    vals.add(self.r.randint(0x61, 0x7a))
                else:
                    vals.add(self.lit_value(t))
            vals = sorted(vals)
            i = 0
            while i < len(vals):
                if i + 1 < len(vals) and self.chance(0.4):
                    a, b = vals[i], vals[i + 1]
                    if self.chance(0.5):
                        ivs.append(('%s..=%s' % (self.pat_num(t, a), self.pat_num(t, b)), a, b))
                    else:
                        ivs.append(('%s..%s' % (self.pat_num(t, a), self.pat_num(t, b)), a, b - 1))
                    i += 2
                else:
                    ivs.append((self.pat_num(t, vals[i]), vals[i], vals[i]))
                    i += 1
        covered = sorted((a, b) for _, a, b in ivs)
        nxt = lo
        for a, b in covered:
            if a != nxt:
                break
            nxt = b + 1
        full = nxt == hi + 1
        pats = [p for p, _, _ in ivs]
        self.r.shuffle(pats)
        arms = []
        while pats:
            g = self.r.randint(1, min(3, len(pats))) if self.chance(0.3) else 1
            arms.append(' | '.join(pats[:g]))
            pats = pats[g:]
        return arms, full

    def s_match(self, d):
        if d <= 0:
            return self.s_mix(d)
        c = self.r.random()
        if c < 0.5:
            t = self.pick(INTS)
            plain = self.vars(lambda v: v.ty == t)
            subj = self.pick(plain).name if plain and self.chance(0.4) else self.typed_expr(t, 2)
            arms, full = self.int_arms(t)
            self.emit('match %s {' % subj)
            self.ind += 1
            for a in arms:
                self.emit_arm(a, d)
            if not full:
                self.emit_arm('_', d)
            self.ind -= 1
            self.emit('}')
        elif c < 0.7:
            self.emit('match (%s) {' % self.bool_expr(2))
            self.ind += 1
            first = self.pick(['true', 'false'])
            self.emit_arm(first, d)
            self.emit_arm(self.pick(['_', 'false' if first == 'true' else 'true']), d)
            self.ind -= 1
            self.emit('}')
        else:
            os = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'opt' and v.name not in self.frozen)
            if not os:
                self.s_opt(d)
                os = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'opt')
            v = self.pick(os)
            t = v.ty[1]
            isref = self.chance(0.3)
            b = self.fresh('m')
            self.emit('match %s%s {' % ('ref ' if isref else '', v.name))
            self.ind += 1
            if isref:
                self.frozen.add(v.name)
                first = '%s %s %s' % (b, self.pick(['+=', '^=', '=']), self.int_expr(t, 2)[0])
            else:
                first = 'mix((%s) as u64)' % b
            arms = [('some(%s)' % b, [Var(b, t, mut=isref, isref=isref)], first), ('none', [], None)]
            if self.chance(0.3):
                arms.reverse()
            if self.chance(0.3):
                arms[1] = ('_', [], None)
            for pat, decls, f in arms:
                self.emit_arm(pat, d, decls, f)
            if isref:
                self.frozen.discard(v.name)
            self.ind -= 1
            self.emit('}')

    def s_enum(self, d):
        if not self.enums:
            return self.s_mix(d)
        ev = self.vars(lambda v: isinstance(v.ty, tuple) and v.ty[0] == 'enum')
        c = self.r.random()
        if c < 0.25 or not ev:
            en = self.pick(self.enums)[0]
            name = self.fresh('e')
            mut = self.chance(0.8)
            if mut and self.chance(0.2):
                self.emit('var %s: %s' % (name, en))
            elif self.chance(0.3):
                self.emit('%s %s: %s = %s' % ('var' if mut else 'let', name, en, self.enum_value(en, 2)))
            else:
                self.emit('%s %s = %s' % ('var' if mut else 'let', name, self.enum_value(en, 2)))
            self.declare(Var(name, ('enum', en), mut))
            return
        v = self.pick(ev)
        en = v.ty[1]
        payload = any(fs for _, fs in self.enum_variants(en))
        can_change = v.mut and v.name not in self.frozen
        if c < 0.5:
            self.match_enum(v.name, en, d, var=v.name)
        elif c < 0.75 and can_change and payload:
            self.match_enum(v.name, en, d, isref=True, var=v.name)
        elif c < 0.85 and can_change:
            if payload:
                self.emit(self.pick(['%s.step(%s)', '%s.tweak(%s)']) % (v.name, self.int_expr('u8', 2)[0]))
            elif self.chance(0.5):
                self.emit('%s.next()' % v.name)
            else:
                self.emit('%s = %s' % (v.name, self.enum_value(en, 2)))
        else:
            if not payload and self.chance(0.5):
                self.emit('if %s %s %s { mix(%d) }' % (v.name, self.pick(['==', '!=']),
                                                    self.enum_value(en, 1), self.r.randint(1, 9)))
            self.mix(self.enum_int(v, 'u64'))

    def call_args(self, f, d=2):
        args = []
        for pn, pt in f.params:
            if isinstance(pt, tuple) and pt[0] == 'refslice':
                cands = [v for v in self.growable() if v.ty == ('slice', pt[1])]
                if not cands:
                    return None
                args.append(self.pick(cands).name)
            elif isinstance(pt, tuple) and pt[0] == 'refstruct':
                cands = self.vars(lambda v: v.mut and v.ty == ('struct', pt[1]))
                if not cands:
                    return None
                args.append(self.pick(cands).name)
            elif isinstance(pt, tuple) and pt[0] == 'slice':
                cands = self.vars(lambda v: v.ty == pt and not v.clos_only and not v.sub)
                if not cands or self.chance(0.2):
                    args.append(self.slice_lit(pt[1], 1))
                else:
                    args.append(self.pick(cands).name)
            else:
                args.append(self.int_expr(pt, d)[0])
        return args

    def slice_lit(self, t, d):
        n = self.r.randint(MINLEN, MINLEN + 3)
        return '[]%s{%s}' % (t, ', '.join(self.int_expr(t, d)[0] for _ in range(n)))

    def s_multi(self, d):
        fs = [f for f in self.fns if isinstance(f.ret, tuple)
              and self.cost + self.mult * (f.cost + 1) <= BUDGET]
        if not fs:
            return self.s_mix(d)
        f = self.pick(fs)
        args = self.call_args(f)
        if args is None:
            return self.s_mix(d)
        self.cost += self.mult * (f.cost + 1)
        call = '%s(%s)' % (f.name, ', '.join(args))
        c = self.r.random()
        if c < 0.45:
            ps = []
            for t in f.ret:
                cands = self.places(t)
                ps.append(self.pick(cands)() if cands and self.chance(0.8) else '_')
            for i in range(len(ps)):
                if ps[i] != '_' and ps[i] in ps[:i]:
                    ps[i] = '_'
            if any(p != '_' for p in ps):
                self.emit('%s = %s' % (', '.join(ps), call))
                return
        if c < 0.85:
            names = [self.fresh('r') if self.chance(0.8) else '_' for _ in f.ret]
            if all(n == '_' for n in names):
                names[0] = self.fresh('r')
            mut = self.chance(0.4)
            self.emit('%s (%s) = %s' % ('var' if mut else 'let', ', '.join(names), call))
            for n, t in zip(names, f.ret):
                if n != '_':
                    self.declare(Var(n, t, mut))
            self.mix(' ^ '.join('(%s as u64)' % n for n in names if n != '_'))
            return
        self.emit(call)

    def s_defer(self, d):
        c = self.r.random()
        if c < 0.3:
            self.emit('defer mix((%s) as u64)' % self.typed_expr(self.pick(INTS), 2))
        elif c < 0.55:
            t = self.pick(INTS)
            ps = self.places(t)
            if not ps:
                return self.emit('defer mix((%s) as u64)' % self.typed_expr(t, 2))
            op = self.pick(['=', '+=', '-=', '*=', '^=', '|=', '&='])
            self.emit('defer %s %s %s' % (self.pick(ps)(), op, self.int_expr(t, 2)[0]))
        elif c < 0.7:
            es = [self.typed_expr(self.pick(INTS), 1) for _ in range(self.r.randint(1, 2))]
            self.emit('defer println("d%d", %s)' % (self.r.randint(0, 99), ', '.join(es)))
        else:
            self.emit('defer {')
            self.in_defer += 1
            old = self.loop_depth
            self.loop_depth = 0
            self.block(self.r.randint(1, 3), min(d, 2))
            self.loop_depth = old
            self.in_defer -= 1
            self.emit('}')

    def s_lit(self, d):
        c = self.r.random()
        if c < 0.45 or d <= 0 or self.mult > 200 or not (self.structs or self.enums):
            t = self.pick(INTS)
            name = self.fresh('l')
            mut = self.chance(0.7)
            self.emit('%s %s = %s' % ('var' if mut else 'let', name, self.slice_lit(t, 2)))
            self.declare(Var(name, ('slice', t), mut, ro=not mut))
            self.mix('%s.len + %s.cap' % (name, name))
            return
        x = self.fresh('x')
        name = self.fresh('l')
        n = self.r.randint(0, 4)
        if self.structs and (c < 0.7 or not self.enums):
            sn, fs = self.pick(self.structs)
            els = []
            for _ in range(n):
                inits = ['%s: %s' % (f, self.int_expr(ft, 1)[0]) for f, ft in fs if self.chance(0.7)]
                els.append(('%s{%s}' if self.chance(0.3) else '%.0s{%s}') % (sn, ', '.join(inits)))
            self.emit('let %s = []%s{%s}' % (name, sn, ', '.join(els)))
            decl = Var(x, ('struct', sn), mut=False)
            first = 'mix(%s.total())' % x
        else:
            en = self.pick(self.enums)[0]
            self.emit('let %s = []%s{%s}' % (name, en, ', '.join(self.enum_value(en, 1) for _ in range(n))))
            decl = Var(x, ('enum', en), mut=False)
            first = None
        self.mix('%s.len' % name)
        self.emit('for %s in %s {' % (x, name))
        old = self.mult
        self.mult *= max(n, 1)
        self.loop_depth += 1
        self.ind += 1
        self.push_scope()
        self.declare(decl)
        if first:
            self.emit(first)
        else:
            self.match_enum(x, decl.ty[1], d - 1)
        self.stmt_block(self.r.randint(0, 2), d - 1)
        self.pop_scope()
        self.ind -= 1
        self.loop_depth -= 1
        self.mult = old
        self.emit('}')

    # ---- top level -----------------------------------------------------------
    def gen_structs(self):
        for k in range(self.r.randint(1, 3)):
            name = 'S%d' % k
            fs = [('f%d' % j, self.pick(INTS)) for j in range(self.r.randint(1, 4))]
            self.structs.append((name, fs))
            self.emit('struct %s { %s }' % (name, ', '.join('%s: %s' % f for f in fs)))
            f0, t0 = fs[0]
            self.emit('fn (p: ref %s) bump(x: %s) { p.%s += x; p.%s ^= p.%s >> 1 }' % (
                name, t0, f0, fs[-1][0], fs[-1][0]))
            self.emit('fn (p: %s) total() -> u64 { return %s }' % (
                name, ' + '.join('(p.%s as u64)' % f for f, _ in fs)))
        self.emit('struct Box[T] { v: T, n: int }')
        self.emit('fn (b: ref Box[T]) add(x: T) { b.v = b.v + x; b.n += 1 }')
        self.emit('fn (b: Box[T]) get() -> T { return b.v }')
        self.emit('')

    def gen_globals(self):
        self.push_scope()
        self.emit('var chk: u64 = 0')
        self.emit('fn mix(v: u64) { chk = (chk ^ v) * 1099511628211 + 1 }')
        for _ in range(self.r.randint(0, 3)):
            t = self.pick(INTS)
            name = self.fresh('g')
            self.emit('var %s: %s = %s' % (name, t, self.lit(t)[0]))
            self.declare(Var(name, t))
        self.emit('')

    def begin_fn(self):
        self.cost = 0
        self.mult = 1
        self.loop_depth = 0
        self.frozen = set()
        self.push_scope()

    def gen_generic(self):
        name = self.fresh('gf')
        self.begin_fn()
        self.in_generic = True
        self.declare(Var('a', 'T', mut=False))
        self.declare(Var('b', 'T', mut=False))
        self.emit('fn %s[T](a: T, b: T) -> T {' % name)
        self.ind += 1
        self.emit('var acc: T = a')
        self.declare(Var('acc', 'T'))
        self.stmt_block(self.r.randint(2, 5), 2)
        self.emit('return acc ^ %s' % self.int_expr('T', 3)[0])
        self.ind -= 1
        self.emit('}')
        self.in_generic = False
        self.pop_scope()
        self.fns.append(Fn(name, [], None, self.cost + 2, 'generic'))

    def gen_hof(self):
        name = self.fresh('hf')
        self.emit('fn %s[T](f: fn(T) -> T, x: T) -> T {' % name)
        self.ind += 1
        self.emit('var r: T = x')
        trips = self.r.randint(1, 3)
        self.emit('for _ in 0..%d { r = f(r) ^ x }' % trips)
        self.emit('return r')
        self.ind -= 1
        self.emit('}')
        self.fns.append(Fn(name, [], None, trips * 4 + 2, 'hof'))

    def gen_fn(self):
        name = self.fresh('f')
        params = []
        for _ in range(self.r.randint(0, 3)):
            params.append((self.fresh('a'), self.pick(INTS)))
        c = self.r.random()
        if c < 0.25:
            params.append((self.fresh('xs'), ('slice', self.pick(INTS))))
        elif c < 0.4:
            params.append((self.fresh('ys'), ('refslice', self.pick(INTS))))
        elif c < 0.55 and self.structs:
            params.append((self.fresh('p'), ('refstruct', self.pick(self.structs)[0])))
        ret = self.pick(INTS) if self.chance(0.7) else None
        if self.chance(0.25):
            ret = tuple(self.pick(INTS) for _ in range(self.r.randint(2, 3)))
            earlier = [f.ret for f in self.fns if isinstance(f.ret, tuple)]
            if earlier and self.chance(0.4):
                ret = self.pick(earlier)     # so that `return g(..)` fits
        if any(isinstance(pt, tuple) and pt[0] == 'refslice' for _, pt in params):
            ret = None     # called only as a statement: it may grow the slice
        self.begin_fn()
        self.cur_ret = ret

        def tyname(pt):
            if isinstance(pt, tuple):
                return {'slice': '[]%s', 'refslice': 'ref []%s', 'refstruct': 'ref %s'}[pt[0]] % pt[1]
            return pt
        for pn, pt in params:
            if isinstance(pt, tuple):
                if pt[0] == 'slice':
                    self.declare(Var(pn, pt, mut=False, ro=True))
                elif pt[0] == 'refslice':
                    self.declare(Var(pn, ('slice', pt[1]), isref=True))
                else:
                    self.declare(Var(pn, ('struct', pt[1]), isref=True))
            else:
                self.declare(Var(pn, pt, mut=False))
        sig = ', '.join('%s: %s' % (pn, tyname(pt)) for pn, pt in params)
        rs = ret
        if isinstance(ret, tuple):
            rs = '(%s)' % ', '.join(ret)
        self.emit('fn %s(%s)%s {' % (name, sig, ' -> %s' % rs if ret else ''))
        self.ind += 1
        self.stmt_block(self.r.randint(3, 10), 3)
        same = [f for f in self.fns if f.ret == ret and isinstance(ret, tuple)
                and self.cost + f.cost + 1 <= BUDGET]
        args = self.call_args(same[0]) if same and self.chance(0.3) else None
        if args is not None:
            self.cost += same[0].cost + 1
            self.emit('return %s(%s)' % (same[0].name, ', '.join(args)))
        elif isinstance(ret, tuple):
            self.emit('return (%s)' % ', '.join(self.int_expr(t, 3)[0] for t in ret))
        elif ret:
            self.emit('return %s' % self.int_expr(ret, 3)[0])
        self.ind -= 1
        self.emit('}')
        self.pop_scope()
        self.fns.append(Fn(name, params, ret, self.cost + 1))
        self.emit('')

    def gen_main(self):
        self.begin_fn()
        self.cur_ret = 'main'
        global BUDGET
        self.emit('fn main() {')
        self.ind += 1
        # pools
        if self.structs and self.chance(0.7):
            sn, fs = self.pick(self.structs)
            k = self.pick(['rpool', 'slotpool'])
            name, live = self.fresh('rp'), self.fresh('live')
            if k == 'rpool':
                self.emit('var %s: reusable %s' % (name, sn))
            else:
                self.uses_pool_lib = True
                self.emit('var %s = pool.slot_pool[%s]{}' % (name, sn))
            self.emit('var %s = make([]int, 0)' % live)
            for _ in range(self.r.randint(1, 4)):
                lit = '%s{%s}' % (sn, ', '.join('%s: %s' % (f, self.lit(ft)[0]) for f, ft in fs))
                self.emit('%s.push(%s.alloc(%s))' % (live, name, lit))
            self.declare(Var(live, ('slice', 'int'), clos_only=True))
            self.declare(Var(name, (k, sn), live=live))
        if self.chance(0.6):
            k = self.pick(['spool', 'slicepool'])
            t = self.pick(INTS)
            name = self.fresh('sp')
            if k == 'spool':
                self.emit('var %s: reusable[] %s' % (name, t))
            else:
                self.uses_pool_lib = True
                self.emit('var %s = pool.slice_pool[%s]{}' % (name, t))
            spans = []
            for _ in range(self.r.randint(1, 3)):
                s = self.fresh('span')
                self.emit('var %s = %s.%s(%d)' % (s, name, 'alloc' if k == 'spool' else 'alloc_slice',
                                                   self.r.randint(1, 10)))
                spans.append(s)
            self.declare(Var(name, (k, t), spans=spans))
        self.decl_slice(self.fresh('s'))
        BUDGET_SAVE = BUDGET
        BUDGET = BUDGET * 3
        self.stmt_block(self.r.randint(10, 25), 3)
        BUDGET = BUDGET_SAVE
        self.emit('println("checksum", chk)')
        self.ind -= 1
        self.emit('}')
        self.pop_scope()

    def program(self):
        self.emit('// generated by tests/differential/gen.py, seed %d' % self.seed)
        hdr = len(self.out)
        self.gen_structs()
        self.gen_enums()
        self.gen_globals()
        for _ in range(self.r.randint(1, 2)):
            self.gen_generic()
            self.emit('')
        if self.chance(0.7):
            self.gen_hof()
            self.emit('')
        for _ in range(self.r.randint(2, 6)):
            self.gen_fn()
        self.gen_main()
        if self.uses_pool_lib:
            self.out.insert(hdr, 'import "pool"')
        return '\n'.join(self.out) + '\n'


def generate(seed):
    return Gen(seed).program()


def main():
    args = sys.argv[1:]
    out = None
    if '-o' in args:
        i = args.index('-o')
        out = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.stderr.write('usage: gen.py SEED [-o out.gs]\n')
        return 2
    text = generate(int(args[0]))
    if out:
        with open(out, 'w') as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
