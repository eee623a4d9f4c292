#!/bin/sh
# selfplay --starts (tools/selfplay.c): games start from the positions of a
# PDN file's main lines within the given plies, those with nothing to capture.
# Usage: test_selfplay.sh SELFPLAY
set -u
selfplay=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Plies 12 and 14 leave White a capture (34x23, 35x24); 10, 11 and 13 do not.
cat > "$dir/game.pdn" <<'PDN'
[Event "starts"]
[GameType "20"]
1. 33-28 18-23 2. 31-26 17-21 3. 26x17 11x33 4. 38x18 12x23 5. 36-31 19-24
6. 39-33 23-29 7. 34x23 24-30 *
PDN

run() { "$selfplay" --variant international --games 2 --nodes 200 --random-plies 0 \
    --out "$dir/out.bin" --starts "$dir/game.pdn" "$@" 2>"$dir/err"; }

run --start-plies 10-14 || fail "10-14: $(cat "$dir/err")"
grep -q "^3 positions to start from" "$dir/err" || fail "10-14: $(cat "$dir/err")"
size=$(wc -c < "$dir/out.bin")
[ "$size" -gt 0 ] && [ $((size % 32)) -eq 0 ] || fail "records: $size bytes"

run --start-plies 11-11 || fail "11: $(cat "$dir/err")"
grep -q "^1 positions to start from" "$dir/err" || fail "11: $(cat "$dir/err")"

rm -f "$dir/out.bin"
run --start-plies 12-12 && fail "a capture position was taken as a start"
grep -q "no position between plies 12 and 12" "$dir/err" || fail "12: $(cat "$dir/err")"
[ ! -e "$dir/out.bin" ] || fail "an output file without games"

"$selfplay" --variant international --games 1 --out "$dir/out.bin" \
    --starts "$dir/missing.pdn" 2>"$dir/err" && fail "a missing file was accepted"
grep -q "missing.pdn" "$dir/err" || fail "the missing file is not named: $(cat "$dir/err")"
# A signal (`timeout` around a long run) ends the run after the game being
# played: the finished games are kept under the file's own name.
rm -f "$dir/out.bin"
"$selfplay" --variant international --games 100000 --nodes 200 --out "$dir/out.bin" \
    >"$dir/said" 2>"$dir/err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid" || fail "stopped by a signal: exit status $?: $(cat "$dir/err")"
[ -e "$dir/out.bin" ] || fail "stopped by a signal: no out.bin"
[ ! -e "$dir/out.bin.tmp" ] || fail "stopped by a signal: out.bin.tmp left"
size=$(wc -c < "$dir/out.bin")
[ "$size" -gt 0 ] && [ $((size % 32)) -eq 0 ] || fail "stopped by a signal: $size bytes"
grep -q "stopped by a signal" "$dir/said" || fail "not said: $(cat "$dir/said")"
echo "ok"
