#!/usr/bin/env python3
"""gen_life.py — random Goose programs for the lifetime checks (issue 27),
each with a model of what it must do: the exact stdout, and whether and
where it stops with the lifetime runtime error.

A program is a few scenario functions (s1, s2, ..) called in order from
main, plus the callees they use. While it writes a scenario the generator
executes it on a model (class Sim): slices as storages with the runtime's
growth policy (runtime/goose_rt.c gs_slice_grow: a push at len == cap
moves owned storage to max(4, 2 * cap); make([]T, n) has cap n, a slice
literal cap == len), map.Map's table (stdlib/map/map.gs: 8 slots at the
first put, doubled when a new key would pass 3/4 full), and the registry
of live `ref`s:
  * a ref argument (or method receiver) whose place is in a slice's
    storage (`a[i]`, `h.items[j]`, `a[i].v`), or a ref returned by a call
    and passed directly (`m.get_ref(k)`, `at(a, i)`), is live for the call;
  * `let r = <call returning ref T>` is live from the let to the end of the
    statement of its block that holds r's last use (a use in a nested
    if/for keeps it live until that whole statement ends);
  * a give-back is a push at len == cap of an owned slice, `delete`, a
    map put of a new key that grows the table, map remove (of a present
    key), clear and free. A give-back of storage X while a live ref points
    into X stops the program there (message with `moved` and `use of
    freed storage`, status 101, stdout flushed); nothing else stops.
    Refs to locals, globals, fields of locals/globals, fixed-array
    elements and pool slots never stop anything.
A scenario whose outcome the rules leave open (a remove of an absent key
under a live ref) is dropped and written again. A program stops at most
once: the scenario that stops is its last.

Kinds (--kinds, comma list; default: every kind):
  refs       ref arguments and receivers into slices whose callee pushes
             (once, in a loop, through a helper) or deletes; get_ref and
             user `-> ref T` lets across map puts/removes/clear/free and
             pushes; safe neighbours (pushes within capacity, refs into
             locals, globals, fixed arrays, pool slots, give-backs of
             other storage, refs whose last use precedes the give-back)
  alias view substr struct pool_free for_global
             header aliases (a copied header, a view, a sub-string, a
             struct holding a slice, a slice-pool span, a `for` over a
             global) used after their storage was given back: the model
             expects a stop with `use of freed storage` at the use (a
             `for` reads the global's header at every step: a slice
             assigned to it meanwhile is read, with its bounds checked).
  loop       a loop whose body makes a view of a slice, pushes onto the
             slice, writes and reads it and the view: the push leaves the
             slice itself live, a view made before a push that moved the
             storage is stale at its next use (the proofs that hoist or
             drop checks in loops: a push onto its own slice, a view live
             when its base is).

API: generate(seed) -> text (default kinds);
     generate_model(seed, kinds=None, safe_only=False) -> (text, Expect),
     Expect.stdout (str), Expect.stop (None or (line, [words])).
Usage: gen_life.py SEED [--kinds refs,alias] [--safe-only] [--expect]
Not for: running programs (difftest.py --gen life does that).
"""
import copy
import random
import sys

KINDS_ALL = ['refs', 'alias', 'view', 'substr', 'struct', 'pool_free', 'for_global', 'loop']
KINDS_DEFAULT = KINDS_ALL
MOVED = ['moved', 'use of freed storage']     # words a stop at a give-back prints
FREED = ['use of freed storage']              # words a stop at a stale use prints


class Line:
    """One line of the program; stops name Line objects, numbered at the end."""
    __slots__ = ('text',)

    def __init__(self, text):
        self.text = text

    def __deepcopy__(self, memo):
        return self        # shared: a stop names the line itself


class Ambiguous(Exception):
    """The rules do not decide this scenario's outcome: write it again."""


def zero(elem):
    return 0 if elem == 'int' else {'v': 0, 'w': 0}


def cp(x):
    return dict(x) if isinstance(x, dict) else x


class Storage:
    def __init__(self, vals, cap, elem):
        self.vals = [cp(v) for v in vals] + [zero(elem) for _ in range(cap - len(vals))]
        self.cap = cap
        self.elem = elem
        self.freed = False


class SliceV:
    """A slice variable (global, local or field): its header."""

    def __init__(self, name, elem, vals, cap=None):
        self.name = name
        self.elem = elem
        cap = len(vals) if cap is None else cap
        self.st = Storage(vals, cap, elem) if cap > 0 else None
        self.len = len(vals)

    @property
    def cap(self):
        return self.st.cap if self.st else 0


class MapV:
    def __init__(self, name):
        self.name = name
        self.d = {}
        self.st = None          # the slots storage (None: no table)

    @property
    def cap(self):
        return self.st.cap if self.st else 0


class Ref:
    """A reference: st is the movable storage it points into (None for
    locals, globals, fixed arrays, pool slots), cont[key] the value."""

    def __init__(self, st, cont, key):
        self.st = st
        self.cont = cont
        self.key = key

    def get(self):
        # after a stop (or in a branch not taken) the model runs on, and a
        # map key may be gone: any value will do, nothing of it is printed
        if isinstance(self.cont, dict) and self.key not in self.cont:
            return 0
        return self.cont[self.key]

    def set(self, v):
        self.cont[self.key] = v


class Expect:
    def __init__(self, stdout, stop):
        self.stdout = stdout
        self.stop = stop        # None or (line number, [words])

    def describe(self):
        if self.stop is None:
            return 'runs to the end, stdout %d lines' % self.stdout.count('\n')
        return 'stops at line %d (%s) after %d lines of stdout' % (
            self.stop[0], ' + '.join(self.stop[1]), self.stdout.count('\n'))


class State:
    """Everything a scenario changes (deep-copied to write one again)."""

    def __init__(self):
        self.live = []          # live refs (Ref objects; their st is checked)
        self.out = []           # stdout lines so far
        self.stop = None        # (Line, words) of the first stop
        self.funcs = []         # [Line] per top-level function
        self.helpers = {}       # name -> [Line]
        self.n = 0
        self.g = {}             # globals' models
        self.scen = []          # scenario function names


class Gen:
    def __init__(self, seed, kinds, safe_only):
        self.r = random.Random(seed)
        self.seed = seed
        self.kinds = kinds
        self.safe_only = safe_only
        self.s = State()
        self.s.g['g_a'] = SliceV('g_a', 'int', [3, 1, 4], None)
        self.s.g['g_n'] = [7]
        self.s.g['g_items'] = SliceV('g_items', 'item', [{'v': 2, 'w': 5}], None)
        self.s.g['g_s'] = SliceV('g_s', 'int', [9, 8], None)
        self.body = None
        self.ind = 1
        self.dry = False        # writing a branch that is not taken

    # ---- helpers ---------------------------------------------------------
    def fresh(self, p):
        self.s.n += 1
        return '%s%d' % (p, self.s.n)

    def chance(self, p):
        return self.r.random() < p

    def emit(self, text):
        ln = Line('    ' * self.ind + text)
        self.body.append(ln)
        return ln

    def println(self, vals):
        if self.s.stop is None:
            self.s.out.append(' '.join(str(v) for v in vals))

    def give_back(self, st, line, frees=True, words=MOVED):
        if st is None:
            return
        if self.s.stop is None and any(x.st is st for x in self.s.live):
            self.s.stop = (line, words)
        if frees:
            st.freed = True

    def push(self, sl, v, line):
        if sl.st is None or sl.len == sl.st.cap:
            old = sl.st
            nc = 4 if sl.cap < 4 else sl.cap * 2
            new = Storage(old.vals[:sl.len] if old else [], nc, sl.elem)
            self.give_back(old, line)
            sl.st = new
        sl.st.vals[sl.len] = cp(v)
        sl.len += 1

    def delete_remake(self, sl, n, line):
        self.give_back(sl.st, line, words=FREED)
        sl.st = Storage([], n, sl.elem)
        sl.len = n

    def map_put(self, m, k, v, line):
        if k in m.d:
            m.d[k] = v
            return
        if m.st is None or (len(m.d) + 1) * 4 > m.cap * 3:
            old = m.st
            m.st = Storage([], 8 if old is None else old.cap * 2, 'int')
            self.give_back(old, line)
        else:
            # Robin Hood insertion may shift entries within the table: a
            # put of a new key moves entries (map.gs stops it under a live
            # ref, as remove does)
            self.give_back(m.st, line, frees=False)
        m.d[k] = v

    def map_remove(self, m, k, line):
        if k not in m.d:
            if not self.dry and m.st is not None and any(x.st is m.st for x in self.s.live):
                raise Ambiguous()
            return
        self.give_back(m.st, line, frees=False)
        del m.d[k]

    def map_clear(self, m, line):
        self.give_back(m.st, line, frees=False)
        m.d.clear()

    def map_free(self, m, line):
        self.give_back(m.st, line)
        m.st = None
        m.d.clear()

    def helper(self, name):
        """Shared helpers, written once; returns the Line of the give-back."""
        if name not in self.s.helpers:
            src = {
                'push_n': ['fn push_n(xs: ref []int, n: int) {', '    for i in 0..n {',
                           '        xs.push(i * 2 + 1)', '    }', '}'],
                'push_items': ['fn push_items(xs: ref []Item, n: int) {', '    for i in 0..n {',
                               '        xs.push(Item{v: i, w: n})', '    }', '}'],
                'at': ['fn at(xs: ref []int, i: int) -> ref int {', '    return xs[i]', '}'],
                'gr': ['fn gr() -> ref int {', '    return g_n', '}'],
                'rd_int': ['fn rd_int(xs: []int, k: int) -> int {', '    return xs[k]', '}'],
                'rd_str': ['fn rd_str(s: string, k: int) -> u8 {', '    return s[k]', '}'],
            }[name]
            self.s.helpers[name] = [Line(t) for t in src]
        return self.s.helpers[name][2] if name.startswith('push') else None

    # ---- ref targets ---------------------------------------------------
    def int_target(self, env, allow_slice=True):
        """(argument text, Ref) of an int place for a `ref int` argument."""
        opts = ['local', 'global', 'arr', 'field', 'pool']
        if allow_slice:
            opts += ['slice'] * 4 + ['at'] * 2 + ['gslice'] * 2 + ['items']
        if env.get('m') is not None and env['m'].d:
            opts += ['map'] * 2
        c = self.r.choice(opts)
        if c == 'slice' and env['a'].len:
            a = env['a']
            i = self.r.randrange(a.len)
            return '%s[%d]' % (a.name, i), Ref(a.st, a.st.vals, i)
        if c == 'at' and env['a'].len:
            a = env['a']
            self.helper('at')
            i = self.r.randrange(a.len)
            return 'at(%s, %d)' % (a.name, i), Ref(a.st, a.st.vals, i)
        if c == 'gslice':
            a = self.s.g['g_a']
            i = self.r.randrange(a.len)
            return 'g_a[%d]' % i, Ref(a.st, a.st.vals, i)
        if c == 'items' and env.get('h') is not None and env['h'].len:
            h = env['h']
            j = self.r.randrange(h.len)
            return '%s[%d].v' % (h.name, j), Ref(h.st, h.st.vals[j], 'v')
        if c == 'map':
            m = env['m']
            k = self.r.choice(sorted(m.d))
            return '%s.get_ref(%d)' % (m.name, k), Ref(m.st, m.d, k)
        if c == 'global':
            if self.chance(0.5):
                self.helper('gr')
                return 'gr()', Ref(None, self.s.g['g_n'], 0)
            return 'g_n', Ref(None, self.s.g['g_n'], 0)
        if c == 'arr':
            if 'arr' not in env:
                nm = self.fresh('arr')
                self.emit('var %s: [4]int' % nm)
                env['arr'] = (nm, [0, 0, 0, 0])
            nm, cells = env['arr']
            i = self.r.randrange(4)
            return '%s[%d]' % (nm, i), Ref(None, cells, i)
        if c == 'field':
            if 'st' not in env:
                nm = self.fresh('it')
                v = self.r.randint(1, 9)
                self.emit('var %s = Item{v: %d, w: 1}' % (nm, v))
                env['st'] = (nm, {'v': v, 'w': 1})
            nm, d = env['st']
            f = self.r.choice(['v', 'w'])
            return '%s.%s' % (nm, f), Ref(None, d, f)
        if c == 'pool':
            if 'pool' not in env:
                nm = self.fresh('p')
                self.emit('var %s = pool.slot_pool[int]{}' % nm)
                env['pool'] = (nm, [])
            nm, cells = env['pool']
            if not cells or self.chance(0.4):
                v = self.r.randint(1, 9)
                ix = self.fresh('j')
                self.emit('let %s = %s.alloc(%d)' % (ix, nm, v))
                cells.append((ix, [v]))
            ix, cell = self.r.choice(cells)
            return '%s.get(%s)' % (nm, ix), Ref(None, cell, 0)
        nm = self.fresh('x')
        v = self.r.randint(1, 9)
        self.emit('var %s = %d' % (nm, v))
        return nm, Ref(None, [v], 0)

    # ---- local slices and maps ----------------------------------------
    def new_slice(self, elem='int'):
        nm = self.fresh('a' if elem == 'int' else 'h')
        n = self.r.randint(1, 5)
        if elem == 'int':
            vals = [self.r.randint(0, 20) for _ in range(n)]
        else:
            vals = [{'v': self.r.randint(0, 9), 'w': self.r.randint(0, 9)} for _ in range(n)]
        form = self.r.random()
        lit = (', '.join(str(v) for v in vals) if elem == 'int' else
               ', '.join('Item{v: %d, w: %d}' % (d['v'], d['w']) for d in vals))
        ty = 'int' if elem == 'int' else 'Item'
        if form < 0.4:
            self.emit('var %s = []%s{%s}' % (nm, ty, lit))
            return SliceV(nm, elem, vals)
        cap = n + self.r.choice([0, 0, 1, 2, 3])
        if cap == n and self.chance(0.5):
            self.emit('var %s = make([]%s, %d)' % (nm, ty, n))
        else:
            self.emit('var %s = make([]%s, %d, %d)' % (nm, ty, n, cap))
        sl = SliceV(nm, elem, [zero(elem)] * n, cap)
        for i, v in enumerate(vals):
            if elem == 'int' and v:
                self.emit('%s[%d] = %d' % (nm, i, v))
            elif elem != 'int':
                self.emit('%s[%d] = Item{v: %d, w: %d}' % (nm, i, v['v'], v['w']))
            sl.st.vals[i] = cp(v)
        return sl

    def new_map(self, nkeys=None):
        nm = self.fresh('m')
        m = MapV(nm)
        self.emit('var %s = map.Map[int, int]{}' % nm)
        n = self.r.choice([1, 3, 5, 6, 6, 7, 11, 12]) if nkeys is None else nkeys
        base, step = self.r.randint(0, 9), self.r.randint(1, 4)
        if n:
            self.emit('for i in 0..%d {' % n)
            pl = self.emit('    %s.put(i * %d + %d, i + %d)' % (nm, step, base, step))
            self.emit('}')
            for i in range(n):
                self.map_put(m, i * step + base, i + step, pl)
        return m

    def print_slice(self, sl):
        if sl.elem == 'int':
            i = self.r.randrange(sl.len) if sl.len else None
            if i is None:
                self.emit('println(%s.len, %s.cap)' % (sl.name, sl.name))
                self.println([sl.len, sl.cap])
                return
            self.emit('println(%s.len, %s.cap, %s[%d])' % (sl.name, sl.name, sl.name, i))
            self.println([sl.len, sl.cap, sl.st.vals[i]])
        else:
            j = self.r.randrange(sl.len)
            self.emit('println(%s.len, %s[%d].v, %s[%d].w)' % (sl.name, sl.name, j, sl.name, j))
            d = sl.st.vals[j]
            self.println([sl.len, d['v'], d['w']])

    # ---- callees ---------------------------------------------------------
    def slice_ops(self, elem):
        ops = []
        for _ in range(self.r.randint(1, 4)):
            c = self.r.random()
            if c < 0.3:
                ops.append(('radd', self.r.randint(0, 5)))
            elif c < 0.4:
                ops.append(('rprint',))
            elif c < 0.6:
                ops.append(('push', self.r.randint(0, 5)))
            elif c < 0.7:
                ops.append(('pushn', self.r.randint(1, 5)))
            elif c < 0.78:
                ops.append(('helper', self.r.randint(1, 5)))
            elif c < 0.85:
                ops.append(('del', self.r.randint(1, 4)))
            else:
                ops.append(('len',))
        if not any(o[0] in ('push', 'pushn', 'helper', 'del') for o in ops):
            ops.insert(self.r.randint(0, len(ops)), ('push', 1))
        if self.chance(0.7):
            ops.append(('radd', 1))
        return ops

    def write_callee(self, form, ops):
        """form: int (r, xs), intg (r; g_a), item (it recv, h: ref Holder),
        itemg (it recv; g_items), map (r, m). Returns (name, [(op, Line)])."""
        nm = self.fresh('c' if form in ('int', 'intg', 'map') else 'meth')
        head = {
            'int': 'fn %s(r: ref int, xs: ref []int, k: int) {',
            'intg': 'fn %s(r: ref int, k: int) {',
            'item': 'fn (it: ref Item) %s(h: ref Holder, k: int) {',
            'itemg': 'fn (it: ref Item) %s(k: int) {',
            'map': 'fn %s(r: ref int, m: ref map.Map[int, int], k: int) {',
        }[form] % nm
        xs = {'int': 'xs', 'intg': 'g_a', 'item': 'h.items', 'itemg': 'g_items', 'map': None}[form]
        item = form.startswith('item')
        lines = [Line(head)]
        tagged = []
        for op in ops:
            k = op[0]
            if k == 'radd':
                t = ['    it.v += k + %d' % op[1]] if item else ['    r += k + %d' % op[1]]
            elif k == 'wadd':
                t = ['    it.w += %d' % op[1]]
            elif k == 'rprint':
                t = ['    println(it.v, it.w)'] if item else ['    println(r)']
            elif k == 'push':
                t = ['    %s.push(Item{v: k, w: %d})' % (xs, op[1])] if item else \
                    ['    %s.push(k + %d)' % (xs, op[1])]
            elif k == 'pushn':
                t = ['    for i in 0..%d {' % op[1],
                     '        %s.push(Item{v: i, w: k})' % xs if item else '        %s.push(i + k)' % xs,
                     '    }']
            elif k == 'helper':
                self.helper('push_items' if item else 'push_n')
                t = ['    %s(%s, %d)' % ('push_items' if item else 'push_n', xs, op[1])]
            elif k == 'del':
                t = ['    delete(%s)' % xs,
                     '    %s = make([]%s, %d)' % (xs, 'Item' if item else 'int', op[1])]
            elif k == 'len':
                t = ['    println(%s.len, %s.cap)' % (xs, xs)]
            elif k == 'put':
                t = ['    m.put(k + %d, %d)' % (op[1], op[1])]
            elif k == 'remove':
                t = ['    m.remove(k + %d)' % op[1]]
            elif k == 'clear':
                t = ['    m.clear()']
            elif k == 'free':
                t = ['    m.free()']
            elif k == 'mlen':
                t = ['    println(m.len)']
            ls = [Line(x) for x in t]
            lines += ls
            key = ls[1] if k == 'pushn' else ls[0]
            tagged.append((op, key))
        lines.append(Line('}'))
        self.s.funcs.append(lines)
        return nm, tagged

    def run_callee(self, tagged, ref, k, xs=None, m=None):
        """Executes a callee on the model: ref live for the call."""
        if ref.st is not None:
            self.s.live.append(ref)
        for op, line in tagged:
            c = op[0]
            if c == 'radd':
                if isinstance(ref.get(), dict):
                    ref.get()['v'] += k + op[1]
                else:
                    ref.set(ref.get() + k + op[1])
            elif c == 'wadd':
                ref.get()['w'] += op[1]
            elif c == 'rprint':
                v = ref.get()
                self.println([v['v'], v['w']] if isinstance(v, dict) else [v])
            elif c == 'push':
                self.push(xs, {'v': k, 'w': op[1]} if xs.elem == 'item' else k + op[1], line)
            elif c == 'pushn':
                for i in range(op[1]):
                    self.push(xs, {'v': i, 'w': k} if xs.elem == 'item' else i + k, line)
            elif c == 'helper':
                hl = self.s.helpers['push_items' if xs.elem == 'item' else 'push_n'][2]
                for i in range(op[1]):
                    self.push(xs, {'v': i, 'w': op[1]} if xs.elem == 'item' else i * 2 + 1, hl)
            elif c == 'del':
                self.delete_remake(xs, op[1], line)
            elif c == 'len':
                self.println([xs.len, xs.cap])
            elif c == 'put':
                self.map_put(m, k + op[1], op[1], line)
            elif c == 'remove':
                self.map_remove(m, k + op[1], line)
            elif c == 'clear':
                self.map_clear(m, line)
            elif c == 'free':
                self.map_free(m, line)
            elif c == 'mlen':
                self.println([len(m.d)])
        if ref.st is not None:
            self.s.live.remove(ref)

    # ---- scenarios of kind refs -----------------------------------------
    def sc_call_int(self, env):
        """ref int arguments to a callee that pushes to or deletes a slice."""
        a = env['a'] = self.new_slice()
        if self.chance(0.4):
            env['b'] = self.new_slice()
        if self.chance(0.25):
            env['m'] = self.new_map()
        glob = self.chance(0.3)
        form = 'intg' if glob else 'int'
        name, tagged = self.write_callee(form, self.slice_ops('int'))
        for _ in range(self.r.randint(1, 3)):
            if glob:
                xs = self.s.g['g_a']
                if self.chance(0.5):
                    env2 = dict(env, a=xs)
                    arg, ref = self.int_target(env2)
                else:
                    arg, ref = self.int_target(env)
            else:
                xs = self.r.choice([a, a, a, env.get('b') or a])
                arg, ref = self.int_target(dict(env, a=xs) if self.chance(0.6) else env)
            k = self.r.randint(0, 9)
            if glob:
                self.emit('%s(%s, %d)' % (name, arg, k))
            else:
                self.emit('%s(%s, %s, %d)' % (name, arg, xs.name, k))
            self.run_callee(tagged, ref, k, xs=xs)
            self.print_slice(xs)
            self.print_ref(arg, ref)

    def print_ref(self, arg, ref):
        """Reads the place after the call (not through a ref any more)."""
        if arg.startswith('at(') or arg.startswith('gr(') or '.get_ref(' in arg:
            return
        if self.chance(0.7):
            v = ref.get()
            if isinstance(v, dict):
                self.emit('println(%s.v, %s.w)' % (arg, arg))
                self.println([v['v'], v['w']])
            else:
                self.emit('println(%s)' % arg)
                self.println([v])

    def sc_recv(self, env):
        """Methods on `ref Item` receivers in a Holder's items (or g_items)."""
        glob = self.chance(0.3)
        hn = self.fresh('hold')
        items = self.new_slice('item')
        self.emit('var %s = Holder{items: %s, n: 0}' % (hn, items.name))
        items.name = '%s.items' % hn
        env['h'] = items
        form = 'itemg' if glob else 'item'
        ops = self.slice_ops('item')
        if self.chance(0.4):
            ops.insert(0, ('wadd', self.r.randint(1, 3)))
        name, tagged = self.write_callee(form, ops)
        for _ in range(self.r.randint(1, 3)):
            xs = self.s.g['g_items'] if glob else items
            c = self.r.random()
            if c < 0.6 and xs.len:
                j = self.r.randrange(xs.len)
                recv, ref = '%s[%d]' % (xs.name, j), Ref(xs.st, xs.st.vals, j)
            elif c < 0.7 and items.len and glob:
                j = self.r.randrange(items.len)
                recv, ref = '%s[%d]' % (items.name, j), Ref(items.st, items.st.vals, j)
            elif c < 0.85:
                if 'ai' not in env:
                    nm = self.fresh('ai')
                    self.emit('var %s: [3]Item' % nm)
                    env['ai'] = (nm, [zero('item') for _ in range(3)])
                nm, cells = env['ai']
                j = self.r.randrange(3)
                recv, ref = '%s[%d]' % (nm, j), Ref(None, cells, j)
            else:
                nm = self.fresh('one')
                d = {'v': self.r.randint(0, 9), 'w': 0}
                self.emit('var %s = Item{v: %d, w: 0}' % (nm, d['v']))
                recv, ref = nm, Ref(None, [d], 0)
            k = self.r.randint(0, 9)
            if glob:
                self.emit('%s.%s(%d)' % (recv, name, k))
            else:
                self.emit('%s.%s(%s, %d)' % (recv, name, hn, k))
            self.run_callee(tagged, ref, k, xs=xs)
            self.print_slice(xs)
            self.print_ref(recv, ref)

    def sc_map_call(self, env):
        """get_ref(k) and other refs passed to a callee that changes a map."""
        m = env['m'] = self.new_map()
        if self.chance(0.3):
            env['a'] = self.new_slice()
        else:
            env['a'] = SliceV('?', 'int', [])
        ops = []
        for _ in range(self.r.randint(1, 3)):
            c = self.r.random()
            if c < 0.25:
                ops.append(('radd', self.r.randint(0, 4)))
            elif c < 0.35:
                ops.append(('rprint',))
            elif c < 0.7:
                ops.append(('put', self.r.randint(0, 30)))
            elif c < 0.8:
                ops.append(('remove', self.r.randint(0, 30)))
            elif c < 0.87:
                ops.append(('clear',))
            elif c < 0.92:
                ops.append(('free',))
            else:
                ops.append(('mlen',))
        if self.chance(0.6):
            ops.append(('radd', 2))
        name, tagged = self.write_callee('map', ops)
        for _ in range(self.r.randint(1, 3)):
            if self.chance(0.55) and m.d:
                k0 = self.r.choice(sorted(m.d))
                arg, ref = '%s.get_ref(%d)' % (m.name, k0), Ref(m.st, m.d, k0)
            else:
                arg, ref = self.int_target(env, allow_slice=env['a'].len > 0)
            k = self.r.randint(0, 30)
            self.emit('%s(%s, %s, %d)' % (name, arg, m.name, k))
            self.run_callee(tagged, ref, k, m=m)
            self.emit('println(%s.len)' % m.name)
            self.println([len(m.d)])
            self.print_ref(arg, ref)

    def sc_let(self, env):
        """let r = m.get_ref(k) / at(a, i) / gr() / p.get(j), then changes
        of the map or slice before or after r's last use."""
        src = self.r.choice(['map', 'map', 'at', 'at', 'gr', 'pool'])
        a = env['a'] = self.new_slice()
        m = env['m'] = self.new_map() if src == 'map' or self.chance(0.3) else None
        if src == 'map' and not m.d:
            self.emit('%s.put(1, 1)' % m.name)
            self.map_put(m, 1, 1, None)
        rn = self.fresh('r')
        if src == 'map':
            k0 = self.r.choice(sorted(m.d))
            init, ref = '%s.get_ref(%d)' % (m.name, k0), Ref(m.st, m.d, k0)
        elif src == 'at':
            self.helper('at')
            i = self.r.randrange(a.len)
            init, ref = 'at(%s, %d)' % (a.name, i), Ref(a.st, a.st.vals, i)
        elif src == 'gr':
            self.helper('gr')
            init, ref = 'gr()', Ref(None, self.s.g['g_n'], 0)
        else:
            pn = self.fresh('p')
            ix = self.fresh('j')
            v = self.r.randint(1, 9)
            self.emit('var %s = pool.slot_pool[int]{}' % pn)
            self.emit('let %s = %s.alloc(%d)' % (ix, pn, v))
            init, ref = '%s.get(%s)' % (pn, ix), Ref(None, [v], 0)
        # the plan: statements at this block level, each (ops, uses r, nested)
        changes = ['push', 'pushn', 'helper', 'del']
        if m is not None:
            changes += ['put', 'put', 'putn', 'remove', 'clear', 'free']
        plan = []
        for _ in range(self.r.randint(2, 6)):
            c = self.r.random()
            if c < 0.35:
                plan.append(('use', self.r.choice(['add', 'print'])))
            elif c < 0.8:
                plan.append(('chg', self.r.choice(changes)))
            elif c < 0.9:
                plan.append(('if', self.r.choice(changes), self.r.choice(['before', 'after', 'none'])))
            else:
                plan.append(('read',))
        if not any(p[0] == 'use' for p in plan) and self.chance(0.7):
            plan.append(('use', 'print'))
        if not any(p[0] == 'use' or (p[0] == 'if' and p[2] != 'none') for p in plan):
            plan.insert(self.r.randint(0, len(plan)), ('use', 'add'))
        uses = [i for i, p in enumerate(plan) if p[0] == 'use' or (p[0] == 'if' and p[2] != 'none')]
        last = uses[-1] if uses else -1
        self.emit('let %s = %s' % (rn, init))
        if ref.st is not None:
            self.s.live.append(ref)
        live = ref.st is not None
        for idx, p in enumerate(plan):
            if p[0] == 'use':
                self.let_use(rn, ref, p[1])
            elif p[0] == 'chg':
                self.let_change(p[1], a, m, env)
            elif p[0] == 'read':
                self.print_slice(a)
            else:
                kk = self.r.randint(0, 5)
                self.emit('if %s.len > %d {' % (a.name, kk))
                taken = a.len > kk
                self.ind += 1
                if taken:
                    if p[2] == 'before':
                        self.let_use(rn, ref, 'add')
                    self.let_change(p[1], a, m, env)
                    if p[2] == 'after':
                        self.let_use(rn, ref, 'print')
                else:       # written, not run: the model state is put back
                    snap = copy.deepcopy((self.s, a, m, ref))
                    self.dry = True
                    if p[2] == 'before':
                        self.let_use(rn, ref, 'add')
                    self.let_change(p[1], a, m, env)
                    if p[2] == 'after':
                        self.let_use(rn, ref, 'print')
                    self.dry = False
                    helpers = self.s.helpers
                    self.s, a, m, ref = snap
                    for hk, hv in helpers.items():
                        self.s.helpers.setdefault(hk, hv)
                    env['a'], env['m'] = a, m
                self.ind -= 1
                self.emit('}')
            if live and idx == last:
                self.s.live.remove(ref)
                live = False
        if live:
            self.s.live.remove(ref)
        self.print_slice(a)
        if m is not None:
            self.emit('println(%s.len)' % m.name)
            self.println([len(m.d)])

    def let_use(self, rn, ref, how):
        if how == 'add':
            c = self.r.randint(1, 5)
            self.emit('%s += %d' % (rn, c))
            ref.set(ref.get() + c)
        else:
            self.emit('println(%s)' % rn)
            self.println([ref.get()])

    def let_change(self, what, a, m, env):
        if what == 'push':
            v = self.r.randint(0, 9)
            ln = self.emit('%s.push(%d)' % (a.name, v))
            self.push(a, v, ln)
        elif what == 'pushn':
            n = self.r.randint(1, 5)
            self.emit('for i in 0..%d {' % n)
            ln = self.emit('    %s.push(i)' % a.name)
            self.emit('}')
            for i in range(n):
                self.push(a, i, ln)
        elif what == 'helper':
            n = self.r.randint(1, 5)
            hl = self.helper('push_n')
            self.emit('push_n(%s, %d)' % (a.name, n))
            for i in range(n):
                self.push(a, i * 2 + 1, hl)
        elif what == 'del':
            n = self.r.randint(1, 4)
            ln = self.emit('delete(%s)' % a.name)
            self.emit('%s = make([]int, %d)' % (a.name, n))
            self.delete_remake(a, n, ln)
        elif what == 'put':
            k = self.r.choice(sorted(m.d)) if m.d and self.chance(0.3) else self.r.randint(0, 40)
            v = self.r.randint(0, 9)
            ln = self.emit('%s.put(%d, %d)' % (m.name, k, v))
            self.map_put(m, k, v, ln)
        elif what == 'putn':
            n, base = self.r.randint(1, 8), self.r.randint(0, 40)
            self.emit('for i in 0..%d {' % n)
            ln = self.emit('    %s.put(i + %d, i)' % (m.name, base))
            self.emit('}')
            for i in range(n):
                self.map_put(m, i + base, i, ln)
        elif what == 'remove':
            k = self.r.choice(sorted(m.d)) if m.d and self.chance(0.8) else self.r.randint(0, 40)
            ln = self.emit('%s.remove(%d)' % (m.name, k))
            self.map_remove(m, k, ln)
        elif what == 'clear':
            ln = self.emit('%s.clear()' % m.name)
            self.map_clear(m, ln)
        elif what == 'free':
            ln = self.emit('%s.free()' % m.name)
            self.map_free(m, ln)

    # ---- header kinds ---------------------------------------------------
    # A header alias of storage X (a copy, a view, a struct field, a
    # sub-string, a pool span copy, a `for` loop's copy) used after X was
    # given back stops at that use with `use of freed storage`. Uses are
    # always element reads (alias[k]), never .len alone.
    def use_alias(self, hdr, expr, text=False):
        """println(expr[k]) for an alias hdr = [storage, offset, len], or
        the same read in a helper given the alias (the callee's read then
        stops, with the liveness its caller passed it)."""
        st, off, n = hdr
        k = self.r.randrange(n)
        if self.chance(0.3):
            name = 'rd_str' if text else 'rd_int'
            self.helper(name)
            self.emit('println(%s(%s, %d))' % (name, expr, k))
            ln = self.s.helpers[name][1]
        else:
            ln = self.emit('println(%s[%d])' % (expr, k))
        if st.freed:
            if self.s.stop is None:
                self.s.stop = (ln, FREED)
            return
        self.println([st.vals[off + k]])

    def header_steps(self, a, hdr, expr, can_give=True):
        """Element writes, pushes (within capacity or moving), deletes and
        uses of the alias, in random order; the alias used last."""
        steps = [self.r.choice(['set', 'push', 'use', 'use']) for _ in range(self.r.randint(1, 4))]
        if can_give and self.chance(0.75):
            steps.append(self.r.choice(['push', 'pushn', 'del']))
        steps.append('use')
        for st in steps:
            if st == 'set':
                i, v = self.r.randrange(a.len), self.r.randint(0, 50)
                self.emit('%s[%d] = %d' % (a.name, i, v))
                a.st.vals[i] = v
            elif st in ('push', 'pushn', 'del'):
                self.let_change(st, a, None, None)
            else:
                self.use_alias(hdr, expr)

    def sc_alias(self, env):
        a = self.new_slice()
        b = self.fresh('b')
        self.emit('let %s = %s' % (b, a.name))
        self.header_steps(a, [a.st, 0, a.len], b)

    def sc_view(self, env):
        a = self.new_slice()
        i = self.r.randrange(a.len)
        j = self.r.randint(i + 1, a.len)
        v = self.fresh('v')
        self.emit('let %s = %s[%d:%d]' % (v, a.name, i, j))
        self.header_steps(a, [a.st, i, j - i], v)

    def sc_struct(self, env):
        a = self.new_slice()
        bx = self.fresh('bx')
        self.emit('let %s = Box{xs: %s, n: %d}' % (bx, a.name, a.len))
        self.header_steps(a, [a.st, 0, a.len], '%s.xs' % bx)

    def sc_substr(self, env):
        p, q = self.r.choice(['ab', 'goose', 'x']), self.r.choice(['cde', 'fg', 'hijk'])
        sn, tn = self.fresh('s'), self.fresh('t')
        text = p + q
        st = Storage([ord(c) for c in text], len(text), 'int')
        self.emit('let %s = "%s" + "%s"' % (sn, p, q))
        i = self.r.randrange(len(text))
        j = self.r.randint(i + 1, len(text))
        self.emit('let %s = %s[%d:%d]' % (tn, sn, i, j))
        hdr = [st, i, j - i]
        for _ in range(self.r.randint(0, 2)):
            self.use_alias(hdr, tn, text=True)
        if self.chance(0.75):
            ln = self.emit('delete(%s)' % sn)
            self.give_back(st, ln)
        elif self.chance(0.5):
            other = self.fresh('o')
            self.emit('let %s = "%s" + "%s"' % (other, q, p))
            self.emit('delete(%s)' % other)
        self.use_alias(hdr, tn, text=True)

    def sc_pool_free(self, env):
        """Spans of a slice_pool or a builtin `reusable[] int`; a copied
        header used after its span was freed or resized (in place or
        moved: either gives the old header up), sometimes after a new span
        took the same place."""
        qn = self.fresh('q')
        lib = self.chance(0.6)
        alloc = 'alloc_slice' if lib else 'alloc'
        self.emit('var %s = pool.slice_pool[int]{}' % qn if lib else 'var %s: reusable[] int' % qn)
        spans = []
        for _ in range(self.r.randint(1, 3)):
            n = self.r.randint(1, 5)
            bn = self.fresh('b')
            self.emit('let %s = %s.%s(%d)' % (bn, qn, alloc, n))
            st = Storage([], n, 'int')
            v = self.r.randint(1, 9)
            self.emit('%s[0] = %d' % (bn, v))
            st.vals[0] = v
            spans.append((bn, st, n))
        bn, st, n = self.r.choice(spans)
        cn = self.fresh('c')
        self.emit('let %s = %s' % (cn, bn))
        hdr = [st, 0, n]
        self.use_alias(hdr, cn)
        fb, fst, fnum = self.r.choice(spans)
        if lib and self.chance(0.4):
            rn = self.fresh('r')
            ln = self.emit('let %s = %s.resize(%s, %d)' % (rn, qn, fb, self.r.randint(1, 12)))
            self.emit('%s[0] = 1' % rn)
        else:
            ln = self.emit('%s.free(%s)' % (qn, fb))
            if self.chance(0.5):
                self.emit('%s.%s(%d)[0] = 7' % (qn, alloc, fnum))
        self.give_back(fst, ln)
        self.use_alias(hdr, cn)

    def sc_for_global(self, env):
        g = self.s.g['g_s']
        vals = [self.r.randint(0, 9) for _ in range(self.r.randint(1, 5))]
        cap = len(vals) + self.r.choice([0, 0, 1, 3])
        self.emit('g_s = make([]int, %d, %d)' % (len(vals), cap))
        g.st, g.len = Storage([], cap, 'int'), len(vals)
        for i, v in enumerate(vals):
            self.emit('g_s[%d] = %d' % (i, v))
            g.st.vals[i] = v
        how = self.r.choice(['push', 'del', 'delonly', 'none'])
        rn = self.fresh('reset')
        body = [Line('fn %s() {' % rn)]
        if how == 'push':
            give = Line('    g_s.push(1)')
            body.append(give)
        elif how in ('del', 'delonly'):
            give = Line('    delete(g_s)')
            body.append(give)
            if how == 'del':
                body.append(Line('    g_s = make([]int, 2)'))
        body.append(Line('}'))
        self.s.funcs.append(body)
        tn = self.fresh('tot')
        lim = self.r.randint(0, 30)
        self.emit('var %s = 0' % tn)
        fl = self.emit('for x in g_s {')
        self.emit('    %s += x' % tn)
        self.emit('    if %s > %d {' % (tn, lim))
        self.emit('        %s()' % rn)
        self.emit('    }')
        self.emit('}')
        # Goose's `for x in g` takes the count once and reads g's header
        # at every step: a slice assigned to g meanwhile is read (with its
        # bounds checked), a header left stale by a delete is a use of
        # freed storage
        n, tot = g.len, 0
        for i in range(n):
            if i >= g.len:
                if self.s.stop is None:
                    self.s.stop = (fl, ['index %d out of range for length %d' % (i, g.len)])
                break
            if g.st.freed:
                if self.s.stop is None:
                    self.s.stop = (fl, FREED)
                break
            tot += g.st.vals[i]
            if tot > lim:
                if how == 'push':
                    self.push(g, 1, give)
                elif how == 'del':
                    self.delete_remake(g, 2, give)
                elif how == 'delonly':
                    self.give_back(g.st, give, words=FREED)
        if how == 'delonly':    # later scenarios find g_s live again
            self.emit('g_s = make([]int, 0)')
            g.st, g.len = Storage([], 0, 'int'), 0
        self.emit('println(%s)' % tn)
        self.println([tot])

    def sc_loop(self, env):
        a = self.new_slice()
        n = self.r.randint(1, 5)
        i, v = self.fresh('i'), self.fresh('v')
        self.emit('for %s in 0..%d {' % (i, n))
        self.ind += 1
        self.emit('let %s = %s[0:1]' % (v, a.name))
        kinds = [self.r.choice(['usev', 'usea', 'push', 'set']) for _ in range(self.r.randint(1, 4))]
        kinds.insert(self.r.randint(0, len(kinds)), 'push')
        body = []
        for k in kinds:
            text = {'usev': 'println(%s[0])' % v, 'usea': 'println(%s[%s.len - 1])' % (a.name, a.name),
                    'push': '%s.push(%s)' % (a.name, i), 'set': '%s[0] = %s' % (a.name, i)}[k]
            body.append((k, self.emit(text)))
        self.ind -= 1
        self.emit('}')
        for it in range(n):
            view = a.st                 # the view a[0:1] made at the top
            for k, ln in body:
                if self.s.stop is not None:
                    return
                if k == 'usev':
                    if view.freed:
                        self.s.stop = (ln, FREED)
                        return
                    self.println([view.vals[0]])
                elif k == 'usea':
                    self.println([a.st.vals[a.len - 1]])
                elif k == 'push':
                    self.push(a, it, ln)
                else:
                    a.st.vals[0] = it

    # ---- the program -----------------------------------------------------
    SCEN = {'refs': ['sc_call_int', 'sc_call_int', 'sc_recv', 'sc_map_call', 'sc_let', 'sc_let'],
            'alias': ['sc_alias'], 'view': ['sc_view'], 'struct': ['sc_struct'],
            'substr': ['sc_substr'], 'pool_free': ['sc_pool_free'], 'for_global': ['sc_for_global'],
            'loop': ['sc_loop']}

    def scenario(self):
        kind = self.r.choice(self.kinds)
        fn = self.r.choice(self.SCEN[kind])
        name = self.fresh('s')
        self.body = [Line('fn %s() {' % name)]
        self.ind = 1
        getattr(self, fn)({})
        self.body.append(Line('}'))
        self.s.funcs.append(self.body)
        self.s.scen.append(name)

    def generate(self):
        nscen = self.r.randint(2, 4)
        for si in range(nscen):
            # only the last scenario may stop (so most programs run a few
            # safe ones first); safe_only: none may
            may_stop = si == nscen - 1 and not self.safe_only
            for attempt in range(40):
                saved = copy.deepcopy(self.s)
                try:
                    self.scenario()
                except Ambiguous:
                    self.s = saved
                    continue
                if self.s.stop is not None and not may_stop and attempt < 39:
                    self.s = saved
                    continue
                break
            if self.s.stop is not None:
                break
        return self.assemble()

    def assemble(self):
        lines = [Line('// generated by tests/differential/gen_life.py, seed %d, kinds %s%s'
                      % (self.seed, ','.join(self.kinds), ' (safe only)' if self.safe_only else '')),
                 Line('import "map"'), Line('import "pool"'), Line(''),
                 Line('struct Item {'), Line('    v: int'), Line('    w: int'), Line('}'),
                 Line('struct Holder {'), Line('    items: []Item'), Line('    n: int'), Line('}'),
                 Line('struct Box {'), Line('    xs: []int'), Line('    n: int'), Line('}'),
                 Line('var g_a: []int = []int{3, 1, 4}'), Line('var g_n: int = 7'),
                 Line('var g_items: []Item = []Item{Item{v: 2, w: 5}}'),
                 Line('var g_s: []int = []int{9, 8}'), Line('')]
        for name in sorted(self.s.helpers):
            lines += self.s.helpers[name] + [Line('')]
        for f in self.s.funcs:
            lines += f + [Line('')]
        lines.append(Line('fn main() {'))
        for name in self.s.scen:
            lines.append(Line('    %s()' % name))
        lines.append(Line('    println("end")'))
        lines.append(Line('}'))
        out = list(self.s.out)
        stop = None
        if self.s.stop is None:
            out.append('end')
        else:
            ln, words = self.s.stop
            idx = next(i for i, x in enumerate(lines) if x is ln)
            stop = (idx + 1, words)
        text = '\n'.join(x.text for x in lines) + '\n'
        return text, Expect(''.join(o + '\n' for o in out), stop)


def parse_kinds(s):
    if not s:
        return list(KINDS_DEFAULT)
    ks = [k.strip() for k in s.split(',') if k.strip()]
    for k in ks:
        if k not in KINDS_ALL:
            raise ValueError('unknown kind %r (kinds: %s)' % (k, ' '.join(KINDS_ALL)))
        if k not in Gen.SCEN:
            raise ValueError('kind %r is not written yet' % k)
    return ks


def generate_model(seed, kinds=None, safe_only=False):
    return Gen(seed, kinds or list(KINDS_DEFAULT), safe_only).generate()


def generate(seed):
    return generate_model(seed)[0]


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('seed', type=int)
    ap.add_argument('--kinds', default='')
    ap.add_argument('--safe-only', action='store_true')
    ap.add_argument('--expect', action='store_true', help='print the model instead of the program')
    ap.add_argument('-o')
    a = ap.parse_args()
    text, exp = generate_model(a.seed, parse_kinds(a.kinds), a.safe_only)
    res = text
    if a.expect:
        res = '// %s\n%s' % (exp.describe(), exp.stdout)
    if a.o:
        with open(a.o, 'w') as f:
            f.write(res)
    else:
        sys.stdout.write(res)


if __name__ == '__main__':
    main()
