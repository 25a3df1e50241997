"""guards.py — the checks of docs/benchmarking.md that stop a run instead of
letting it report a number the instrument could not have contradicted.

  distinct binaries  the arms of a cell must be different programs: their
                     identities (sha256 of the executable, or of the source
                     and flags for an arm compiled at run time) are compared
                     and an identical pair aborts the run (GuardError).
  positive control   an arm known to differ (glibc malloc/free against the
                     builtin pool, or against the C free-list pool while the
                     builtin cannot be built) must be told apart from its
                     reference; when it is not, the run reports "the
                     instrument proved nothing" and exits non-zero.
  checksums          every arm of a cell must print the same checksum;
                     the library/builtin ratio of a cell whose pools disagree
                     is an error, not a number.
Not for: computing floors or ratios (stats.py).
"""
import hashlib

from . import stats

PROVED_NOTHING = "the instrument proved nothing"
EXIT_GUARD = 2      # identical binaries: nothing was measured
EXIT_CONTROL = 3    # the control was not separated


class GuardError(Exception):
    """A guard stopped the run; str() says which and why."""


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def check_distinct(identities, where=""):
    """identities: {arm: sha256}. Raises GuardError when two arms share one."""
    seen = {}
    for arm, digest in sorted(identities.items()):
        if digest in seen:
            raise GuardError(f"distinct-binary check failed{' in ' + where if where else ''}: "
                             f"arms {seen[digest]} and {arm} are the same program "
                             f"(sha256 {digest[:16]}...); refusing to measure one program twice")
        seen[digest] = arm


def check_checksums(checksums, must_agree):
    """checksums: {arm: checksum or None}; the reference is the first arm of
    must_agree that has one (else the first arm that has one). Returns
    [(arm, message)] for every arm whose checksum differs from it."""
    ref_arm = next((a for a in must_agree if checksums.get(a) is not None), None)
    if ref_arm is None:
        ref_arm = next((a for a, c in checksums.items() if c is not None), None)
    if ref_arm is None:
        return []
    ref = checksums[ref_arm]
    return [(arm, f"checksum of {arm} ({c}) differs from {ref_arm} ({ref})")
            for arm, c in checksums.items() if c is not None and c != ref]


def control_verdict(ref_samples, control_samples, drift_value, ref_name, control_name):
    """The positive control: returns (ok, text, comparison). ok is False when
    the control arm cannot be told apart from the reference."""
    if not ref_samples or not control_samples:
        return False, f"{PROVED_NOTHING}: the control ({control_name} against {ref_name}) has no samples", None
    cmp = stats.compare(ref_samples, control_samples, drift_value)
    desc = (f"{control_name}/{ref_name} = {cmp['ratio']:.2f}, noise band +-{cmp['band']:.3f}, "
            f"{len(ref_samples)}+{len(control_samples)} samples")
    if stats.separated(cmp):
        return True, f"control separated: {desc}", cmp
    return False, f"{PROVED_NOTHING}: the control could not be separated ({desc})", cmp
