#!/bin/sh
# rescore (tools/rescore.c): selfplay's records searched again, every K-th
# game kept, the positions unchanged.
# Usage: test_rescore.sh SELFPLAY RESCORE
set -u
selfplay=$1
rescore=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$selfplay" --variant international --games 4 --nodes 200 --seed 7 --out "$dir/games.bin" \
    2>"$dir/err" >/dev/null || fail "selfplay: $(cat "$dir/err")"
in=$(wc -c < "$dir/games.bin")

"$rescore" --variant international --in "$dir/games.bin" --out "$dir/all.bin" --nodes 300 \
    >"$dir/said" 2>"$dir/err" || fail "every game: $(cat "$dir/err")"
[ "$(wc -c < "$dir/all.bin")" -eq "$in" ] || fail "every game: $(wc -c < "$dir/all.bin") bytes of $in"
grep -q "4 games of 4 read" "$dir/said" || fail "every game: $(cat "$dir/said")"
# the positions (the first 24 bytes of a record) are the ones read
cut_boards() { od -An -v -tx1 -w32 "$1" | cut -c1-72; }
[ "$(cut_boards "$dir/games.bin")" = "$(cut_boards "$dir/all.bin")" ] ||
    fail "the positions changed"
cmp -s "$dir/games.bin" "$dir/all.bin" && fail "no score was searched again"

"$rescore" --variant international --in "$dir/games.bin" --out "$dir/half.bin" --nodes 300 \
    --every 2 >"$dir/said" 2>"$dir/err" || fail "every second game: $(cat "$dir/err")"
half=$(wc -c < "$dir/half.bin")
[ "$half" -gt 0 ] && [ "$half" -lt "$in" ] && [ $((half % 32)) -eq 0 ] ||
    fail "every second game: $half bytes of $in"
grep -q "2 games of 4 read" "$dir/said" || fail "every second game: $(cat "$dir/said")"

"$rescore" --variant international --in "$dir/missing.bin" --out "$dir/x.bin" 2>"$dir/err" &&
    fail "a missing file was accepted"
grep -q "missing.bin" "$dir/err" || fail "the missing file is not named: $(cat "$dir/err")"
[ ! -e "$dir/x.bin" ] || fail "an output file from a missing input"
# A signal ends the run after the game being searched, keeping the games done:
# the first game is always finished, and four at 100,000 nodes a position
# take far longer than the second the signal waits.
"$rescore" --variant international --in "$dir/games.bin" --out "$dir/part.bin" \
    --nodes 100000 >"$dir/said" 2>"$dir/err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid" || fail "stopped by a signal: exit status $?: $(cat "$dir/err")"
[ ! -e "$dir/part.bin.tmp" ] || fail "stopped by a signal: part.bin.tmp left"
part=$(wc -c < "$dir/part.bin")
[ "$part" -gt 0 ] && [ "$part" -lt "$in" ] && [ $((part % 32)) -eq 0 ] ||
    fail "stopped by a signal: $part bytes of $in"
grep -q "stopped by a signal" "$dir/said" || fail "not said: $(cat "$dir/said")"
echo "ok"
