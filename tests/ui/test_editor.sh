#!/bin/sh
# The position editor end to end under tmux: set a position up by keys, by
# a click and by a FEN; illegal set-ups refused with their message (a man
# on its promotion row, too many pieces, a side without pieces); a legal
# one played against the computer, hot-seat, or analysed.
#
# usage: sh test_editor.sh PATH/TO/draughts
# Exit status 77 (a skip for ctest) when tmux is not installed.

. "$(dirname "$0")/lib.sh"

# fen SESSION TEXT: f, the FEN, Enter
fen() {
    keys "$1" f
    text "$1" "$2"
    keys "$1" Enter
}

# ---- from the game screen (E): keys, the checks, undo, help ----
start keys hotseat --variant international
s=$session
expect "$s" "White to move" "a hot-seat board"
keys "$s" E
expect "$s" "International draughts (FMJD) - set up a position" "E opens the editor"
expect "$s" "Legal: p to play or analyse it" "the game's position is legal"
keys "$s" c
expect "$s" "The board is cleared" "c clears the board"
expect "$s" "the board is empty" "an empty board is not legal yet"
# the cursor stays where the game had it: on 31
keys "$s" w
expect "$s" "White to move   FEN W:W31:B" "w puts a white man under the cursor"
keys "$s" p
expect "$s" "Not a legal position: Black has no pieces: each side needs at least one." \
    "a side without pieces is refused"
# up and right twice: 31 -> 27 -> 22
# the cursor steps between playing squares: up, up keeps to 31's column
# (b4, c5, b6 = 21), right to d6 = 22
keys "$s" k k l b
expect "$s" "FEN W:W31:B22" "b puts a black man there"
# on to 4, on White's promotion row
# up four ranks from d6 to d10 = 2, then right twice: h10 = 4
keys "$s" k k k k l l w
expect "$s" "FEN W:W4,31:B22" "a white man on 4"
keys "$s" p
expect "$s" "Not a legal position: white man on 4: men cannot stand on their promotion row." \
    "a man on its promotion row is refused"
keys "$s" W
expect "$s" "FEN W:WK4,31:B22" "W makes it a king"
expect "$s" "Legal: p to play or analyse it" "a king may stand there"
keys "$s" Enter
expect "$s" "FEN W:W31:B4,22" "Enter: the next piece, a black man"
keys "$s" x
expect "$s" "FEN W:W31:B22" "x empties the square"
keys "$s" u
expect "$s" "W:W31:B4,22" "u undoes the last change"
keys "$s" t
expect "$s" "Black to move   FEN B:W31:B4,22" "t gives the move to Black"
fen "$s" "W:W26-46:B1-20"
expect "$s" "Position read from the FEN." "a FEN is read"
keys "$s" p
expect "$s" "Not a legal position: White has 21 pieces: at most 20, as many as at the start." \
    "too many pieces are refused"
fen "$s" "W:W99"
expect "$s" "'99' is not a playing square of international" "a bad FEN says why"
expect "$s" "W:W26,27," "and leaves the position as it was"
keys "$s" i
expect "$s" "The start position of the variant." "i puts the start position back"
keys "$s" "?"
expect "$s" "Keys (any key closes)" "? lists the editor's keys"
expect "$s" "type or paste a FEN" "with the FEN key"
keys "$s" x
gone "$s" "Keys (any key closes)" 3 && ok || bad "any key closes the editor's help" "$s"
$T resize-window -t "$s" -x 50 -y 14
expect "$s" "too small" "a small terminal gets a message in the editor too"
$T resize-window -t "$s" -x 120 -y 40
expect "$s" "set up a position" "the editor comes back when the terminal grows"
keys "$s" q
expect "$s" "Back to the game." "q leaves the editor for the game"
expect "$s" "White to move" "the game is as it was"
# a click on a square gives it the next piece (32 is at column 26, row 21)
keys "$s" E
expect "$s" "set up a position" "the editor again"
keys "$s" c
text "$s" "$(printf '\033[M ;6')"
expect "$s" "FEN W:W32:B" "a click puts a white man on 32"
keys "$s" Escape
expect "$s" "Back to the game." "Esc leaves the editor too"
keys "$s" q
expect "$s" "[exit 0]" "q quits"

# ---- other boards: Italian, Turkish, English (Black first) ----
start italian hotseat --variant italian
s=$session
expect "$s" "White to move" "an Italian board"
keys "$s" E
fen "$s" "W:W1,22:B12"
keys "$s" p
expect "$s" "white man on 1: men cannot stand on their promotion row" \
    "Italian: a man on 1 (a8, a1 is light) is refused"
keys "$s" q
keys "$s" q
start turkish hotseat --variant turkish
s=$session
expect "$s" "White to move" "a Turkish board"
keys "$s" E
fen "$s" "W:Wb3:B"
keys "$s" p
expect "$s" "Black has no pieces" "Turkish: a side without pieces is refused"
fen "$s" "W:Wb3:Bh1,g6"
keys "$s" p
expect "$s" "black man on h1: men cannot" "Turkish: a black man on the first row is refused"
keys "$s" q
keys "$s" q
start english hotseat --variant english
s=$session
expect "$s" "Black to move" "an English board"
keys "$s" E
fen "$s" "B:W21-32:B1-13"
keys "$s" p
expect "$s" "Black has 13 pieces: at most 12" "English: too many pieces are refused"
fen "$s" "B:W32:B28"
keys "$s" p
expect "$s" "Black, to move, has no legal move" "a side to move that cannot move is refused"
keys "$s" t p
expect "$s" "Play it or analyse it?" "a legal position offers a choice"
keys "$s" Home Down Down Enter
expect "$s" "two players" "hot-seat from the position set up"
expect "$s" "White to move" "White moves first from it"
keys "$s" F
expect "$s" "W:W32:B28" "the game starts from the position set up"
keys "$s" x q
expect "$s" "[exit 0]" "q quits the game played from the editor"

# ---- the start screen: set up, play against the computer ----
start menu
s=$session
expect "$s" "Set up a position" "the start screen offers the editor"
# from the first line: hot-seat, (no game to continue), replay, set up
keys "$s" Down Down Down Enter
expect "$s" "Killer draughts - set up a position" "the editor from the start screen (Killer, the first start's variant)"
fen "$s" "W:W31,32:B18,19"
keys "$s" p
expect "$s" "Play it or analyse it?" "the choice"
keys "$s" Home Down Enter
expect "$s" "you play Black against level" "Black against the computer from the position"
expect "$s" "The computer played" "the engine answers from the position set up"
expect "$s" "Your move (Black)" "then it is the person's move"
keys "$s" q
expect "$s" "Set up a position" "q goes back to the start screen"
keys "$s" q
expect "$s" "[exit 0]" "q on the start screen quits"

# ---- analyse: the position on the replay screen ----
start analyse hotseat --variant international
s=$session
expect "$s" "White to move" "a board to analyse from"
keys "$s" E
fen "$s" "W:W28,K49:B13,19"
keys "$s" p
keys "$s" End Enter
expect "$s" "replay: White - Black, Set-up position (ply 0 of 0)" "analyse opens the replay screen"
keys "$s" F
expect "$s" "W:W28,K49:B13,19" "with the position set up"
keys "$s" x q
expect "$s" "[exit 0]" "q leaves the replay"

# ---- not while the computer thinks ----
# (a position out of the opening book, so that the computer searches)
start thinking play --variant international --level 6 --fen "W:W31,32,33,34,35,36,37,38,39,40:B1,2,3,4,5,6,7,8,9,10"
s=$session
expect "$s" "Your move (White)" "a board against the computer"
text "$s" "32-28"
keys "$s" Enter
expect "$s" "is thinking" "the engine thinks" 5
keys "$s" E
expect "$s" "Wait for your turn to set up a position." "no editor while the computer thinks" 3
keys "$s" q
expect "$s" "[exit 0]" "q quits while the computer thinks" 3

echo "test_editor: $pass passed, $fail failed"
[ $fail -eq 0 ]
