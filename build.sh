#!/usr/bin/env bash
# build.sh — set up a Debian 12 machine for Goose, build it, and show it work.
#
#   ./build.sh        install what is missing, build, then compile and run an
#                     example natively (clang/gcc) and through the JIT (libtcc)
#   ./build.sh arena-deps  install only what upstream LangArena's C needs
#                     (ARENA_PACKAGES; bench/apps/run_apps.py --arena calls
#                     this) and stop: nothing else is installed or built
#   ./build.sh test   install what is missing, build, then run every test
#                     (ctest), then the sanitizer subset (ctest -L san) in a
#                     second build with ASan + UBSan (-DGOOSE_SANITIZE=ON,
#                     SAN_BUILD_DIR, default build-san); the exit status is
#                     non-zero when either run fails. SAN=0 skips the second.
#   ./build.sh install [PREFIX]
#                     install what is missing, build, then install goose into
#                     PREFIX/bin and its standard library and runtime sources
#                     into PREFIX/lib/goose (cmake --install). PREFIX defaults
#                     to /usr/local as root, else $HOME/.local (no sudo).
#
# Works from a fresh clone as root or as a user with sudo. Installing is
# skipped when everything is already present. BUILD_DIR (default build)
# and JOBS (default: the number of CPUs) may be set in the environment.
set -euo pipefail

cd "$(dirname "$0")"
MODE=${1:-demo}
BUILD_DIR=${BUILD_DIR:-build}
SAN_BUILD_DIR=${SAN_BUILD_DIR:-build-san}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# package -> what shows it is installed (a command, or a file path)
PACKAGES=(
  "clang:clang" "gcc:gcc" "tcc:tcc" "libtcc-dev:/usr/include/libtcc.h"
  "re2c:re2c" "cmake:cmake" "ninja-build:ninja" "python3:python3"
  "libmimalloc-dev:/usr/include/mimalloc.h"
  "libjemalloc-dev:/usr/include/jemalloc/jemalloc.h"
  # the sanitizer runtime behind the ASan/UBSan tests (a Recommends of clang,
  # so --no-install-recommends would otherwise leave it out)
  "libclang-rt-14-dev:/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.asan-x86_64.a"
  # gcc's ThreadSanitizer runtime (tests/stdlib/thread/check_tsan.py; clang's is above)
  "libtsan2:/usr/lib/x86_64-linux-gnu/libtsan.so.2"
  "valgrind:valgrind"
  # tests/debug drives it in batch mode over a program built by goose build -g
  "gdb:gdb"
  # GNU time: the heap benchmark (bench/heap/run.py) reads peak RSS through it
  "time:/usr/bin/time"
  # Oniguruma, the regex engine of TextMate grammars: tests/editors checks
  # editors/goose.tmLanguage.json with it (editors/grammar_onig)
  "libonig5:/usr/lib/x86_64-linux-gnu/libonig.so.5"
  # the C libraries bench/stdlib measures the standard library against
  "libssl-dev:/usr/include/openssl/sha.h" "zlib1g-dev:/usr/include/zlib.h"
  "libgmp-dev:/usr/include/x86_64-linux-gnu/gmp.h" "libcjson-dev:/usr/include/cjson/cJSON.h"
  "libpcre2-dev:/usr/include/pcre2.h"
)

# What upstream LangArena's c/main.c links and includes (cJSON, GMP, PCRE2,
# uthash): installed only by `./build.sh arena-deps`, which
# bench/apps/run_apps.py --arena runs (docs/langarena.md). The first three
# are also in PACKAGES (bench/stdlib); uthash-dev is needed by nothing else.
ARENA_PACKAGES=(
  "libcjson-dev:/usr/include/cjson/cJSON.h" "libgmp-dev:/usr/include/x86_64-linux-gnu/gmp.h"
  "libpcre2-dev:/usr/include/pcre2.h" "uthash-dev:/usr/include/uthash.h"
)

say() {
  if [ -t 1 ]; then printf '\033[1m== %s\033[0m\n' "$*"; else printf '== %s\n' "$*"; fi
}

present() {
  case "$1" in
    /*) [ -e "$1" ] ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}

# missing_packages LIST: the packages of the array named LIST not yet present
missing_packages() {
  local -n list=$1
  local entry
  for entry in "${list[@]}"; do
    present "${entry#*:}" || printf '%s ' "${entry%%:*}"
  done
}

# install_missing LIST: apt-get install what missing_packages LIST names
install_missing() {
  local missing
  missing=$(missing_packages "$1")
  if [ -z "$missing" ]; then
    say "dependencies: all present"
    return
  fi
  say "installing: $missing"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "build.sh: apt-get not found; install these yourself: $missing" >&2
    exit 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update
  # shellcheck disable=SC2086
  $sudo apt-get install -y --no-install-recommends $missing
}

build() {
  say "configuring ($BUILD_DIR)"
  cmake -G Ninja -S . -B "$BUILD_DIR"
  say "building"
  ninja -C "$BUILD_DIR" -j "$JOBS"
}

# The sanitizer subset (label san; which tests and why: tests/CMakeLists.txt,
# docs/contributing.md). Only what those tests run is built (goose and the runtime unit
# tests); the golden tests go through clang -O2 (sanitized) and the JIT.
san_test() {
  say "configuring the sanitizer build ($SAN_BUILD_DIR, ASan + UBSan)"
  cmake -G Ninja -S . -B "$SAN_BUILD_DIR" -DGOOSE_SANITIZE=ON
  say "building (sanitized)"
  ninja -C "$SAN_BUILD_DIR" -j "$JOBS" goose rt_test heap_test spans_test tag_test
  say "testing under sanitizers (ctest -L san)"
  GOOSE_TEST_CONFIGS=clang-O2,jit-O2 ctest --test-dir "$SAN_BUILD_DIR" --output-on-failure \
    -j "$JOBS" -L san
}

# install PREFIX: cmake --install, then say where goose is and whether the
# shell will find it.
install_to() {
  local prefix=$1
  say "installing into $prefix"
  cmake --install "$BUILD_DIR" --prefix "$prefix"
  "$prefix/bin/goose" env GOOSE_STDLIB >/dev/null
  case ":$PATH:" in
    *":$prefix/bin:"*) say "done: goose is $prefix/bin/goose" ;;
    *) say "done: goose is $prefix/bin/goose ($prefix/bin is not on PATH)" ;;
  esac
}

demo() {
  local goose="$BUILD_DIR/goose"
  say "goose build examples/queens.gs (native, $(basename "$(command -v clang || command -v gcc)"))"
  "$goose" build examples/queens.gs -o "$BUILD_DIR/queens"
  "$BUILD_DIR/queens" 8
  say "goose run examples/calc.gs (JIT through libtcc)"
  "$goose" run examples/calc.gs -- "2 * (3 + 4) - 10 / 3" "let x = 7; x * x + 1"
  say "goose run examples/wordfreq.gs (JIT)"
  "$goose" run examples/wordfreq.gs -- examples/wordfreq.txt 5
  say "done: try '$goose --help'"
}

if [ "$MODE" = arena-deps ]; then
  install_missing ARENA_PACKAGES
  exit 0
fi
install_missing PACKAGES
build
case "$MODE" in
  demo) demo ;;
  install)
    if [ "$(id -u)" -eq 0 ]; then default_prefix=/usr/local; else default_prefix=$HOME/.local; fi
    install_to "${2:-$default_prefix}"
    ;;
  test)
    say "testing"
    set +e
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
    status=$?
    if [ "${SAN:-1}" != 0 ]; then
      (set -e; san_test)
      san_status=$?
      [ "$status" -ne 0 ] || status=$san_status
    fi
    exit "$status"
    ;;
  *)
    echo "usage: ./build.sh [test|install [PREFIX]|arena-deps]" >&2
    exit 2
    ;;
esac
