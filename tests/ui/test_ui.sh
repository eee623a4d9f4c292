#!/bin/sh
# End-to-end tests of the ncurses UI: the real program in a tmux pane of a
# fixed size, driven with send-keys and read back with capture-pane.
#
# usage: sh test_ui.sh PATH/TO/draughts
# Exit status 77 (a skip for ctest) when tmux is not installed.

. "$(dirname "$0")/lib.sh"

# ---- international against the computer: cursor moves, engine, undo ----
t0=$(now_ms)
start intl play --variant international --level 1
if wait_for "$session" "Your move (White)" 5; then
    ok
    t1=$(now_ms)
    echo "startup to a drawn board (with tmux round trips): $((t1 - t0)) ms"
    [ $((t1 - t0)) -lt 2000 ] && ok || bad "startup took $((t1 - t0)) ms"
else
    bad "international: no board" "$session"
fi
s=$session
expect "$s" "46" "square numbers on the 10x10 board"
# the cursor steps between playing squares only: right from 31 is 32; up,
# up from 31 zig-zags up its column to 21; down, down back to 31
keys "$s" l Enter
expect "$s" "The man on 32 can go to 27 or 28" "the cursor steps sideways to the next playing square"
keys "$s" Escape h k k Enter
expect "$s" "There is no piece on 21" "Up, Up keeps to the cursor's column"
keys "$s" j j
# the cursor starts on the first piece that can move (31): pick it up
keys "$s" Enter
expect "$s" "The man on 31 can go to 26 or 27" "picking up a man shows its targets"
# up and left is a5 = 26; put it down there
keys "$s" k h Enter
expect "$s" "The computer played" "the engine answers a move made with the cursor"
expect "$s" "book move" "the engine's first reply comes from its opening book"
expect "$s" "1. 31-26" "the move list shows the move in PDN"
keys "$s" u
expect "$s" "(no moves yet)" "undo against the computer takes back the move pair"
# the level changes during the game
keys "$s" +
expect "$s" "Level 2 (" "+ makes the computer stronger"
expect "$s" "against level 2" "the title shows the new level"
keys "$s" - -
expect "$s" "The level is already the weakest (1 of 6)." "- stops at level 1"
# a refused move explains itself
keys "$s" m
expect "$s" "Your move (e.g." "m opens the move prompt"
text "$s" "33-27"
keys "$s" Enter
expect "$s" "cannot go to 27; it can go to 28 or 29" "an illegal typed move is explained"
keys "$s" Enter
expect "$s" "There is no piece on" "picking up an empty square is explained" 3
# flip and the key latency
k0=$(now_ms)
keys "$s" f
if wait_for "$s" "(board flipped)" 3; then
    ok
    echo "a key to a redrawn screen (with tmux round trips): $(($(now_ms) - k0)) ms"
else
    bad "f flips the board" "$s"
fi
keys "$s" F
expect "$s" "W:W31,32,33" "F shows the FEN"
keys "$s" Escape
keys "$s" "?"
expect "$s" "Keys (any key closes)" "? opens the key help"
expect "$s" "offer a draw" "the help lists every key"
expect "$s" "back where it branched off" "a wide terminal shows the help's lines whole"
keys "$s" x
gone "$s" "Keys (any key closes)" 3 && ok || bad "any key closes the help" "$s"
keys "$s" q
expect "$s" "[exit 0]" "q quits"
if screen "$s" | grep -q "Your move"; then bad "the terminal is restored after q" "$s"; else ok; fi

# ---- italian: typed moves, a resize ----
start italian play --variant italian --level 1
s=$session
expect "$s" "Your move (White)" "italian board"
text "$s" "21-17"
keys "$s" Enter
expect "$s" "The computer played" "italian: the engine answers a typed move"
expect "$s" "1. 21-17" "italian: the typed move is in the list"
$T resize-window -t "$s" -x 50 -y 14
expect "$s" "too small" "a small terminal gets a message, not a garbled board"
$T resize-window -t "$s" -x 30 -y 14
expect "$s" "The terminal is too small" "a narrow terminal wraps the message by word"
expect "$s" " for the board." "a narrow terminal wraps the message by word, second row"
$T resize-window -t "$s" -x 60 -y 40
expect "$s" "Your move" "the board comes back at 60 columns"
keys "$s" "?"
expect "$s" "replay: leave the variation, back" "the help wraps its lines on a narrow terminal"
expect "$s" "where it branched off" "the help wraps its lines on a narrow terminal, second row"
keys "$s" x x x x x x x
$T resize-window -t "$s" -x 120 -y 40
expect "$s" "Your move" "the board comes back after the terminal grows"
keys "$s" q
expect "$s" "[exit 0]" "italian: q quits"

# ---- the help a page at a time on a short terminal (issue 18 item 2) ----
start helppages hotseat --variant international
s=$session
expect "$s" "White to move" "a board for the help"
$T resize-window -t "$s" -x 100 -y 20
keys "$s" "?"
expect "$s" "Keys, page 1 of " "a help longer than the terminal is paged"
expect "$s" "(any key: next page)" "the title says a key turns the page"
expect "$s" "move the cursor" "page 1 starts with the first keys"
if screen "$s" | grep -q "hint: the computer suggests a move"; then
    bad "page 1 shows only its own rows" "$s"
else
    ok
fi
keys "$s" x
expect "$s" "Keys, page 2 of " "a key shows page 2"
gone "$s" "move the cursor" 3 && ok || bad "page 2 no longer shows page 1's rows" "$s"
i=0
while ! screen "$s" | grep -qF "(any key: close)" && [ $i -lt 10 ]; do
    keys "$s" x
    sleep 0.2
    i=$((i + 1))
done
expect "$s" "(any key: close)" "the last page says a key closes it"
expect "$s" "black king" "the last page ends with the pieces' row"
keys "$s" x
gone "$s" "Keys, page" 3 && ok || bad "a key on the last page closes the help" "$s"
expect "$s" "White to move" "the board is back after the help"
keys "$s" q
expect "$s" "[exit 0]" "help pages: q quits"

# ---- armenian: the full board, Tab to a target ----
start armenian play --variant armenian --level 1
s=$session
expect "$s" "Your move (White)" "armenian board"
keys "$s" Enter
expect "$s" "The man on a3 can go to a4 or b4" "armenian: a man's targets"
keys "$s" Tab Enter
expect "$s" "The computer played" "armenian: the engine answers"
expect "$s" "1. a3-a4" "armenian: algebraic move in the list"
keys "$s" q
expect "$s" "[exit 0]" "armenian: q quits"

# ---- the engine is told to move now while it thinks (level 6: 15 s) ----
# (book = off in the config: from the start it would answer from its book)
mkdir -p "$tmp/config/draughts"
printf 'book = off\n' > "$tmp/config/draughts/config"
start movenow play --variant international --level 6
s=$session
expect "$s" "Your move (White)" "level 6 board"
keys "$s" m
text "$s" "32-28"
keys "$s" Enter
expect "$s" "is thinking" "the engine thinks" 5
keys "$s" f
expect "$s" "(board flipped)" "keys work while the engine thinks" 2
keys "$s" g
expect "$s" "The computer played" "g makes the engine move now" 3
# back to the start (a move pair), so that the engine has a real choice
keys "$s" u
expect "$s" "(no moves yet)" "undo of the move pair" 3
text "$s" "31-27"
keys "$s" Enter
expect "$s" "is thinking" "the engine thinks again" 5
keys "$s" u
expect "$s" "Taken back" "undo while the engine thinks takes back the move" 3
expect "$s" "(no moves yet)" "and the board is back at the start" 3
text "$s" "34-30"
keys "$s" Enter
expect "$s" "is thinking" "and thinks once more" 5
keys "$s" q
expect "$s" "[exit 0]" "q while the engine thinks quits at once" 3
grep -q '^book = off' "$tmp/config/draughts/config" && ok || bad "the config keeps book = off"
rm -f "$tmp/config/draughts/config"

# ---- the game clock (the clock model's own cases are in test_clock) ----
start clock hotseat --variant international --clock 1+5
s=$session
expect "$s" "1:00" "both clocks start at a minute"
keys "$s" m
text "$s" "32-28"
keys "$s" Enter
expect "$s" "1:05" "a move adds the increment to the mover's clock"
sleep 2
expect "$s" "0:58" "then the other side's time runs"
keys "$s" u
expect "$s" "Taken back" "undo"
sleep 1.2
expect "$s" "1:04" "after an undo White's time runs again, from where it stood"
keys "$s" q

# ---- compulsory captures ----
start majority hotseat --variant international --fen "W:W28,39:B23,14,34"
s=$session
expect "$s" "You must capture: majority rule, take 2" "the compulsory capture is announced"
keys "$s" m
text "$s" "39x30"
keys "$s" Enter
expect "$s" "majority rule, take 2; this capture takes only 1" "the majority rule explains itself"
keys "$s" q
start italianrule hotseat --variant italian --fen "W:WK22,23:B18,19,1"
s=$session
keys "$s" m
text "$s" "23x14"
keys "$s" Enter
expect "$s" "Italian precedence: when captures take as many pieces, the king must capture" \
    "the Italian precedence explains itself"
keys "$s" q
start mankings hotseat --variant italian --fen "W:W23,30:BK19,1"
s=$session
keys "$s" m
text "$s" "23x14"
keys "$s" Enter
expect "$s" "a man cannot take a king" "Italian men do not take kings, and say so"
keys "$s" q
# the cursor keeps a square's marks in sight (issue 18 item 7): on 28, the
# one man that must capture, the cursor's [ stands left of the man, the !
# of the compulsory capture right of it, and the square's number above
start marks hotseat --variant international --fen "W:W28,39:B23,14,34"
s=$session
expect "$s" "You must capture: majority rule, take 2" "a position with a compulsory capture"
expect "$s" "[▗▄▄▄▖!" "the ! mark shows beside the cursor's bracket"
# the row and column of the cursor's cell (one character a column), and the
# text of the row above it from that column on
above=$(screen "$s" | LC_ALL=C.UTF-8 sed 's/[^ -~]/?/g' |
    awk '{ i = index($0, "[?????!"); if (i && !r) { r = NR; c = i; print substr(prev, c, 2) } prev = $0 }')
[ "$above" = "28" ] && ok || bad "the number 28 shows above the cursor (found '$above')" "$s"
keys "$s" l
expect "$s" "[ ]" "the cursor moves on to the empty square 29"
expect "$s" " ▗▄▄▄▖!" "the ! stays on 28 without the cursor"
keys "$s" h
expect "$s" "[▗▄▄▄▖!" "and shows with the cursor back on 28"
keys "$s" q

# (a king on c1: no man may stand on its promotion row)
start chooser hotseat --variant brazilian --fen "W:WKh2:Be3,d2,h4,f2,c5,Kc1,d4,f4"
s=$session
keys "$s" m
text "$s" "h2-g3"
keys "$s" Enter
expect "$s" "Which capture?" "two captures with the same start and end: a choice"
keys "$s" 2
expect "$s" "White played h2xd6xb4xe1xg3" "the chosen capture path is played"
keys "$s" q

# a capture entered square by square: the king on 38 takes 32 landing on
# 27, 22 landing on 18, then 29 to end on 45 (45 alone would be a choice:
# by 21 and 12 it takes 17 instead of 22).  Tab steps through the targets
# in order, Enter puts the king down on each.
start capturepath hotseat --variant international --fen "W:WK38:B17,22,29,32"
s=$session
expect "$s" "You must capture" "a flying king's capture with two routes to 45"
keys "$s" Enter
expect "$s" "The king on 38 can go to 21, 27, 34, 40 or 45" \
    "the squares a capture lands on first are targets too"
keys "$s" Tab Tab Enter
expect "$s" "The king on 38 lands on 27 and can go on to 18, 34, 40 or 45" \
    "a landing square entered: the squares it goes on to"
# 27's cell (7x3 from column 2, row 2 at 120x40): column 19, row 18
mark=$(screen "$s" | LC_ALL=C.UTF-8 sed 's/[^ -~]/?/g' | sed -n 19p | cut -c20)
[ "$mark" = "*" ] && ok || bad "the landing square 27 is marked * (found '$mark')" "$s"
keys "$s" Enter
expect "$s" "The king on 38 has landed on 27; it can go on to 18, 34, 40 or 45" \
    "the square it stands on is no square to go on to"
keys "$s" Tab Enter
expect "$s" "The king on 38 lands on 18 and can go on to 34, 40 or 45" "a second landing square"
keys "$s" Tab Tab Tab Enter
expect "$s" "White played 38x27x18x45" "the capture entered square by square is played"
keys "$s" q

# ---- the mouse (xterm X10 reports: ESC [ M button x+33 y+33) ----
# at 120x40 the 10x10 cells are 7x3 from column 2, row 2: the man on 32
# is drawn at column 26, row 21, and square 28 at column 33, row 18
start mouse hotseat --variant international
s=$session
expect "$s" "White to move" "board for the mouse"
text "$s" "$(printf '\033[M ;6')"
expect "$s" "The man on 32 can go to 27 or 28" "a click picks a piece up"
text "$s" "$(printf '\033[M#;6')"
text "$s" "$(printf '\033[M B3')"
expect "$s" "White played 32-28" "a click on a target puts it down"
# hot-seat: the other player answers a draw offer
keys "$s" d
expect "$s" "Offer a draw? (y/n)" "d asks before offering a draw"
keys "$s" y
expect "$s" "Black offers a draw. White, do you accept? (y/n)" "a draw offer asks the opponent"
keys "$s" n
expect "$s" "White declines the draw" "a declined draw is announced"
keys "$s" R
expect "$s" "Resign this game? (y/n)" "resigning asks first"
keys "$s" y
expect "$s" "White wins: Black resigned" "resignation ends the game"
keys "$s" n
expect "$s" "New game. White moves first." "n starts a new game"
keys "$s" t
expect "$s" "Hint: " "t gives a hint" 5
keys "$s" q

# ---- a click on a move of the list goes back to it (issue 18 item 12) ----
start movelist hotseat --variant international
s=$session
expect "$s" "White to move" "board for the move list"
for m in 32-28 19-23 28x19 14x23; do keys "$s" m; text "$s" "$m"; keys "$s" Enter; sleep 0.2; done
expect "$s" "Black played 14x23" "four moves typed"
# where the list drew White's first move: row and column, 0-based (each
# character one column: the board's glyphs are several bytes)
at=$(screen "$s" | LC_ALL=C.UTF-8 sed 's/[^ -~]/?/g' | awk '{ i = index($0, " 32-28"); if (i && !r) { r = NR - 1; c = i } } END { print r, c }')
row=${at% *}
col=${at#* }
text "$s" "$(printf '\033[M ')$(awk -v c="$col" -v r="$row" 'BEGIN { printf "%c%c", c + 33, r + 33 }')"
expect "$s" "Move 1 (White): ply 1 of 4." "a click on move 1 goes back to it"
expect "$s" "Black to move" "the position after 32-28"
keys "$s" End
expect "$s" "White to move" "End returns to the end of the line"
# back to move 1 again, and play on from there: another answer replaces
# the rest of the line (the list is found anew; the first click's release
# goes first, each report sent on its own)
at=$(screen "$s" | LC_ALL=C.UTF-8 sed 's/[^ -~]/?/g' | awk '{ i = index($0, " 32-28"); if (i && !r) { r = NR - 1; c = i } } END { print r, c }')
row=${at% *}
col=${at#* }
cell=$(awk -v c="$col" -v r="$row" 'BEGIN { printf "%c%c", c + 33, r + 33 }')
text "$s" "$(printf '\033[M#')$cell"
text "$s" "$(printf '\033[M ')$cell"
expect "$s" "Move 1 (White): ply 1 of 4." "a click on move 1 goes back to it again"
keys "$s" m
text "$s" "18-22"
keys "$s" Enter
expect "$s" "Black played 18-22" "a move played on from the clicked position"
expect "$s" "1. 32-28               18-22" "the list holds the new answer to move 1"
gone "$s" "28x19" 3 && ok || bad "the rest of the old line is gone from the list" "$s"
keys "$s" m
text "$s" "33-29"
keys "$s" Enter
expect "$s" "White played 33-29" "and the game goes on from the new line"
keys "$s" F
expect "$s" "B:W28,29,31,34," "the board agrees: 32-28 18-22 33-29"
expect "$s" ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,19,20,22" "Black's man went 18-22"
keys "$s" Escape q

# ---- analysis on demand between two players (issue 18 item 12) ----
start hsanalysis hotseat --variant international
s=$session
expect "$s" "Analysis off (a: on)" "a hot-seat game offers the analysis"
keys "$s" a
expect_re "$s" "Analysis  depth [0-9]+  ([-+]?[0-9]+\.[0-9][0-9]|#-?[0-9]+)" \
    "a shows the engine's depth and score" 5
expect_re "$s" "line: 1\. [0-9]+-[0-9]+ [0-9]+-[0-9]+" "and its line from White's move" 5
keys "$s" m
text "$s" "32-28"
keys "$s" Enter
expect "$s" "White played 32-28" "a move with the analysis on"
expect_re "$s" "line: 1\.\.\. [0-9]+-[0-9]+" "the analysis follows: Black's move now" 5
keys "$s" a
expect "$s" "Analysis off (a: on)" "a turns it off"
keys "$s" q
expect "$s" "[exit 0]" "hot-seat analysis: q quits"

# ---- hot-seat to a finished game ----
start killer hotseat --variant killer --fen "W:W28:B23"
s=$session
expect "$s" "White to move" "hot-seat from a FEN"
keys "$s" m
text "$s" "28x19"
keys "$s" Enter
expect "$s" "GAME OVER" "the end of the game is announced"
expect "$s" "White wins: Black has no legal move" "with its result and reason"
keys "$s" u
expect "$s" "White to move" "a finished game can be taken back"
keys "$s" q
expect "$s" "[exit 0]" "hot-seat: q quits"

# ---- ASCII and monochrome ----
start ascii play --variant international --level 1 --ascii --no-color
s=$session
expect "$s" "Your move" "ASCII board"
if screen "$s" | grep -q ' b ' && screen "$s" | grep -q ' w '; then ok; else
    bad "ASCII pieces w and b" "$s"; fi
if screen "$s" | LC_ALL=C grep -q '[^ -~]'; then bad "--ascii draws only ASCII" "$s"; else ok; fi
if $T capture-pane -e -p -t "$s" | grep -q '\[3[0-9];5;\|\[4[0-9];5;\|\[3[0-7]m\|\[4[0-7]m'; then
    bad "--no-color draws without colours" "$s"
else
    ok
fi
keys "$s" q
EXTRA_ENV="NO_COLOR=1"
start nocolor play --variant english --level 1
EXTRA_ENV=""
s=$session
expect "$s" "Black" "NO_COLOR board"
if $T capture-pane -e -p -t "$s" | grep -q '\[3[0-9];5;\|\[4[0-9];5;'; then
    bad "NO_COLOR draws without colours" "$s"
else
    ok
fi
keys "$s" q
EXTRA_ENV="LANG=C LC_ALL=C"
start clocale play --variant international --level 1
EXTRA_ENV=""
s=$session
expect "$s" "Your move" "C locale board"
if screen "$s" | LC_ALL=C grep -q '[^ -~]'; then bad "a C locale falls back to ASCII" "$s"; else ok; fi
keys "$s" q

# ---- save, autosave, resume from the start screen ----
start save play --variant italian --level 1
s=$session
expect "$s" "Your move (White)" "board for saving"
keys "$s" m
text "$s" "22-18"
keys "$s" Enter
expect "$s" "The computer played" "a move to save"
keys "$s" s
expect "$s" "Save the game (PDN) to:" "s asks where to save"
keys "$s" C-u
text "$s" "$tmp/saved.pdn"
keys "$s" Enter
expect "$s" "Saved to" "the game is saved"
grep -q "22-18" "$tmp/saved.pdn" 2>/dev/null && ok || bad "the saved PDN holds the move"
keys "$s" q
expect "$s" "[exit 0]" "save: q quits"
grep -q "22-18" "$tmp/data/draughts/autosave.pdn" 2>/dev/null && ok ||
    bad "the autosave holds the game"
start resume
s=$session
expect "$s" "Continue the last game" "the start screen offers the last game"
keys "$s" Enter
expect "$s" "1. 22-18" "the last game continues where it was"
keys "$s" q
expect "$s" "Continue the last game" "q goes back to the start screen"
keys "$s" q
expect "$s" "[exit 0]" "q on the start screen quits"

# ---- a typed number that is no square says so (issue 18) ----
start nosq play --variant killer --level 1
s=$session
expect "$s" "Your move (White)" "killer board"
keys "$s" m
text "$s" "51-46"
keys "$s" Enter
expect "$s" "'51' is not a square of killer (1-50)." "a number past the board is named"
keys "$s" q

# ---- autosave failures are said, and nothing is lost (issue 15) ----
# XDG_DATA_HOME is a regular file: the game goes to the fallback the board names
: > "$tmp/notadir"
EXTRA_ENV="XDG_DATA_HOME=$tmp/notadir"
start nodir play --variant italian --level 1
EXTRA_ENV=
s=$session
expect "$s" "Autosave in $tmp/home/draughts-autosave.pdn" "the board names the fallback"
expect "$s" "(cannot use $tmp/notadir/draughts" "and says why"
keys "$s" m
text "$s" "22-18"
keys "$s" Enter
expect "$s" "The computer played" "a move to autosave in the fallback"
keys "$s" q
expect "$s" "[exit 0]" "the game without its autosave directory quits"
grep -q "22-18" "$tmp/home/draughts-autosave.pdn" 2>/dev/null && ok ||
    bad "the game is kept in the fallback"
rm -f "$tmp/home/draughts-autosave.pdn"
# a damaged autosave: said, kept aside, what can be read offered
cp "$tmp/data/draughts/autosave.pdn" "$tmp/good.pdn"
head -c "$(($(wc -c < "$tmp/good.pdn") - 4))" "$tmp/good.pdn" > "$tmp/data/draughts/autosave.pdn"
printf '1. 99-98 zz *\n' >> "$tmp/data/draughts/autosave.pdn"
start damaged
s=$session
expect "$s" "Autosave damaged: kept as" "a damaged autosave is reported"
expect "$s" "Continue the last game" "what could be read of it is offered"
[ -e "$tmp/data/draughts/autosave.pdn.unreadable" ] && ok || bad "the damaged autosave is kept aside"
keys "$s" q
expect "$s" "[exit 0]" "quit the start screen"
# random bytes: unreadable, kept aside beside the first (never over it)
head -c 3000 /dev/urandom > "$tmp/data/draughts/autosave.pdn"
start random
s=$session
expect "$s" "Autosave unreadable: kept as" "a random autosave is reported"
expect "$s" "(none to continue)" "and nothing is offered"
[ -e "$tmp/data/draughts/autosave.pdn.unreadable-2" ] && ok ||
    bad "the second unreadable autosave does not replace the first"
keys "$s" q
rm -f "$tmp/data/draughts/autosave.pdn.unreadable"*
cp "$tmp/good.pdn" "$tmp/data/draughts/autosave.pdn"

# ---- SIGTERM: autosave and the terminal restored ----
start sigterm play --variant russian --level 1
s=$session
expect "$s" "Your move (White)" "board before SIGTERM"
keys "$s" m
text "$s" "c3-d4"
keys "$s" Enter
expect "$s" "The computer played" "a move before SIGTERM"
pane=$($T display-message -p -t "$s" '#{pane_pid}')
pid=$(ps -o pid= --ppid "$pane" | head -1 | tr -d ' ')
if [ -n "$pid" ]; then
    kill -TERM "$pid"
    expect "$s" "[exit 143]" "SIGTERM ends the program"
    grep -q "c3-d4" "$tmp/data/draughts/autosave.pdn" 2>/dev/null && ok ||
        bad "SIGTERM autosaves the game"
else
    bad "no program to signal" "$s"
fi

# ---- Ctrl-C: autosave and the terminal restored ----
start ctrlc play --variant brazilian --level 1
s=$session
expect "$s" "Your move (White)" "board before Ctrl-C"
keys "$s" m
text "$s" "c3-b4"
keys "$s" Enter
expect "$s" "The computer played" "a move before Ctrl-C"
keys "$s" C-c
expect "$s" "[exit 130]" "Ctrl-C ends the program"
grep -q "c3-b4" "$tmp/data/draughts/autosave.pdn" 2>/dev/null && ok ||
    bad "Ctrl-C autosaves the game"
if screen "$s" | grep -q "Your move"; then bad "the terminal is restored after Ctrl-C" "$s"; else ok; fi

# ---- SIGHUP (the terminal went away): autosave ----
start sighup hotseat --variant turkish
s=$session
expect "$s" "White to move" "board before SIGHUP"
keys "$s" m
text "$s" "a3-a4"
keys "$s" Enter
expect "$s" "White played a3-a4" "a move before SIGHUP"
pane=$($T display-message -p -t "$s" '#{pane_pid}')
pid=$(ps -o pid= --ppid "$pane" | head -1 | tr -d ' ')
if [ -n "$pid" ]; then
    kill -HUP "$pid"
    expect "$s" "[exit 129]" "SIGHUP ends the program"
    grep -q "a3-a4" "$tmp/data/draughts/autosave.pdn" 2>/dev/null && ok ||
        bad "SIGHUP autosaves the game"
else
    bad "no program to signal" "$s"
fi

# ---- the start screen: choices and the config ----
rm -f "$tmp/data/draughts/autosave.pdn"
start menu
s=$session
expect "$s" "Play against the computer" "the start screen"
expect "$s" "killer8" "every variant is listed"
expect "$s" "Armenian draughts (Tama)" "with its description"
expect "$s" "(*) killer " "the first start offers Killer"
# moving over the lists chooses nothing, and the list does not wrap: Up at
# the top stays there, and Down x7 passes the modes without choosing one
keys "$s" Up Down Down Down Down Down Down Down
expect "$s" "(*) Play against the computer" "passing over a choice does not choose it"
expect "$s" "(*) killer " "passing over the variants does not choose one"
keys "$s" Space
expect "$s" "(*) german " "Space chooses the highlighted variant"
keys "$s" Up Up Up Up Up Up Up Up Up Up Up
expect "$s" "(*) german " "Up to the top chooses nothing on the way"
keys "$s" Down Space
expect "$s" "(*) Two players at this keyboard" "choose hot-seat"
keys "$s" Enter
expect "$s" "two players" "a hot-seat game starts"
keys "$s" m
text "$s" "c3-d4"
keys "$s" Enter
expect "$s" "White played c3-d4" "a move in the hot-seat game"
keys "$s" q
expect "$s" "Play against the computer" "back on the start screen"
if screen "$s" | grep -q "played c3-d4"; then bad "the game's message follows to the start screen" "$s"; else ok; fi
keys "$s" q
grep -q "mode = hotseat" "$tmp/config/draughts/config" 2>/dev/null && ok ||
    bad "the choice is remembered in the config file"
rm -f "$tmp/data/draughts/autosave.pdn" # (the move above; the replay test wants none)

# ---- replay of a PDN file ----
cat >"$tmp/game.pdn" <<'EOF'
[Event "Test"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[GameType "20"]

1. 32-28 {White takes the centre.} 19-23 2. 28x19 14x23 *
EOF
start replay replay "$tmp/game.pdn"
s=$session
expect "$s" "replay: Alice - Bob" "replay shows who played"
expect "$s" "(ply 0 of 4)" "replay starts at the beginning"
keys "$s" .
expect "$s" "White takes the centre." "replay shows the comments of the file"
keys "$s" .
expect "$s" "(ply 2 of 4)" "replay steps forward"
keys "$s" End
expect "$s" "(ply 4 of 4)" "End goes to the end"
# # goes to a move of the line, numbered as in the move list
keys "$s" "#"
expect "$s" "Go to move: _" "# opens the go-to-move prompt"
text "$s" "1"
keys "$s" Enter
expect "$s" "(ply 1 of 4)" "#1 goes back to the position after White's first move"
expect "$s" "Move 1 (White): ply 1 of 4." "the status says where it went"
expect "$s" "Black to move" "the side pane agrees: Black answers move 1"
keys "$s" F
expect "$s" "B:W28,31,33," "the board agrees: 32-28 is played, 19-23 not yet"
keys "$s" x
keys "$s" "#"
text "$s" "1..."
keys "$s" Enter
expect "$s" "Move 1... (Black): ply 2 of 4." "1... is Black's first move"
expect "$s" "(ply 2 of 4)" "the title agrees"
keys "$s" F
expect "$s" "W:W28,31,33," "the board after 19-23"
expect "$s" ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23" "Black's man on 23"
keys "$s" x
keys "$s" "#"
text "$s" "9"
keys "$s" Enter
expect "$s" "Move 9 is beyond the end of the line: at its end, ply 4." "a move beyond the end"
expect "$s" "(ply 4 of 4)" "goes to the end of the line"
keys "$s" "#"
text "$s" "2x"
keys "$s" Enter
expect "$s" '"2x" is not a move number' "a bad entry says why"
expect "$s" "(ply 4 of 4)" "a bad entry goes nowhere"
keys "$s" "#"
text "$s" "1"
keys "$s" Escape
expect "$s" "Cancelled." "Esc cancels the go-to-move prompt"
expect "$s" "(ply 4 of 4)" "and stays where it was"
keys "$s" "#"
text "$s" "0"
keys "$s" Enter
expect "$s" "(ply 0 of 4)" "#0 goes to the start"
keys "$s" q
expect "$s" "[exit 0]" "replay: q quits"

# Black moves first in English draughts: the move list numbers from Black
cat >"$tmp/english.pdn" <<'EOF'
[Event "Checkers"]
[White "Wendy"]
[Black "Boris"]
[Result "*"]
[GameType "21"]

1. 11-15 23-19 2. 8-11 22-17 3. 9-13 *
EOF
start english replay "$tmp/english.pdn"
s=$session
expect "$s" "(ply 0 of 5)" "an English game to replay"
keys "$s" "#"
text "$s" "2"
keys "$s" Enter
expect "$s" "Move 2 (Black): ply 3 of 5." "Black-first: move 2 is Black's second move"
expect "$s" "(ply 3 of 5)" "the title agrees"
expect "$s" "White to move" "White answers it"
keys "$s" "#"
text "$s" "2b"
keys "$s" Enter
expect "$s" "Move 2... (White): ply 4 of 5." "2b is the second player's, White's, move 2"
expect "$s" "(ply 4 of 5)" "the title agrees (2b)"
keys "$s" q
expect "$s" "[exit 0]" "English replay: q quits"
# (the start screen test above left no autosave: a replay must not write one)
[ -e "$tmp/data/draughts/autosave.pdn" ] &&
    bad "a replay does not take the place of the autosaved game" || ok

# ---- replay of a file with several games and variations ----
cat >"$tmp/games.pdn" <<'EOF'
[Event "First match"]
[White "Alice"]
[Black "Bob"]
[Result "2-0"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 2-0

[Event "Second match"]
[White "Carol"]
[Black "Dave"]
[Result "*"]
[GameType "20"]

1. 32-28 $1 19-23 (1... 18-23 {The other answer.} 2. 37-32 (2. 31-27 $2 {Too early.})
12-18) 2. 28x19 14x23 *
EOF
start games replay "$tmp/games.pdn"
s=$session
expect "$s" "Games in the file (2)" "a file of several games opens on the list"
expect "$s" "Carol                Dave                 Second match" "the list shows the tags"
keys "$s" Down Enter
expect "$s" "replay: Carol - Dave, Second match (ply 0 of 4) - game 2 of 2" "game 2 is chosen"
expect "$s" "1. 32-28!" "the NAG \$1 shows as ! beside the move"
keys "$s" .
expect "$s" "Next: 19-23; other moves here: 18-23" "the variations here are listed"
keys "$s" v
expect "$s" "19-23  (main line)" "v lists the moves here"
keys "$s" Down Enter
expect "$s" "Variation: 18-23" "Enter follows the variation chosen"
expect "$s" "The other answer." "the variation's comment shows"
expect "$s" "(ply 2 of 4) - game 2 of 2, in a variation" "the title says where the line is"
keys "$s" v Down Enter
expect "$s" "Variation: 31-27?" "a variation inside a variation, with its NAG"
expect "$s" "Too early." "and its comment"
expect "$s" "In a variation (depth 2)" "the nesting shows"
keys "$s" BSpace
expect "$s" "Left the variation" "Backspace leaves a variation"
expect "$s" "2. 37-32" "back on the line the inner variation branched from"
gone "$s" "Too early." 3 && ok || bad "the inner variation's comment is gone" "$s"
keys "$s" BSpace
expect "$s" "(ply 1 of 4) - game 2 of 2" "Backspace again: back on the main line"
gone "$s" "in a variation" 3 && ok || bad "the title leaves the variation" "$s"
keys "$s" m
text "$s" "17-21"
keys "$s" Enter
expect "$s" "Your own line: not in the file" "a move of one's own leaves the file's tree"
keys "$s" BSpace
expect "$s" "Back on the file's line." "Backspace comes back to the file's line"
expect "$s" "(ply 1 of 4) - game 2 of 2" "where the own line left it"
keys "$s" "?"
expect "$s" "replay: the moves here; choose a variation" "the help lists the replay keys"
keys "$s" x
gone "$s" "Keys (any key closes)" 3 && ok || bad "any key closes the help (replay)" "$s"
keys "$s" .
expect "$s" "(ply 2 of 4) - game 2 of 2" "stepping on follows the main line"
gone "$s" "Back on the file's line." 3 && ok || bad "a step clears the last message" "$s"
if screen "$s" | grep -q "Redone"; then bad "a replay step says Redone" "$s"; else ok; fi
keys "$s" o C-u
text "$s" "$tmp/gam"
keys "$s" Tab
expect "$s" "game.pdn  games.pdn" "Tab lists the files that match"
text "$s" ".p"
keys "$s" Tab
expect "$s" "Open the PDN file: $tmp/game.pdn_" "Tab completes the one match"
keys "$s" Enter
expect "$s" "replay: Alice - Bob, Test (ply 0 of 4)" "o replays another file (one game: no list)"
keys "$s" o
text "$s" "$tmp/games.pdn"
keys "$s" Enter
expect "$s" "Games in the file (2)" "o on a file of several games opens its list"
keys "$s" Down Enter
expect "$s" "(ply 0 of 4) - game 2 of 2" "a game of the file opened with o"
keys "$s" G
expect "$s" "Games in the file (2)" "G goes back to the list"
keys "$s" Up Enter
expect "$s" "replay: Alice - Bob, First match (ply 0 of 4) - game 1 of 2" "another game from the list"
keys "$s" . .
expect "$s" "(ply 2 of 4)" "stepping in the other game"
keys "$s" p
expect "$s" "Play on from this position" "p asks who plays on"
keys "$s" Down Down Enter
expect "$s" "two players" "a hot-seat game starts from the position"
expect "$s" "(no moves yet)" "with the replayed position as its start"
expect "$s" "You must capture" "the replayed position: White must take on 23"
keys "$s" m
text "$s" "28x19"
keys "$s" Enter
expect "$s" "White played 28x19" "and it plays on from there"
keys "$s" q
expect "$s" "[exit 0]" "replay of several games: q quits"

# the start screen replays a file the same way, and q goes back to it
start menureplay
s=$session
expect "$s" "Continue the last game" "the start screen, with the game played on from the replay"
keys "$s" Down Enter
expect "$s" "Replay the PDN file:" "the start screen asks for a file to replay"
text "$s" "$tmp/games.p"
keys "$s" Tab
expect "$s" "Replay the PDN file: $tmp/games.pdn_" "Tab completes a file name on the start screen"
keys "$s" Enter
expect "$s" "q: back to the menu" "the start screen's replay opens the list of games"
keys "$s" Down Enter
expect "$s" "game 2 of 2" "and replays the game chosen"
keys "$s" q
expect "$s" "Replay a PDN file" "q goes back to the start screen"
keys "$s" q
expect "$s" "[exit 0]" "start screen replay: q quits"

# a list of moves typed or pasted with m (issue 18 item 12): between two
# players each turn plays the next, move numbers and results skipped; an
# illegal one stops the list where it stands; not against the computer
start pastelist hotseat --variant international
s=$session
expect "$s" "White to move" "a hot-seat game for a pasted list"
keys "$s" m
text "$s" "1. 32-28 19-23 2. 28x19 14x23 3. 99-98"
keys "$s" Enter
expect "$s" "Move 5 of the list: move '99-98': '99' is not a playing square" "an illegal move stops the list and says which"
expect "$s" "2. 28x19" "the moves before it were played"
expect "$s" "14x23" "both sides' moves"
keys "$s" "#"
text "$s" "2"
keys "$s" Enter
expect "$s" "Move 2 (White): ply 3 of 4." "# goes back to a move between two players"
keys "$s" End
expect "$s" "White to move (ply 4)." "End returns to the end of the line"
keys "$s" q
start pastecomputer play --variant international --level 1
s=$session
expect "$s" "Your move" "a game against the computer"
keys "$s" m
text "$s" "32-28 19-23"
keys "$s" Enter
expect "$s" "A list of moves is for a game between two players or a replay" "no list against the computer"
keys "$s" m
text "$s" "1. 32-28 *"
keys "$s" Enter
expect "$s" "The computer played" "one numbered move is read as the move"
keys "$s" q

# F copies the FEN to the clipboard with OSC 52 (tmux keeps it as a paste
# buffer when set-clipboard is on), and a FEN pasted at the m prompt starts
# a new game from it (issue 18 item 12)
start pastefen hotseat --variant international
s=$session
$T set-option -g set-clipboard on
expect "$s" "White to move" "a hot-seat game to paste a FEN into"
keys "$s" 3 2 - 2 8 Enter
expect "$s" "1. 32-28" "a move before the FEN is copied"
keys "$s" F
expect "$s" "FEN copied: B:W28,31,33," "F says the FEN is copied"
sleep 0.2
[ "$($T show-buffer 2>/dev/null)" = "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20" ] &&
    ok || bad "F puts the FEN on the clipboard (tmux buffer: $($T show-buffer 2>&1 | head -c 120))" "$s"
keys "$s" Escape m
$T set-buffer "W:W28,39:B23,14,34"
$T paste-buffer -t "$s"
keys "$s" Enter
expect "$s" "New game from the FEN W:W28,39:B14,23,34, White to move." "a pasted FEN starts a new game from it"
expect "$s" "You must capture: majority rule, take 2" "the pasted position is on the board"
expect "$s" "(no moves yet)" "the new game has no moves"
gone "$s" "1. 32-28" 2 && ok || bad "the game before is gone" "$s"
keys "$s" F
expect "$s" "FEN copied: W:W28,39:B14,23,34" "the board is the FEN's"
keys "$s" Escape m
text "$s" "W:W99:B1"
keys "$s" Enter
expect "$s" "Neither a move list nor a FEN of international: FEN 'W:W99:B1'" "a FEN that does not parse says why"
keys "$s" m
text "$s" "W:W1,2:B3"
keys "$s" Enter
expect "$s" "That FEN is no legal position of international: white men on 1 and 2" "an illegal position is refused"
keys "$s" m
text "$s" "hello"
keys "$s" Enter
expect "$s" "Neither a move nor a FEN of international: move 'hello'" "text that is neither says so"
keys "$s" q
expect "$s" "[exit 0]" "q quits the game from the FEN"
start pastefencomputer play --variant international --level 1
s=$session
expect "$s" "Your move" "a game against the computer to paste a FEN into"
keys "$s" m
text "$s" "B:W32,33:B18,19"
keys "$s" Enter
expect "$s" "The computer played" "from a pasted FEN with Black to move, the computer (Black) moves"
keys "$s" q
expect "$s" "[exit 0]" "q quits"

# a finished game opened with o is not played on by accident (issue 18
# item 9): it opens on the replay screen, which offers p to play on
printf '[Event "Done"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n' > "$tmp/done.pdn"
start finished play --variant international --level 1
s=$session
expect "$s" "Your move" "a game to open a finished one from"
keys "$s" s C-u
text "$s" "$tmp/mine.pdn"
keys "$s" Enter
expect "$s" "Saved to $tmp/mine.pdn" "saved, so it is a recent file"
keys "$s" o
expect "$s" "opened or saved last; Tab completes" "the file prompt offers the recent files"
keys "$s" Up
expect "$s" "Open the PDN file: $(realpath "$tmp")/mine.pdn_" "Up brings the last file back"
keys "$s" Down
expect "$s" "(what you typed)" "Down goes back to what was typed"
text "$s" "$tmp/done.pdn"
keys "$s" Enter
expect "$s" "That game is finished: here to replay. p plays on from the position shown." "a finished game opens for replay"
expect "$s" "replay: A - B, Done (ply 0 of 4)" "on the replay screen"
keys "$s" End p
expect "$s" "Play on from this position" "p offers to play on from its end"
keys "$s" Escape q
expect "$s" "[exit 0]" "q quits the finished game's replay"

# a file that cannot be opened from the board: one sentence names the file
# and the reason once each (issue 18 item 8)
start missing hotseat --variant international
s=$session
expect "$s" "White to move" "a game to open a missing file from"
keys "$s" o C-u
text "$s" "$tmp/nosuch.pdn"
keys "$s" Enter
expect "$s" "Cannot open $tmp/nosuch.pdn: No such file or directory." \
    "o on a missing file says it cannot open it, and why, in one sentence"
count=$(screen "$s" | grep -o "nosuch\.pdn" | wc -l)
[ "$count" -eq 1 ] && ok || bad "the missing file is named once, not $count times" "$s"
count=$(screen "$s" | grep -io "cannot open" | wc -l)
[ "$count" -eq 1 ] && ok || bad "'cannot open' is said once, not $count times" "$s"
keys "$s" q
expect "$s" "[exit 0]" "q quits after the failed open"

echo "test_ui: $pass passed, $fail failed"
[ $fail -eq 0 ]
