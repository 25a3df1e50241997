# checksum's checks (tests/stdlib/CMakeLists.txt includes this file):
#   oracle  check_oracle.py: sha256, crc32 and fnv1a64 of random bytes of
#           every length 0..300 and of 3 MiB (+ every tail up to 127 bytes)
#           against hashlib, zlib and FNV-1a's definition; a streamed
#           Sha256 in random chunks, sum() after each; run twice, with
#           the runtime's SHA-extension code (when the CPU has it) and
#           with GOOSE_NO_SHA_NI=1 (the portable rounds)
stdlib_test(checksum oracle ${Python3_EXECUTABLE} tests/stdlib/checksum/check_oracle.py)
