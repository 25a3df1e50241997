"""common.py — building and running oracle.gs for the encoding tests."""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SAN_CFLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"


def build(goose, out, sanitize=False):
    env = dict(os.environ)
    if sanitize:
        env["GOOSE_CFLAGS"] = SAN_CFLAGS
        env["GOOSE_CC"] = "clang"
    subprocess.run([goose, "build", os.path.join(HERE, "oracle.gs"), "-o", out],
                   check=True, env=env)


def run(exe, records, path):
    """Runs exe on records [(op, bytes)]; its stdout lines (bytes), or
    raises RuntimeError naming the status and stderr."""
    with open(path, "wb") as f:
        for op, data in records:
            f.write(b"%s %d\n" % (op.encode(), len(data)))
            f.write(data)
            f.write(b"\n")
    try:
        p = subprocess.run([exe, path], capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise RuntimeError("no result after 600 s (a hang)")
    if p.returncode != 0 or p.stderr:
        raise RuntimeError("status %d: %s" % (p.returncode, p.stderr.decode(errors="replace")[:600]))
    return p.stdout.split(b"\n")
