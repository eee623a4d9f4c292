#!/bin/sh
# The replay screen's study tools under tmux: the live analysis follows the
# position shown, the evaluation bar and the key a.  Every check polls the
# screen with a time limit.
#
# usage: sh test_analysis.sh PATH/TO/draughts
# Exit status 77 (a skip for ctest) when tmux is not installed.

. "$(dirname "$0")/lib.sh"

# wait_re SESSION REGEX [SECONDS]: like wait_for, for an extended regex
# (in UTF-8, so that a bracket matches one block character)
wait_re() {
    deadline=$(($(now_ms) + ${3:-10} * 1000))
    until screen "$1" | LC_ALL=C.UTF-8 grep -qE -- "$2"; do
        [ "$(now_ms)" -lt "$deadline" ] || return 1
        sleep 0.05
    done
}
expect_re() { # expect_re SESSION REGEX WHAT [SECONDS]
    if wait_re "$1" "$2" "${4:-10}"; then ok; else bad "$3 (no /$2/ on the screen)" "$1"; fi
}

SCORE='Analysis  depth [0-9]+  ([-+]?[0-9]+\.[0-9][0-9]|#-?[0-9]+)'

# 2. 31-27 gives away two men (21x23 takes 27 and 32)
cat > "$tmp/blunder.pdn" <<'EOF'
[Event "Analysis test"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[GameType "20"]

1. 32-28 17-21 2. 31-27 21x23 3. 37-32 11-17 4. 34-29 23x34 5. 40x29 *
EOF

# ---- the live analysis follows the position shown ----
t0=$(now_ms)
start blunder replay "$tmp/blunder.pdn"
s=$session
expect "$s" "(ply 0 of 9)" "replay starts at the beginning"
expect_re "$s" "$SCORE" "the analysis pane shows a depth and a score" 5
expect_re "$s" "line: 1\. [0-9]+-[0-9]+" "the line starts with White's first move" 5
echo "replay to a first analysis (with tmux round trips): $(($(now_ms) - t0)) ms"
expect_re "$s" "[0-9.]+[kM]? nodes  [0-9.]+[kM]? nps" "nodes and speed" 5
expect "$s" "██" "the evaluation bar: White's share" 3
expect "$s" "░░" "the evaluation bar: Black's share" 3
# a step stops the search and starts another: the screen must not wait
k0=$(now_ms)
keys "$s" .
if wait_for "$s" "(ply 1 of 9)" 3; then
    ok
    k1=$(now_ms)
    echo "a step while the engine thinks, to a redrawn screen (with tmux round trips): $((k1 - k0)) ms"
    [ $((k1 - k0)) -lt 1000 ] && ok || bad "a step took $((k1 - k0)) ms"
else
    bad "a step forward" "$s"
fi
expect_re "$s" "line: 1\.\.\. [0-9]+-[0-9]+" "the analysis moves on: Black's move now" 5
expect_re "$s" "$SCORE" "a depth and a score for the new position" 5
keys "$s" . .
expect "$s" "(ply 3 of 9)" "on to the blunder"
expect_re "$s" "line: 2\.\.\. 21x23" "the analysis sees the capture that punishes it" 5
expect_re "$s" "depth [0-9]+  -[1-9]" "and Black well ahead" 10
keys "$s" a
expect "$s" "Analysis off (a: on)" "a turns the analysis off"
keys "$s" a
expect_re "$s" "$SCORE" "a turns it on again" 5
keys "$s" Home
expect "$s" "(ply 0 of 9)" "Home goes back to the start"
expect_re "$s" "line: 1\. " "the analysis follows Home" 5
keys "$s" "?"
expect "$s" "analysis of the position on/off" "the help lists a"
keys "$s" x
keys "$s" q
expect "$s" "[exit 0]" "q quits while the engine thinks" 3

# ---- ASCII: the same in plain characters ----
start ascii replay --ascii "$tmp/blunder.pdn"
s=$session
expect_re "$s" "$SCORE" "ASCII: the analysis pane" 5
expect "$s" "##" "ASCII: the bar in #" 3
keys "$s" q
expect "$s" "[exit 0]" "ASCII: q quits"

# ---- against the computer: no analysis ----
start computer play --variant international --level 1
s=$session
expect "$s" "Your move (White)" "a game against the computer"
keys "$s" a
expect "$s" "No analysis against the computer" "a says why not"
if screen "$s" | grep -q "Analysis"; then
    bad "no analysis pane against the computer" "$s"
else
    ok
fi
keys "$s" q
expect "$s" "[exit 0]" "q quits the game"

echo "test_analysis: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
