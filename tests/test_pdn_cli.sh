#!/bin/sh
# draughts pdn check|cat: output format and exit statuses.
# Usage: test_pdn_cli.sh DRAUGHTS SHARED_DIR
set -u
bin=$1
shared=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

printf '[Event "e"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n' > "$tmp/good.pdn"
printf '[GameType "20"]\n1. 32-28 19-23 2. 22-18 *\n' > "$tmp/bad.pdn"

out=$("$bin" pdn check "$tmp/good.pdn"); st=$?
[ "$st" = 0 ] || fail "check of a good file exits $st"
[ "$out" = "$tmp/good.pdn: 1 games, 4 moves, 0 errors" ] || fail "check says: $out"

out=$("$bin" pdn check "$tmp/good.pdn" "$tmp/bad.pdn"); st=$?
[ "$st" = 1 ] || fail "check with an error exits $st"
echo "$out" | grep -qx "$tmp/bad.pdn: 1 games, 2 moves, 1 errors" || fail "no summary: $out"
echo "$out" | grep -q "^$tmp/bad.pdn:2:19: move '22-18': not a legal move for White in international" ||
  fail "no located error: $out"

"$bin" pdn cat "$tmp/good.pdn" > "$tmp/cat.pdn" 2>"$tmp/err"; st=$?
[ "$st" = 0 ] || fail "cat exits $st"
grep -q '^\[GameType "20,W,10,10,N2,0"\]$' "$tmp/cat.pdn" || fail "cat wrote no GameType"
grep -q '^1\. 32-28 19-23 2\. 28x19 14x23 1-0$' "$tmp/cat.pdn" || fail "cat movetext"
"$bin" pdn check "$tmp/cat.pdn" >/dev/null || fail "cat output does not check"

out=$("$bin" pdn cat --variant killer "$tmp/good.pdn" 2>&1); st=$?
echo "$out" | grep -q '^\[Variant "Killer"\]$' || fail "--variant killer: $out"

"$bin" pdn check "$tmp/nothere.pdn" >/dev/null; st=$?
[ "$st" = 1 ] || fail "a missing file exits $st"
head -c 3000 "$bin" > "$tmp/binary.pdn"
out=$("$bin" pdn check "$tmp/binary.pdn"); st=$?
[ "$st" = 1 ] || fail "a binary file exits $st"
echo "$out" | grep -q "not a PDN file" || fail "binary file: $out"
"$bin" pdn frobnicate 2>/dev/null; st=$?
[ "$st" = 2 ] || fail "bad usage exits $st"

# draughts annotate: a copy with scores on every move, progress on stderr
"$bin" annotate "$tmp/good.pdn" --depth 4 -o "$tmp/ann.pdn" 2>"$tmp/err"; st=$?
[ "$st" = 0 ] || fail "annotate exits $st: $(cat "$tmp/err")"
[ "$(grep -o '\[%eval [-0-9.#]*\]' "$tmp/ann.pdn" | wc -l)" -ge 4 ] || fail "annotate scores: $(cat "$tmp/ann.pdn")"
grep -q "^annotate: game 1 (1/1), 5/5 positions" "$tmp/err" || fail "annotate progress: $(cat "$tmp/err")"
"$bin" pdn check "$tmp/ann.pdn" >/dev/null || fail "annotated file does not check"
out=$("$bin" annotate "$tmp/good.pdn" --time 0.01 2>/dev/null); st=$?
[ "$st" = 0 ] && echo "$out" | grep -q '^1\. 32-28[!?]* {\[%eval' || fail "annotate to stdout ($st): $out"
echo keep > "$tmp/kept.pdn"
# -o a pipe or device: written into, never replaced by a renamed file
mkfifo "$tmp/fifo"
timeout 30 cat "$tmp/fifo" > "$tmp/from-fifo" &
reader=$!
"$bin" annotate "$tmp/good.pdn" --depth 2 -o "$tmp/fifo" 2>"$tmp/err"; st=$?
wait "$reader"
[ "$st" = 0 ] && [ -p "$tmp/fifo" ] && grep -q '^1\. 32-28[!?]* {\[%eval' "$tmp/from-fifo" ||
  fail "annotate -o FIFO ($st): still a pipe? $([ -p "$tmp/fifo" ] && echo yes); $(cat "$tmp/err")"
"$bin" annotate 2>"$tmp/err"; st=$?
[ "$st" = 2 ] && grep -q "usage: draughts annotate" "$tmp/err" || fail "annotate alone exits $st"
for args in "--depth 0" "--depth x" "--time -1" "--depth 3 --time 1" "--frob 1" "--game 2" \
            "--variant nosuch" "--game"; do
  # shellcheck disable=SC2086
  "$bin" annotate "$tmp/good.pdn" $args -o "$tmp/kept.pdn" 2>"$tmp/err"; st=$?
  [ "$st" = 2 ] || fail "annotate $args exits $st"
  [ -s "$tmp/err" ] || fail "annotate $args says nothing"
done
"$bin" annotate "$tmp/good.pdn" --game 2 2>&1 | grep -q "has 1 game, no game 2" || fail "annotate --game 2"
"$bin" annotate "$tmp/bad.pdn" --depth 2 -o "$tmp/kept.pdn" 2>"$tmp/err"; st=$?
[ "$st" = 2 ] && grep -q "1 errors; nothing written" "$tmp/err" || fail "annotate of a bad file ($st): $(cat "$tmp/err")"
[ "$(cat "$tmp/kept.pdn")" = keep ] || fail "a failed annotate touched the output"
"$bin" annotate "$tmp/good.pdn" --depth 2 -o "$tmp/no/such/dir.pdn" 2>"$tmp/err"; st=$?
[ "$st" = 2 ] && [ -s "$tmp/err" ] || fail "annotate into a missing directory exits $st"

if [ -d "$shared/data/pdn/czech" ]; then
  out=$("$bin" pdn check "$shared"/data/pdn/czech/*.pdn); st=$?
  [ "$st" = 1 ] || fail "czech files exit $st"
  echo "$out" | grep -q "an unsupported variant (such as Czech draughts)" || fail "czech: $out"
fi
if [ -d "$shared/data/pdn/succeed" ]; then
  "$bin" pdn check "$shared"/data/pdn/succeed/*.pdn > "$tmp/succeed.txt"; st=$?
  [ "$st" = 0 ] || fail "succeed files exit $st: $(grep -v ' 0 errors' "$tmp/succeed.txt" | head -3)"
else
  echo "SKIP: shared PDN files not found at $shared/data/pdn"
fi
[ "$fails" = 0 ] && echo "all pdn CLI checks passed"
exit "$fails"
