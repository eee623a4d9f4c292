#!/bin/sh
# Command-line contracts of design.md section 3: perft, moves, variants, and
# the error convention (exit status 2, exactly one line on stderr naming the
# problem, nothing on stdout).
#
# usage: sh test_cli.sh PATH/TO/draughts

BIN=${1:?usage: test_cli.sh PATH/TO/draughts}
pass=0
fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    printf 'FAIL: %s\n' "$1"
    shift
    for line in "$@"; do printf '      %s\n' "$line"; done
}

# run ARGS...: runs the program; sets $status, files $tmp/out and $tmp/err
run() {
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# lines FILE: number of lines (a last line without newline counts too)
lines() { awk 'END { print NR }' "$1"; }

# expect_output NAME EXPECTED ARGS...: exit 0, stdout exactly EXPECTED, no stderr
expect_output() {
    name=$1 want=$2
    shift 2
    run "$@"
    if [ -n "$want" ]; then printf '%s\n' "$want" >"$tmp/want"; else : >"$tmp/want"; fi
    if [ "$status" -ne 0 ]; then
        bad "$name: exit status $status, expected 0" "stderr: $(cat "$tmp/err")"
    elif ! cmp -s "$tmp/out" "$tmp/want"; then
        bad "$name: unexpected output" "got: $(tr '\n' '|' <"$tmp/out")" \
            "expected: $(tr '\n' '|' <"$tmp/want")"
    elif [ -s "$tmp/err" ]; then
        bad "$name: unexpected stderr" "$(cat "$tmp/err")"
    else
        ok
    fi
}

# expect_error NAME NEEDLE ARGS...: exit 2, nothing on stdout, exactly one
# newline-terminated line on stderr, and that line contains NEEDLE.
expect_error() {
    name=$1 needle=$2
    shift 2
    run "$@"
    nerr=$(lines "$tmp/err")
    if [ "$status" -ne 2 ]; then
        bad "$name: exit status $status, expected 2" "stderr: $(cat "$tmp/err")"
    elif [ -s "$tmp/out" ]; then
        bad "$name: something on stdout" "$(head -3 "$tmp/out")"
    elif [ "$nerr" -ne 1 ] || [ "$(wc -l <"$tmp/err" | tr -d ' ')" -ne 1 ]; then
        bad "$name: $nerr lines on stderr, expected exactly one" \
            "stderr: $(od -c "$tmp/err" | head -5)"
    elif ! grep -qF -- "$needle" "$tmp/err"; then
        bad "$name: stderr does not name '$needle'" "stderr: $(cat "$tmp/err")"
    else
        ok
    fi
}

# ---------------------------------------------------------------- perft

run perft --variant international 3
if [ "$status" -ne 0 ]; then
    bad "perft international 3: exit status $status" "$(cat "$tmp/err")"
elif [ "$(lines "$tmp/out")" -ne 3 ]; then
    bad "perft international 3: expected 3 lines" "$(cat "$tmp/out")"
elif grep -vqE '^perft [1-9][0-9]* [0-9]+ [0-9]+(\.[0-9]+)? [0-9]+(\.[0-9]+)?$' "$tmp/out"; then
    bad "perft international 3: a line is not 'perft D NODES TIME NPS'" "$(cat "$tmp/out")"
elif [ "$(awk '{ printf "%s:%s ", $2, $3 }' "$tmp/out")" != "1:9 2:81 3:658 " ]; then
    bad "perft international 3: expected depths 1-3 with nodes 9 81 658" "$(cat "$tmp/out")"
elif [ -s "$tmp/err" ]; then
    bad "perft international 3: unexpected stderr" "$(cat "$tmp/err")"
else
    ok
fi

# the default position is the start; --fen sets another one
run perft --variant international --fen W:W31-50:B1-20 2
if [ "$status" -eq 0 ] && [ "$(awk '{ printf "%s ", $3 }' "$tmp/out")" = "9 81 " ]; then ok; else
    bad "perft --fen start 2" "$(cat "$tmp/out" "$tmp/err")"
fi
run perft --variant killer --fen W:WK46:BK28 1
if [ "$status" -eq 0 ] && [ "$(awk '{ print $2 ":" $3 }' "$tmp/out")" = "1:1" ]; then ok; else
    bad "perft killer halt position 1: expected 'perft 1 1 ...'" "$(cat "$tmp/out" "$tmp/err")"
fi
# options may come after the depth
run perft 2 --variant brazilian
if [ "$status" -eq 0 ] && [ "$(awk '{ printf "%s ", $3 }' "$tmp/out")" = "7 49 " ]; then ok; else
    bad "perft 2 --variant brazilian: expected nodes 7 49" "$(cat "$tmp/out" "$tmp/err")"
fi

# --divide: one 'MOVE COUNT' line per legal move, then 'total N'
for depth_total in 1:9 2:81 3:658; do
    depth=${depth_total%:*} total=${depth_total#*:}
    run perft --variant international --divide "$depth"
    last=$(tail -n 1 "$tmp/out")
    moves=$(sed '$d' "$tmp/out")
    sum=$(sed '$d' "$tmp/out" | awk '{ s += $2 } END { print s + 0 }')
    if [ "$status" -ne 0 ]; then
        bad "perft --divide $depth: exit status $status" "$(cat "$tmp/err")"
    elif [ "$last" != "total $total" ]; then
        bad "perft --divide $depth: last line '$last', expected 'total $total'"
    elif [ "$(printf '%s\n' "$moves" | wc -l | tr -d ' ')" -ne 9 ]; then
        bad "perft --divide $depth: expected 9 move lines" "$moves"
    elif printf '%s\n' "$moves" | grep -vqE '^[0-9]+-[0-9]+ [0-9]+$'; then
        bad "perft --divide $depth: a line is not 'MOVE COUNT'" "$moves"
    elif [ "$sum" -ne "$total" ]; then
        bad "perft --divide $depth: counts add up to $sum, total says $total"
    else
        ok
    fi
done
# the divided moves are the legal moves
run perft --variant international --divide 1
sed '$d' "$tmp/out" | awk '{ print $1 }' | sort >"$tmp/divided"
run moves --variant international
sort "$tmp/out" >"$tmp/listed"
if cmp -s "$tmp/divided" "$tmp/listed"; then ok; else
    bad "perft --divide moves differ from 'moves'" "$(tr '\n' ' ' <"$tmp/divided")" \
        "$(tr '\n' ' ' <"$tmp/listed")"
fi
# divide on a capture: PDN notation
expect_output "perft --divide on a killer capture" "46x23 1
total 1" perft --variant killer --fen W:WK46:BK28 --divide 1

# ---------------------------------------------------------------- moves

expect_output "moves killer halt" "46x23" moves --variant killer --fen W:WK46:BK28
expect_output "moves killer halt --canonical" "46x23x28" \
    moves --variant killer --fen W:WK46:BK28 --canonical
# in international the king may land anywhere beyond 28
expect_output "moves international flying king" "46x10
46x14
46x19
46x23
46x5" moves --variant international --fen W:WK46:BK28
expect_output "moves international start" "31-26
31-27
32-27
32-28
33-28
33-29
34-29
34-30
35-30" moves --variant international
expect_output "moves international start --canonical" "31-26
31-27
32-27
32-28
33-28
33-29
34-29
34-30
35-30" moves --canonical --variant international
# a two-piece capture: PDN from x to, canonical with the captured squares in order
expect_output "moves double capture" "32x14" moves --variant international --fen W:W32:B28,19
expect_output "moves double capture --canonical" "32x14x19x28" \
    moves --variant international --fen W:W32:B28,19 --canonical
# algebraic variants
expect_output "moves brazilian --canonical" "a3-b4
c3-b4
c3-d4
e3-d4
e3-f4
g3-f4
g3-h4" moves --variant brazilian --canonical
expect_output "moves brazilian capture --canonical" "c3xe5xd4" \
    moves --variant brazilian --fen W:Wc3:Bd4 --canonical
expect_output "moves russian capture uses ':'" "c3:e5" moves --variant russian --fen W:Wc3:Bd4
expect_output "moves pool (Black first)" "10-14
10-15
11-15
11-16
12-16
9-13
9-14" moves --variant pool
# a side with no move: no output, exit 0
expect_output "moves with no legal move" "" moves --variant international --fen W:W:B1
# --canonical output form in general: FROM-TO or FROMxTOxC1xC2..., sorted
run moves --variant international --canonical --fen B:W27,28,32,33,37,38,K47:B12,17,18,21,22,K3
if [ "$status" -ne 0 ] || [ ! -s "$tmp/out" ] ||
    grep -vqE '^[0-9]+(-[0-9]+|(x[0-9]+)+)$' "$tmp/out" || ! sort -c "$tmp/out" 2>/dev/null; then
    bad "moves --canonical form" "$(cat "$tmp/out" "$tmp/err")"
else
    ok
fi
# captured squares of every canonical capture in ascending order
if awk -F x 'NF > 2 { for (i = 4; i <= NF; i++) if ($i + 0 <= $(i - 1) + 0) exit 1 }' "$tmp/out"
then ok; else bad "moves --canonical: captured squares not ascending" "$(cat "$tmp/out")"; fi

# ---------------------------------------------------------------- variants

run variants
awk '{ print $1 }' "$tmp/out" | sort >"$tmp/names"
all_variants="armenian brazilian english german international italian killer killer8 pool
russian turkish"
# shellcheck disable=SC2086 # split into one name per line
printf '%s\n' $all_variants >"$tmp/want"
if [ "$status" -ne 0 ]; then
    bad "variants: exit status $status" "$(cat "$tmp/err")"
elif ! cmp -s "$tmp/names" "$tmp/want"; then
    bad "variants: expected the 11 built-in names" "$(tr '\n' ' ' <"$tmp/names")"
elif awk 'NF < 2 { exit 1 }' "$tmp/out"; then
    ok
else
    bad "variants: a line has no summary" "$(cat "$tmp/out")"
fi
# every listed variant works
for v in $all_variants; do
    run perft --variant "$v" 1
    if [ "$status" -eq 0 ] && grep -qE '^perft 1 [1-9][0-9]* ' "$tmp/out"; then ok; else
        bad "perft --variant $v 1" "$(cat "$tmp/out" "$tmp/err")"
    fi
done

# ---------------------------------------------------------------- user rules

printf 'base = international\nname = mine\nprecedence = free\n' >"$tmp/mine.rules"
run perft --rules "$tmp/mine.rules" 2
if [ "$status" -eq 0 ] && [ "$(awk '{ printf "%s ", $3 }' "$tmp/out")" = "9 81 " ]; then ok; else
    bad "perft --rules mine.rules 2" "$(cat "$tmp/out" "$tmp/err")"
fi
# free choice: the shorter capture is legal too
expect_output "moves --rules free choice" "32x14
32x21" moves --rules "$tmp/mine.rules" --fen W:W32:B27,28,19

# ---------------------------------------------------------------- errors

# malformed FEN
expect_error "malformed FEN (garbage)" "'x'" moves --variant international --fen W:W31x:B1
expect_error "malformed FEN (side)" "'X'" perft --variant international --fen X:W31:B1 1
expect_error "malformed FEN (square 51)" "'51'" moves --variant international --fen W:W51:B1
expect_error "malformed FEN (light square)" "'a2'" moves --variant brazilian --fen W:Wa2:Bb8
expect_error "malformed FEN (twice)" "'31'" moves --fen W:W31:B31
expect_error "malformed FEN (empty)" "FEN" moves --variant international --fen ""
long=$(awk 'BEGIN { for (i = 0; i < 3000; i++) printf "1,"; }')
expect_error "malformed FEN (too long)" "FEN" moves --fen "W:W$long"
# a FEN with a control character still gives one line on stderr
nl='
'
expect_error "malformed FEN (embedded newline)" "FEN" moves --fen "W:W31${nl}:B1"
# unknown variant
expect_error "unknown variant (perft)" "checkers" perft --variant checkers 1
expect_error "unknown variant (moves)" "checkers" moves --variant checkers
# bad depth
expect_error "depth 0" "'0'" perft --variant international 0
expect_error "depth -1" "'-1'" perft --variant international -1
expect_error "depth abc" "'abc'" perft --variant international abc
expect_error "depth 3x" "'3x'" perft --variant international 3x
expect_error "missing depth" "DEPTH" perft --variant international
expect_error "two depths" "'4'" perft --variant international 3 4
# unknown option
expect_error "unknown option (perft)" "--frobnicate" perft --frobnicate --variant international 1
expect_error "unknown option (moves)" "--bogus" moves --variant international --bogus
expect_error "option without value" "--fen" moves --variant international --fen
expect_error "moves with a stray argument" "'3'" moves --variant international 3
expect_error "variants with a stray argument" "'extra'" variants extra
# broken rules files
printf 'base = brazilian\nname = broken\nprecedence = most\n' >"$tmp/broken.rules"
expect_error "broken --rules (bad value)" "broken.rules:3" perft --rules "$tmp/broken.rules" 1
printf 'name = x\njust words\n' >"$tmp/noeq.rules"
expect_error "broken --rules (no '=')" "noeq.rules:2" moves --rules "$tmp/noeq.rules"
printf 'base = brazilian\nname = ortho\nman_move_dirs = forward\n' >"$tmp/ortho.rules"
expect_error "broken --rules (combination)" "ortho.rules" moves --rules "$tmp/ortho.rules"
expect_error "missing --rules file" "$tmp/missing.rules" perft --rules "$tmp/missing.rules" 1
printf 'name = x\n\000board = 8x8\n' >"$tmp/nul.rules"
expect_error "--rules file with a NUL byte" "nul.rules" moves --rules "$tmp/nul.rules"
expect_error "--rules and --variant" "--variant" \
    moves --rules "$tmp/mine.rules" --variant international

# a game cannot start from an impossible set-up (checked before the terminal)
expect_error "play from a man on its promotion row" "promotion row" play --fen "W:W1,32:B20"
expect_error "hotseat with too many men" "12" hotseat --variant english \
    --fen "B:W17-32:B1-13"
expect_error "play with no move for the side to move" "no legal move" play --variant english \
    --fen "B:W9,14:B5"

# an unknown command: exit 2, nothing on stdout, stderr names the command (the
# usage text may follow it)
run frobnicate
if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && head -n 1 "$tmp/err" | grep -qF "'frobnicate'"
then ok; else bad "unknown command" "status $status" "$(cat "$tmp/out" "$tmp/err")"; fi

# --version, and --help (or -h) for every command: its usage on stdout, status 0
run --version
{ [ "$status" -eq 0 ] && grep -Eq '^draughts [0-9]+\.[0-9]+' "$tmp/out"; } && ok ||
    bad "--version prints the version" "$(cat "$tmp/out" "$tmp/err")"
for c in play hotseat replay perft moves variants bench hub match analyse pdn annotate book keys; do
    run "$c" --help
    { [ "$status" -eq 0 ] && grep -q "^usage: draughts $c" "$tmp/out"; } && ok ||
        bad "$c --help prints its usage" "$(cat "$tmp/out" "$tmp/err")"
done
run play --variant killer -h
{ [ "$status" -eq 0 ] && grep -q "^usage: draughts play" "$tmp/out"; } && ok ||
    bad "-h after other options" "$(cat "$tmp/out" "$tmp/err")"

# analyse --depth 0 is refused by the error rule (status 2, one line)
run analyse --depth 0
{ [ "$status" -eq 2 ] && [ "$(lines "$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ]; } && ok ||
    bad "analyse --depth 0 is refused" "$(cat "$tmp/out" "$tmp/err")"

# book: bad usage by the error rule; build grows a file and resumes it; show
# prints the moves of a position, a book's own first
expect_error "book without build or show" "build or show" book
expect_error "book with too few nodes" "--nodes" book build --variant english --nodes 5
expect_error "book with an unknown option" "'--frob'" book show --frob 1
expect_error "book of an unknown variant" "checkers" book show --variant checkers
expect_error "book show of a bad move" "'99-1'" book show --variant english --moves "99-1"
run book build --variant english --positions 3 --nodes 2000 --book "$tmp/e.book"
{ [ "$status" -eq 0 ] && grep -q '^wrote .*: 3 positions' "$tmp/out" &&
  [ "$(grep -vc '^#' "$tmp/e.book")" -eq 3 ]; } && ok ||
    bad "book build writes 3 positions" "$(cat "$tmp/out" "$tmp/err")"
run book build --variant english --positions 5 --nodes 2000 --book "$tmp/e.book"
{ [ "$status" -eq 0 ] && grep -q ': 3 positions, growing to 5' "$tmp/out" &&
  [ "$(grep -vc '^#' "$tmp/e.book")" -eq 5 ]; } && ok ||
    bad "book build resumes the file" "$(cat "$tmp/out" "$tmp/err")"
run book show --variant english --book "$tmp/e.book"
{ [ "$status" -eq 0 ] && [ "$(lines "$tmp/out")" -eq 7 ] && grep -q 'book line' "$tmp/out"; } && ok ||
    bad "book show lists the start's seven moves" "$(cat "$tmp/out" "$tmp/err")"
printf '| 12-16 5 x 3\n' > "$tmp/bad.book"
expect_error "a damaged book names its line" "bad.book:1" book show --variant english --book "$tmp/bad.book"

# the README's key list is the output of `draughts keys`, made from the
# table the board's help (?) and key bar are made from
readme="$(dirname "$0")/../README.md"
run keys
sed -n '/^<!-- keys:/,/^<!-- end of keys -->/p' "$readme" | sed '1d;$d' > "$tmp/readme_keys"
if [ "$status" = 0 ] && [ -s "$tmp/out" ] && cmp -s "$tmp/out" "$tmp/readme_keys"; then ok; else
    bad "README.md's key list differs from 'draughts keys' (paste its output there)" \
        "$(diff "$tmp/readme_keys" "$tmp/out" | head -5)"
fi
expect_error "keys takes no arguments" "takes no arguments" keys extra

printf '%d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
