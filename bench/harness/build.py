"""build.py — turns an arm into runnable commands: renders and builds the
Goose arms (`goose build` for the clang and tcc back ends, `goose run` for
the jit), compiles the C peers (clang, tcc, or `tcc -run` for the jit row),
and makes the renamed copies of each. Every arm gets an identity for the
distinct-binary guard: the sha256 of its executable, or for an arm compiled
at run time the sha256 of what it compiles (source text, flags, compiler).

A compiler failure is not an exception: the artifact carries the compiler's
message in .error and the cell that needs it reports that message.
Not for: running or timing (runner.py).
"""
import hashlib
import os
import shutil
import subprocess

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

    def to_json(self):
        return {"key": self.key, "identity": self.identity, "commands": self.commands,
                "error": self.error, "copies": [c if isinstance(c, list) else {"argv": c[0], "env": c[1]}
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


def goose_arm(goose, src_path, text, backend, level, out_dir, copies):
    """A Goose arm: text (the rendered template) is written to src_path;
    emit-c gives the C snapshot, then build (clang/tcc) or the jit commands."""
    a = Artifact(os.path.basename(src_path)[:-3] + f"-{backend}-O{level}")
    os.makedirs(os.path.dirname(src_path), exist_ok=True)
    os.makedirs(out_dir, exist_ok=True)
    with open(src_path, "w") as f:
        f.write(text)
    a.source = text
    c_path = os.path.join(out_dir, a.key + ".c")
    emit = [goose, "emit-c", src_path, f"-O{level}", "-o", c_path]
    a.commands.append(emit)
    ok, msg = _run(emit)
    if not ok:
        a.error = "goose emit-c failed:\n" + msg
        return a
    with open(c_path) as f:
        a.emitted_c = f.read()
    if backend == "jit":
        gdigest = guards.sha256_file(goose)
        a.identity = _sha("goose run", gdigest, level, text)
        a.copies = [[goose, "run", f"-O{level}", p, "--"] for p in copy_names(src_path, copies)]
        a.commands.append([goose, "run", f"-O{level}", src_path, "--"])
        return a
    exe = os.path.join(out_dir, a.key)
    build = [goose, "build", src_path, "-o", exe, f"-O{level}", "--cc", backend]
    a.commands.append(build)
    ok, msg = _run(build)
    if not ok:
        a.error = f"goose build --cc {backend} failed:\n" + msg
        return a
    a.identity = guards.sha256_file(exe)
    a.copies = [[p] for p in copy_names(exe, copies)]
    return a


def _find_lib(name):
    for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return name


def peer_arm(peer, peer_src, defines, backend, out_dir, copies):
    """A C peer: compiled by clang (the clang rows), tcc (the tcc rows), or
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
    cc = ["clang"] + PEER_CFLAGS if backend == "clang" else [backend]
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
