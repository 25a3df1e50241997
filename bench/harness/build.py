"""build.py — turns an arm into runnable commands: renders and builds the
Goose arms (`goose build` for the clang and tcc back ends, `goose run` for
the jit), compiles the C peers (clang, gcc, tcc, or `tcc -run` for the jit
row), and makes the renamed copies of each. goose_c_arm builds a Goose arm
from its emitted C after an edit (a call mode, calls.py, or a timed edit,
patch.py): `goose emit-c`, the edit, then the back end's C compiler with the
flags `goose build` gives it (driver/cc.c), linked with the runtime's
objects compiled once per back end and level from `goose env GOOSE_RUNTIME`.

Every Goose arm records its compile-only figures: the bytes of the C it
compiles, the bytes of its executable, and the steps that redo its compile
into a scratch file (compile_steps; timed by matrix.py --compile-metrics). Every arm gets an identity for the
distinct-binary guard: the sha256 of its executable, or for an arm compiled
at run time the sha256 of what it compiles (source text, flags, compiler).

A compiler failure is not an exception: the artifact carries the compiler's
message in .error and the cell that needs it reports that message.
Not for: running or timing (runner.py).
"""
import glob
import hashlib
import os
import shutil
import subprocess
import threading

from . import guards

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
WORKLOADS = os.path.join(BENCH, "workloads")

# Libraries and preloads of each C peer. jemalloc is built with
# initial-exec TLS, so `tcc -run` cannot dlopen it: it is preloaded there.
PEER_LIBS = {"glibc": [], "mimalloc": ["-lmimalloc"], "jemalloc": ["-ljemalloc"], "c_freelist": []}
PEER_DEFINE = {"glibc": "PEER_GLIBC", "mimalloc": "PEER_MIMALLOC", "jemalloc": "PEER_JEMALLOC",
               "c_freelist": "PEER_FREELIST"}
JEMALLOC_SO = "libjemalloc.so.2"
# The flags `goose build` gives clang/gcc at -O1 and -O2 (driver/cc.c): the
# C peers of the clang rows get the same, so no arm has an optimiser edge.
PEER_CFLAGS = ["-std=c11", "-O2"]


class Artifact:
    """One arm of one (backend, level, size): copies (commands to which the
    workload's arguments are appended), identity, build commands, the
    compiler's message when it failed, and snapshots (source, emitted C)."""

    def __init__(self, key):
        self.key = key
        self.copies = []
        self.identity = None
        self.commands = []
        self.error = None
        self.source = None
        self.emitted_c = None
        self.c_bytes = None         # the C compiled (after any edit), in bytes
        self.binary_bytes = None
        self.compile_steps = None   # argv lists: goose -> C -> a scratch binary
        self.emit_step = None       # the goose -> C step alone (the compile control)

    def to_json(self):
        return {"key": self.key, "identity": self.identity, "commands": self.commands,
                "error": self.error, "c_bytes": self.c_bytes, "binary_bytes": self.binary_bytes,
                "compile_steps": self.compile_steps, "copies": [c if isinstance(c, list) else {"argv": c[0], "env": c[1]}
                                                for c in self.copies]}


def _run(cmd, cwd=None):
    """Runs a build command; returns (ok, combined output)."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"{cmd[0]}: {e}"
    return r.returncode == 0, (r.stderr + r.stdout).strip()


def copy_names(path, copies):
    """Renamed copies of a file beside it: names of growing length, so each
    copy also shifts the stack (argv and auxv) a little."""
    root, ext = os.path.splitext(path)
    names = []
    for k in range(copies):
        name = f"{root}.copy{k}{'_' * (7 * k)}{ext}"
        shutil.copyfile(path, name)
        shutil.copymode(path, name)
        names.append(name)
    return names


def _sha(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()


def _emit(a, goose, src_path, text, level, out_dir, emit_flags=()):
    """Writes the source, runs goose emit-c; the C file's path, or None
    with a.error set."""
    os.makedirs(os.path.dirname(src_path), exist_ok=True)
    os.makedirs(os.path.join(out_dir, "compile"), exist_ok=True)
    with open(src_path, "w") as f:
        f.write(text)
    a.source = text
    c_path = os.path.join(out_dir, a.key + ".c")
    emit = [goose, "emit-c", src_path, f"-O{level}"] + list(emit_flags) + ["-o", c_path]
    a.commands.append(emit)
    a.emit_step = emit[:-1] + [os.path.join(out_dir, "compile", a.key + ".c")]
    ok, msg = _run(emit)
    if not ok:
        a.error = "goose emit-c failed:\n" + msg
        return None
    with open(c_path) as f:
        a.emitted_c = f.read()
    a.c_bytes = len(a.emitted_c.encode())
    return c_path


def _finish(a, exe, copies):
    a.identity = guards.sha256_file(exe)
    a.binary_bytes = os.path.getsize(exe)
    a.copies = [[p] for p in copy_names(exe, copies)]
    return a


def goose_arm(goose, src_path, text, backend, level, out_dir, copies):
    """A Goose arm: text (the rendered template) is written to src_path;
    emit-c gives the C snapshot, then build (clang/gcc/tcc) or the jit commands."""
    a = Artifact(os.path.basename(src_path)[:-3] + f"-{backend}-O{level}")
    if _emit(a, goose, src_path, text, level, out_dir) is None:
        return a
    if backend == "jit":
        gdigest = guards.sha256_file(goose)
        a.identity = _sha("goose run", gdigest, level, text)
        a.copies = [[goose, "run", f"-O{level}", p, "--"] for p in copy_names(src_path, copies)]
        a.commands.append([goose, "run", f"-O{level}", src_path, "--"])
        return a
    exe = os.path.join(out_dir, a.key)
    build = [goose, "build", src_path, "-o", exe, f"-O{level}", "--cc", backend]
    a.commands.append(build)
    a.compile_steps = [build[:4] + [os.path.join(out_dir, "compile", a.key)] + build[5:]]
    ok, msg = _run(build)
    if not ok:
        a.error = f"goose build --cc {backend} failed:\n" + msg
        return a
    return _finish(a, exe, copies)


def cc_flags(backend, level):
    """The flags `goose build` gives the C compiler (driver/cc.c
    cc_set_flags): -std=c11 and -O2 (-O0 at -O0) for clang and gcc, then
    $GOOSE_CFLAGS split at spaces; none for tcc."""
    if backend == "tcc":
        return []
    return ["-std=c11", "-O0" if level == 0 else "-O2"] + os.environ.get("GOOSE_CFLAGS", "").split()


def _libs(backend):
    return ["-lm", "-lpthread" if backend == "tcc" else "-pthread"]


_RT_LOCK = threading.Lock()
_RT = {}


def runtime_objects(goose, backend, level, out_dir):
    """(runtime source folder, [objects]) of the runtime goose carries,
    compiled once per (back end, level) under out_dir; raises RuntimeError
    with the compiler's message."""
    key = (goose, backend, level, out_dir)
    with _RT_LOCK:
        if key not in _RT:
            _RT[key] = _compile_runtime(goose, backend, level, os.path.join(out_dir, f"runtime-{backend}-O{level}"))
    rt, objs, err = _RT[key]
    if err:
        raise RuntimeError(err)
    return rt, objs


def _compile_runtime(goose, backend, level, d):
    ok, rt = _run([goose, "env", "GOOSE_RUNTIME"])
    if not ok or not os.path.isdir(rt):
        return None, None, f"goose env GOOSE_RUNTIME: {rt}"
    os.makedirs(d, exist_ok=True)
    objs = []
    for src in sorted(glob.glob(os.path.join(rt, "*.c"))):
        obj = os.path.join(d, os.path.basename(src)[:-2] + ".o")
        ok, msg = _run([backend] + cc_flags(backend, level) + ["-I", rt, "-c", src, "-o", obj])
        if not ok:
            return None, None, f"{backend} failed on the runtime's {os.path.basename(src)}:\n{msg}"
        objs.append(obj)
    return rt, objs, None


def goose_c_arm(goose, src_path, text, backend, level, out_dir, copies, edit=None, emit_flags=(), tag=""):
    """A Goose arm built from its emitted C (clang, gcc or tcc): emit-c
    (with emit_flags), edit(C text) -> C text when given (a PatchError is
    the arm's error), then the C compiler as `goose build` runs it. tag
    tells the edited arms of one source apart in file names."""
    a = Artifact(os.path.basename(src_path)[:-3] + f"{tag}-{backend}-O{level}")
    c_path = _emit(a, goose, src_path, text, level, out_dir, emit_flags)
    if c_path is None:
        return a
    if edit is not None:
        try:
            a.emitted_c = edit(a.emitted_c)
        except Exception as e:  # patch.PatchError, or a call mode's refusal
            a.error = f"edit of {os.path.basename(c_path)} refused: {e}"
            return a
        with open(c_path, "w") as f:
            f.write(a.emitted_c)
        a.c_bytes = len(a.emitted_c.encode())
    try:
        rt, objs = runtime_objects(goose, backend, level, out_dir)
    except RuntimeError as e:
        a.error = str(e)
        return a
    exe = os.path.join(out_dir, a.key)
    cc = [backend] + cc_flags(backend, level) + ["-I", rt, c_path] + objs + _libs(backend)
    a.commands.append(cc + ["-o", exe])
    a.compile_steps = [a.emit_step, cc + ["-o", os.path.join(out_dir, "compile", a.key)]]
    ok, msg = _run(cc + ["-o", exe])
    if not ok:
        a.error = f"{backend} failed on {os.path.basename(c_path)}:\n" + msg
        return a
    return _finish(a, exe, copies)


def _find_lib(name):
    for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return name


def peer_arm(peer, peer_src, defines, backend, out_dir, copies):
    """A C peer: compiled by clang or gcc (their rows, with PEER_CFLAGS), tcc (the tcc rows), or
    run by `tcc -run` (the jit rows, compile in memory like `goose run`)."""
    tag = "-".join([os.path.basename(peer_src)[:-2], peer] + [d.split("=")[-1] for d in defines])
    a = Artifact(f"{tag}-{backend}")
    os.makedirs(out_dir, exist_ok=True)
    for f in (peer_src, os.path.join(WORKLOADS, "peer_alloc.h")):
        shutil.copyfile(f, os.path.join(out_dir, os.path.basename(f)))
    with open(peer_src) as f:
        a.source = f.read()
    dflags = [f"-D{PEER_DEFINE[peer]}"] + [f"-D{d}" for d in defines] + ["-I", out_dir]
    libs = PEER_LIBS[peer]
    if backend == "jit":
        src = os.path.join(out_dir, f"{tag}.c")
        shutil.copyfile(peer_src, src)
        env = {"LD_PRELOAD": _find_lib(JEMALLOC_SO)} if peer == "jemalloc" else {}
        argv = ["tcc"] + dflags + libs + ["-run"]
        a.identity = _sha("tcc -run", argv, a.source)
        a.copies = [(argv + [p], env) if env else argv + [p] for p in copy_names(src, copies)]
        a.commands.append(argv + [src])
        return a
    exe = os.path.join(out_dir, a.key)
    cc = [backend] + PEER_CFLAGS if backend in ("clang", "gcc") else [backend]
    build = cc + dflags + [peer_src] + libs + ["-o", exe]
    a.commands.append(build)
    ok, msg = _run(build)
    if not ok:
        a.error = f"{backend} failed on {os.path.basename(peer_src)} ({peer}):\n" + msg
        return a
    a.identity = guards.sha256_file(exe)
    a.copies = [[p] for p in copy_names(exe, copies)]
    return a


def tool_versions(goose):
    """First line of each tool's version, and the goose binary's hash."""
    out = {}
    for name, cmd in (("goose", [goose, "--version"]), ("clang", ["clang", "--version"]),
                      ("tcc", ["tcc", "-v"]), ("gcc", ["gcc", "--version"]),
                      ("valgrind", ["valgrind", "--version"])):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            lines = (r.stdout or r.stderr).splitlines()
            out[name] = lines[0] if lines else "unknown"
        except (OSError, subprocess.TimeoutExpired):
            out[name] = "unavailable"
    for lib in ("libmimalloc.so.2", JEMALLOC_SO):
        p = os.path.realpath(_find_lib(lib))
        out[lib] = os.path.basename(p) if os.path.exists(p) else "unavailable"
    try:
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\n",
                            "libmimalloc-dev", "libjemalloc-dev"], capture_output=True, text=True, timeout=30)
        out["packages"] = r.stdout.strip().splitlines()
    except (OSError, subprocess.TimeoutExpired):
        out["packages"] = []
    try:
        out["goose_sha256"] = guards.sha256_file(goose)
        out["goose_path"] = goose
    except OSError:
        out["goose_sha256"] = "unavailable"
    return out
