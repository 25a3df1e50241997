"""b64model.py — where base64_decode and hex_decode must fail, for the
encoding tests: the scan of CPython 3.11's binascii.a2b_base64 in strict
mode (what base64.b64decode(s, validate=True) runs), with the byte offset
the Goose module reports at each of its errors:
  - a byte outside the alphabet and '=': that byte;
  - '=' first of all: 0;
  - data after the '=' that completed the last group: the first byte after them;
  - a data character after padding began: that character;
  - the input ends inside a group: the group's first character (as Go's
    CorruptInputError), or the lone character of a 1-character group.
The tests check that this model accepts exactly what Python accepts.
"""
ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64_error_offset(s):
    """None when s decodes, else the offset of its first error."""
    quad, pads, started, group = 0, 0, False, 0
    for i, c in enumerate(s):
        if c == 0x3D:
            started = True
            if i == 0:
                return 0
            if quad >= 2:
                pads += 1
                if quad + pads >= 4:
                    return i + 1 if i + 1 < len(s) else None
            continue
        if c not in ALPHABET:
            return i
        if started:
            return i
        pads = 0
        if quad == 0:
            group = i
        quad = (quad + 1) % 4
    return group if quad != 0 else None


def hex_error_offset(s):
    for i, c in enumerate(s):
        if c not in b"0123456789abcdefABCDEF":
            return i
    return len(s) - 1 if len(s) % 2 else None
