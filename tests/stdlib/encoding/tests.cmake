# encoding's checks (tests/stdlib/CMakeLists.txt includes this file):
#   oracle     check_oracle.py: encodings of random bytes of every length
#              0..300 and of 3 MiB against Python's base64 and binascii,
#              and decoded back (hex in either case)
#   bad_input  check_bad_input.py: 40,000 random and mutated texts given
#              to base64_decode and hex_decode: Python's bytes or an error
#              at the offset b64model.py gives; also built with ASan+UBSan
stdlib_test(encoding oracle ${Python3_EXECUTABLE} tests/stdlib/encoding/check_oracle.py)
stdlib_test(encoding bad_input ${Python3_EXECUTABLE} tests/stdlib/encoding/check_bad_input.py)
