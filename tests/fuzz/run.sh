#!/bin/sh
# Build the libFuzzer targets (PDN, FEN, rules files, Hub lines, books) with clang
# in build-fuzz, then run each for SECONDS (default 60), starting from the
# seed corpus in tests/fuzz/corpus.
# New inputs go to build-fuzz/corpus-*, crash reproducers to build-fuzz/.
# Usage: tests/fuzz/run.sh [SECONDS]
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-60}
cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DDRAUGHTS_FUZZ=ON -DDRAUGHTS_TESTS=OFF \
  >/dev/null
cmake --build build-fuzz -j2 --target fuzz_pdn fuzz_fen fuzz_rules fuzz_hub fuzz_book
for t in pdn fen rules hub book; do
  mkdir -p "build-fuzz/corpus-$t"
  echo "== fuzz_$t for $secs s"
  "build-fuzz/tests/fuzz/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 -artifact_prefix="build-fuzz/fuzz_$t-" \
    "build-fuzz/corpus-$t" "tests/fuzz/corpus/$t"
done
