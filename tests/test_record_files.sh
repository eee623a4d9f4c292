#!/bin/sh
# selfplay's record files cut short (a copy stopped half-way, a file not
# selfplay's): rescore and train refuse them, naming the file, before any work,
# instead of using the whole records and saying nothing.
# Usage: test_record_files.sh SELFPLAY RESCORE TRAIN
set -u
selfplay=$1
rescore=$2
train=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$selfplay" --variant international --games 2 --nodes 200 --seed 3 --out "$dir/games.bin" \
    2>"$dir/err" >/dev/null || fail "selfplay: $(cat "$dir/err")"
size=$(wc -c < "$dir/games.bin")
head -c $((size - 5)) "$dir/games.bin" > "$dir/cut.bin"

"$rescore" --variant international --in "$dir/cut.bin" --out "$dir/re.bin" --nodes 100 \
    >/dev/null 2>"$dir/err" && fail "rescore accepted a file cut short"
grep -q "cut.bin: not whole 32-byte records" "$dir/err" ||
    fail "rescore did not name the file and record: $(cat "$dir/err")"
[ ! -e "$dir/re.bin" ] && [ ! -e "$dir/re.bin.tmp" ] || fail "rescore left a file"

"$train" --variant international --out "$dir/w.weights" --epochs 1 "$dir/cut.bin" \
    >/dev/null 2>"$dir/err" && fail "train accepted a file cut short"
grep -q "cut.bin: not whole 32-byte records" "$dir/err" ||
    fail "train did not name the file and record: $(cat "$dir/err")"
[ ! -e "$dir/w.weights" ] || fail "train wrote weights"

# the whole file still works in both
"$rescore" --variant international --in "$dir/games.bin" --out "$dir/re.bin" --nodes 100 \
    >/dev/null 2>"$dir/err" || fail "rescore refused the whole file: $(cat "$dir/err")"
"$train" --variant international --out "$dir/w.weights" --epochs 1 "$dir/games.bin" \
    >/dev/null 2>"$dir/err" || fail "train refused the whole file: $(cat "$dir/err")"
echo "ok"
