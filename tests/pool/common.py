"""common.py — building and running one Goose program in one configuration,
for the pool test drivers (diff.py, sanitize.py).

Configurations: clang-O0, clang-O2, gcc-O2, tcc-O0, tcc-O2 (goose build
--cc), jit-O0, jit-O2 (goose run), and asan-O0, asan-O2: `goose emit-c`,
then clang -fsanitize=address,undefined over the emitted C and
runtime/*.c (-Iruntime), the runtime objects compiled once per process.
Programs run from the repository root, so file names in runtime errors
read as given. Python 3 standard library only; not a test by itself.
"""
import glob
import os
import subprocess
import threading

COMPILE_TIMEOUT = 300
RUN_TIMEOUT = 120

SAN_FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
             "-fno-omit-frame-pointer", "-g"]
SAN_ENV = {
    # The runtime keeps its heap and pools until exit; leaks are not the point.
    "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:exitcode=86",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=87",
}

_rt_lock = threading.Lock()
_rt_objs = {}


def run(cmd, cwd, stdin=b"", timeout=RUN_TIMEOUT, env=None):
    """(status, stdout, stderr); status None on timeout."""
    e = dict(os.environ, NO_COLOR="1")
    if env:
        e.update(env)
    try:
        p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, timeout=timeout, env=e)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as x:
        return None, x.stdout or b"", x.stderr or b""


def clang():
    return os.environ.get("GOOSE_SAN_CC", "clang")


def runtime_objects(root, tmp, opt):
    """The runtime's objects built with the sanitizers (once per process)."""
    with _rt_lock:
        if opt in _rt_objs:
            return _rt_objs[opt]
        objs = []
        for c in sorted(glob.glob(os.path.join(root, "runtime", "*.c"))):
            o = os.path.join(tmp, f"rt{opt}-" + os.path.basename(c)[:-2] + ".o")
            st, _, err = run([clang(), "-std=c11", opt, *SAN_FLAGS, "-I" + os.path.join(root, "runtime"),
                              "-c", c, "-o", o], root, timeout=COMPILE_TIMEOUT)
            if st != 0:
                raise RuntimeError(f"sanitizer build of {c} failed:\n" + err.decode("utf-8", "replace"))
            objs.append(o)
        _rt_objs[opt] = objs
        return objs


def execute(goose, root, gs, config, tmp, rt_tmp=None, args=(), flags=()):
    """Builds gs (a path as goose should see it, relative to root or
    absolute) in config, with the goose flags `flags`, and runs it.
    Returns (status, stdout, stderr, failure message or None when the
    build itself failed)."""
    name = config.split("-")[0]
    opt = "-" + config.split("-")[1]
    exe = os.path.join(tmp, "prog-" + config)
    env = None
    if name == "jit":
        st, out, err = run([goose, "run", gs, opt, *flags, "--", *args], root, timeout=COMPILE_TIMEOUT)
        return st, out, err, None
    if name == "asan":
        c = os.path.join(tmp, f"prog{opt}.c")
        st, _, err = run([goose, "emit-c", gs, opt, *flags, "-o", c], root, timeout=COMPILE_TIMEOUT)
        if st != 0:
            return st, b"", err, "goose emit-c failed:\n" + err.decode("utf-8", "replace")[:2000]
        cc_opt = "-O1"
        objs = runtime_objects(root, rt_tmp or tmp, cc_opt)
        st, _, err = run([clang(), "-std=c11", cc_opt, *SAN_FLAGS, "-I" + os.path.join(root, "runtime"),
                          c, *objs, "-lm", "-o", exe], root, timeout=COMPILE_TIMEOUT)
        if st != 0:
            return st, b"", err, "clang (sanitizers) failed:\n" + err.decode("utf-8", "replace")[:2000]
        env = SAN_ENV
    else:
        st, _, err = run([goose, "build", gs, "-o", exe, opt, "--cc", name, *flags], root, timeout=COMPILE_TIMEOUT)
        if st != 0 or not os.path.exists(exe):
            return st, b"", err, "goose build failed:\n" + err.decode("utf-8", "replace")[:2000]
    st, out, err = run([exe, *args], root, env=env)
    return st, out, err, None
