#!/bin/sh
# The replay screen's study tools under tmux: the live analysis follows the
# position shown, the evaluation bar, the score graph, the marked moves and
# the keys a, ] and [.  Every check polls the screen with a time limit.
#
# usage: sh test_analysis.sh PATH/TO/draughts [SHARED_DIR]
# Exit status 77 (a skip for ctest) when tmux is not installed.

. "$(dirname "$0")/lib.sh"
SHARED=${2:-}

SCORE='Analysis  depth [0-9]+  ([-+]?[0-9]+\.[0-9][0-9]|#-?[0-9]+)'
GRAPH='[▁▂▃▄▅▆▇█·]{10}'

# 2. 31-27 gives away two men (21x23 takes 27 and 32); the file does not
# say so: the background pass finds it.
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
expect_re "$s" "$GRAPH" "a graph of the ten positions" 5
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
# the pass scores the line and marks the blunder (the moves before it may
# get an ?! by the evaluation of the day); from the move before, ] goes to it
expect "$s" "31-27??" "the blunder found by the pass is listed" 15
keys "$s" .
expect "$s" "(ply 2 of 9)" "a step to the move before the blunder"
keys "$s" "]"
expect "$s" "Marked move 2. 31-27??: ply 3 of 9." "] jumps to the marked move"
expect "$s" "(ply 3 of 9)" "the board is after the marked move"
expect_re "$s" "line: 2\.\.\. 21x23" "the analysis sees the capture that punishes it" 5
expect_re "$s" "depth [0-9]+  -[1-9]" "and Black well ahead" 10
keys "$s" a
expect "$s" "Analysis off (a: on)" "a turns the analysis off"
expect "$s" "░░" "the bar keeps the graph's score while the analysis is off" 3
keys "$s" a
expect_re "$s" "$SCORE" "a turns it on again" 5
keys "$s" Home
expect "$s" "(ply 0 of 9)" "Home goes back to the start"
expect_re "$s" "line: 1\. " "the analysis follows Home" 5
keys "$s" "?"
expect "$s" "analysis on/off / the next, previous marked move" "the help lists a, ] and ["
keys "$s" x
keys "$s" q
expect "$s" "[exit 0]" "q quits while the engine thinks" 3

# ---- the file's own scores and marks: no pass needed ----
cat > "$tmp/scored.pdn" <<'EOF'
[Event "Scored"]
[White "Carol"]
[Black "Dave"]
[Result "*"]
[GameType "20"]

1. 32-28 {[%eval 0.10]} 19-23? {[%eval 0.05]} 2. 28x19 {[%eval 0.12]} 14x23 {[%eval 2.50]}
3. 37-32 {[%eval 2.40] [%clk 0:01:00] a quiet move} *
EOF
start scored replay "$tmp/scored.pdn"
s=$session
keys "$s" a
expect "$s" "Analysis off (a: on)" "analysis off from the start"
expect "$s" "Marked ([ ]: go): 1... 19-23?," "the file's own mark is listed" 5
expect "$s" "14x23??" "a blunder by the file's scores is listed" 5
expect_re "$s" "·[▁▂▃▄▅▆▇█]{5}" "the graph from the file's scores (none for the start)" 5
keys "$s" "["
expect "$s" "Marked move 2... 14x23??: ply 4 of 5." "[ goes round to the last marked move"
keys "$s" "["
expect "$s" "Marked move 1... 19-23?: ply 2 of 5." "[ again: the one before"
keys "$s" End
expect "$s" "a quiet move" "the comment is shown"
if screen "$s" | grep -qF "[%"; then bad "the [%eval]/[%clk] of programs are shown" "$s"; else ok; fi
keys "$s" q
expect "$s" "[exit 0]" "q quits"

# ---- ASCII: the same in plain characters ----
start ascii replay --ascii "$tmp/blunder.pdn"
s=$session
expect_re "$s" "$SCORE" "ASCII: the analysis pane" 5
expect "$s" "##" "ASCII: the bar in #" 3
expect_re "$s" "[_,.~=^#-]{10}" "ASCII: the graph" 15
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

# ---- a real file with a few scores of its own ----
if [ -n "$SHARED" ] && [ -f "$SHARED/data/pdn/succeed/windragon.pdn" ]; then
    start windragon replay "$SHARED/data/pdn/succeed/windragon.pdn"
    s=$session
    expect "$s" "(ply 0 of 152)" "windragon.pdn: a long game"
    expect_re "$s" "$SCORE" "windragon.pdn: the analysis pane" 5
    expect_re "$s" "$GRAPH" "windragon.pdn: 152 plies in one row" 5
    keys "$s" End
    expect "$s" "(ply 152 of 152)" "windragon.pdn: End"
    expect_re "$s" "Analysis" "windragon.pdn: the analysis at the end" 5
    keys "$s" q
    expect "$s" "[exit 0]" "windragon.pdn: q quits" 3
else
    echo "SKIP: the shared PDN files are not at ${SHARED:-(no directory given)}/data/pdn; the real-file check is left out"
fi

echo "test_analysis: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
