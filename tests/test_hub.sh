#!/bin/sh
# Hub protocol sessions against "draughts hub": the handshake, searches in
# several variants, positions by pos= and fen=, move lists, and malformed
# or unknown lines (answered with error message="...", never a crash).
# Usage: test_hub.sh PATH/TO/draughts
bin=$1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
expect() { # name, output, pattern (grep -E)
    if printf '%s\n' "$2" | grep -Eq -- "$3"; then ok; else bad "$1: no line matching '$3' in:"; printf '%s\n' "$2" | sed 's/^/    /'; fi
}
sdir=$(mktemp -d)
trap 'rm -rf "$sdir"' EXIT
# a go's answer: its done line, or an error refusing it; "no book" is said
# before a search that goes on, and is not its answer (a quit read after it
# would end that search before its done, as under the sanitizers' slowness)
answers() { grep -E '^(done|error)' "$sdir/out" | grep -vc '^error message="no book'; }
pongs() { grep -c '^pong$' "$sdir/out"; }
# wait_for COUNTER BEFORE: up to 30 s for COUNTER's count to pass BEFORE
wait_for() {
    tries=0
    while [ "$($1)" -le "$2" ] && [ "$tries" -lt 600 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
}
# session LINES [hub options]: feeds the lines one by one; after a go line it
# waits (up to 30 s) for that search's done or error before the next line,
# since a quit or stop read during a search ends it early, whatever its limit.
# Before a go line a ping's pong shows every earlier line answered, so that a
# late error to one of them is not taken for the search's answer.
session() {
    lines=$1
    shift
    rm -f "$sdir/in" "$sdir/out"
    mkfifo "$sdir/in"
    : > "$sdir/out"
    timeout 60 "$bin" hub "$@" < "$sdir/in" > "$sdir/out" 2>&1 &
    hub_pid=$!
    exec 3> "$sdir/in"
    printf "$lines" | while IFS= read -r line; do
        case $line in
        go*) before=$(pongs)
             printf 'ping\n' >&3
             wait_for pongs "$before" ;;
        esac
        before=$(answers)
        printf '%s\n' "$line" >&3
        case $line in
        go*) wait_for answers "$before" ;;
        esac
    done
    exec 3>&-
    wait "$hub_pid"
    cat "$sdir/out"
}

out=$(session 'hub\ninit\nping\nquit\n')
expect "handshake id" "$out" '^id name=draughts '
expect "handshake variant param" "$out" '^param name=variant value=international type=enum values=".*armenian.*killer8.*turkish'
expect "handshake wait" "$out" '^wait$'
expect "init ready" "$out" '^ready$'
expect "ping pong" "$out" '^pong$'

out=$(session 'hub\nset-param name=book value=false\ninit\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\nlevel depth=4\ngo think\nquit\n')
expect "info line" "$out" '^info depth=4 .*score=-?[0-9]+\.[0-9]+ nodes=[0-9]+ .*pv="'
expect "done move, and the reply expected" "$out" '^done move=(3[1-5])-(2[6-9]|30) ponder=(1[6-9]|20)-(2[1-5])$'

out=$(session 'set-param name=variant value=killer\ninit\npos fen="W:WK46:BK28"\nlevel depth=3\ngo think\nquit\n')
expect "killer halt in hub form" "$out" '^done move=46x23x28$'

out=$(session 'set-param name=variant value=italian\ninit\npos pos=start moves="22-19 11-14"\nlevel move-time=0.2\ngo think\nquit\n')
expect "italian after two moves" "$out" '^done move=[0-9]+[-x][0-9]+'

out=$(session 'set-param name=variant value=armenian\ninit\npos fen="W:Wd4:Bd5"\nlevel depth=2\ngo analyze\nquit\n')
expect "armenian capture" "$out" '^done move=d4xd6xd5$'

out=$(session 'set-param name=variant value=pool\ninit\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="11-15"\nlevel depth=3\ngo think\nquit\n')
expect "pool 32-square position" "$out" '^done move=2[1-4]-'

# the GUI is the arbiter: a position our rules call drawn (a threefold
# repetition, and moves played on after it) still gets a move
out=$(session 'set-param name=variant value=killer\ninit\npos fen="W:WK47:BK4" moves="47-42 4-10 42-47 10-4 47-42 4-10 42-47 10-4"\nlevel depth=3\ngo think\nquit\n')
expect "a move after a threefold repetition" "$out" '^done move=47-'
out=$(session 'set-param name=variant value=killer\ninit\npos fen="W:WK47:BK4" moves="47-42 4-10 42-47 10-4 47-42 4-10 42-47 10-4 47-42 4-10"\nlevel depth=3\ngo think\nquit\n')
expect "a move after moves past a repetition" "$out" '^done move=42-'
out=$(session 'set-param name=variant value=turkish\ninit\npos fen="W:Wa3:Bh6" moves="a3-b3 h6-g6 b3-a3 g6-h6 a3-b3 h6-g6 b3-a3 g6-h6 a3-b3"\nlevel depth=3\ngo think\nquit\n')
expect "a move after sideways steps past a repetition" "$out" '^done move=[a-h][1-8]-'

out=$(session 'hub\nbogus=1 x\nfrobnicate\nset-param name=variant value=nosuch\nset-param name=colour value=red\npos pos=Wxx\npos fen="W:W99"\npos pos=start moves="32-28 99-1"\nlevel depth=zero\nlevel\ngo\ngo sideways\nlevel depth=2\npos pos=start\ngo think\nquit\n')
expect "malformed line" "$out" '^error message="a line starts with a command word"$'
expect "unknown command" "$out" "^error message=\"unknown command 'frobnicate'\"$"
expect "unknown variant" "$out" "^error message=\"unknown variant 'nosuch'"
expect "unknown parameter" "$out" "^error message=\"unknown parameter 'colour'\"$"
expect "short position" "$out" '^error message="position .* has 3 characters'
expect "bad FEN" "$out" "^error message=\"FEN 'W:W99'"
expect "bad move in list" "$out" "^error message=\"move 2 '99-1'"
expect "bad level" "$out" '^error message="level depth must be'
expect "empty level" "$out" '^error message="level needs'
expect "go without mode" "$out" '^error message="go needs think'
expect "still searching after errors" "$out" '^done move='

out=$(printf 'hub\nset-param name=hash value=8\ninit\npos pos=start\nlevel infinite\ngo analyze\n' | { cat; sleep 1; echo stop; sleep 0.2; echo quit; } | timeout 30 "$bin" hub 2>&1)
expect "stop ends an infinite search" "$out" '^done move='

# quit during a search ends it, and no move is sent to the GUI that has gone
out=$(printf 'hub\nset-param name=hash value=8\ninit\npos pos=start\nlevel infinite\ngo analyze\n' | { cat; sleep 1; echo quit; } | timeout 30 "$bin" hub 2>&1; echo "exit=$?")
expect "quit ends a search" "$out" '^exit=0$'
expect "quit ends a search: it was searching" "$out" '^info depth='
if printf '%s\n' "$out" | grep -q '^done'; then bad "quit during a search: a move was sent"; else ok; fi

# threads (issue 14): announced, set before or after init, a bad value refused;
# a two-thread infinite search still stops at once
out=$(printf 'hub\nset-param name=threads value=2\ninit\nset-param name=threads value=0\nset-param name=threads value=x\npos pos=start\nlevel infinite\ngo analyze\n' | { cat; sleep 1; echo stop; sleep 0.2; echo quit; } | timeout 30 "$bin" hub 2>&1)
expect "threads param announced" "$out" '^param name=threads value=1 type=int min=1 max=64$'
expect "threads 0 refused" "$out" '^error message="threads must be a number from 1 to 64"$'
expect "stop ends a two-thread search" "$out" '^done move='

# ponder-hit keeps the search: it answers on the clock (no stop sent) and
# does not start again from depth 1
out=$(printf 'hub\ninit\npos pos=start\nlevel move-time=0.3\ngo ponder\n' | { cat; sleep 1; echo ponder-hit; sleep 1.5; echo quit; } | timeout 30 "$bin" hub 2>&1)
expect "ponder-hit answers on the clock" "$out" '^done move='
rises=$(printf '%s\n' "$out" | sed -n 's/^info depth=\([0-9]*\) .*/\1/p' |
    awk 'NR > 1 && $1 <= last { bad = 1 } { last = $1; n++ } END { print (n > 1 && !bad) ? "rising" : "restarted" }')
expect "ponder-hit keeps the tree (depths only rise)" "$rises" '^rising$'

# the opening book (issue 14): announced and on, "go think" from a book
# position answers from it (depth 0), analysis searches; off by the param or
# --book off; a book file of one's own, and one that does not fit named
out=$(session 'hub\ninit\npos pos=start\nlevel depth=4\ngo think\nset-param name=book value=maybe\nquit\n')
expect "book param announced" "$out" '^param name=book value=true type=bool$'
expect "a book move from the start" "$out" '^info depth=0 .*nodes=0 '
expect "book takes true or false" "$out" '^error message="book must be true or false"$'
out=$(session 'set-param name=book value=false\ninit\npos pos=start\nlevel depth=4\ngo think\nquit\n')
expect "book off: a search" "$out" '^info depth=4 '
out=$(session 'init\npos pos=start\nlevel depth=4\ngo analyze\nquit\n')
expect "analysis searches in the book" "$out" '^info depth=4 '
out=$(session 'hub\ninit\npos pos=start\nlevel depth=4\ngo think\nquit\n' --book off)
expect "--book off announced" "$out" '^param name=book value=false type=bool$'
expect "--book off: a search" "$out" '^info depth=4 '
btmp=$(mktemp)
printf '# a book of my own\n| 12-16 50 11-15 0\n' > "$btmp"
out=$(session 'set-param name=variant value=english\ninit\npos pos=start\nlevel depth=4\ngo think\nset-param name=variant value=killer\ninit\npos pos=start\ngo think\nquit\n' \
      --book "$btmp")
expect "--book FILE plays its move" "$out" '^done move=12-16$'
expect "--book FILE of another variant named" "$out" "^error message=\"no book: $btmp:2: book move '12-16'"
expect "plays on without it" "$out" '^done move=3[1-5]-'
rm -f "$btmp"
out=$(printf 'hub\nquit\n' | timeout 10 "$bin" hub --threads 2 2>&1)
expect "--threads 2 announced" "$out" '^param name=threads value=2 type=int'
out=$(printf 'quit\n' | timeout 10 "$bin" hub --threads 0 2>&1; echo "exit=$?")
expect "--threads 0 refused" "$out" '^exit=2$'
# the selective search: announced (auto), set by the param or --selective,
# a bad value refused; a search runs with it off
out=$(session 'hub\nset-param name=selective value=sometimes\nset-param name=selective value=off\ninit\npos pos=start\nlevel depth=4\ngo analyze\nquit\n')
expect "selective param announced" "$out" '^param name=selective value=auto type=enum values="auto on off"$'
expect "selective takes auto, on or off" "$out" '^error message="selective must be auto, on or off"$'
expect "selective off: a search" "$out" '^info depth=4 '
out=$(printf 'hub\nquit\n' | timeout 10 "$bin" hub --selective off 2>&1)
expect "--selective off announced" "$out" '^param name=selective value=off '
out=$(printf 'quit\n' | timeout 10 "$bin" hub --selective no 2>&1; echo "exit=$?")
expect "--selective no refused" "$out" '^exit=2$'
out=$(printf 'quit\n' | timeout 10 "$bin" hub --book /nonexistent/x.book 2>&1; echo "exit=$?")
expect "missing book file" "$out" '^exit=2$'

out=$(head -c 20000 /dev/urandom | tr '\0' 'x' | timeout 30 "$bin" hub 2>&1; echo "exit=$?")
expect "random bytes do not crash" "$out" '^exit=0$'

# go analyze followed at once by stop: a move, no hang
out=$(printf 'hub\ninit\npos pos=start\nlevel infinite\ngo analyze\nstop\nquit\n' | timeout 20 "$bin" hub 2>&1; echo "exit=$?")
expect "an immediate stop ends an infinite search" "$out" '^done move='
expect "an immediate stop: no hang" "$out" '^exit=0$'

# a line longer than the input buffer is rejected whole: one error, and no
# tail of it runs as a command (the " go think" at its end must not search)
long=$(head -c 16384 /dev/zero | tr '\0' 'x')
out=$(printf 'hub\ninit\npos pos=start\nlevel depth=2\n%s go think\n%s\nping\nquit\n' "$long" \
      "$(head -c 9000 /dev/zero | tr '\0' 'y')" | timeout 30 "$bin" hub 2>&1)
expect "an over-long line is refused" "$out" '^error message="line too long'
if printf '%s\n' "$out" | grep -q '^done move='; then bad "the tail of an over-long line ran as a command"; else ok; fi
n=$(printf '%s\n' "$out" | grep -c '^error')
if [ "$n" -eq 2 ]; then ok; else bad "two over-long lines gave $n errors, not 2"; fi
expect "after an over-long line the next one is read" "$out" '^pong$'

# engines that misbehave under match (issue 15): one that repeats every
# done, one whose first done comes after its time; the stale lines are
# dropped (ping/pong before each go), a timeout loses that game only
dup="$bin hub | sed -u '/^done/p'"
out=$(timeout 120 "$bin" match --engine1 "$dup" --engine2 "$bin hub" --variant english \
      --games 4 --depth 2 --seed 3 2>&1)
if printf '%s\n' "$out" | grep -q 'not a legal move'; then bad "a repeated done was taken for the next move"; else ok; fi
expect "a repeating engine plays its games out" "$out" '^game 4: .*no legal move'
late="$bin hub | while IFS= read -r l; do case \$l in done*) [ -n \"\$d\" ] || { sleep 7; d=1; };; esac; printf '%s\n' \"\$l\"; done"
out=$(timeout 120 "$bin" match --engine1 "$late" --engine2 "$bin hub" --variant english \
      --games 2 --time 0.05 --seed 3 2>&1)
expect "a late answer loses its game" "$out" "^game 1: .*resigned.*no answer in time"
if printf '%s\n' "$out" | grep '^game 2' | grep -q 'resigned'; then bad "a late answer was taken in the next game"; else ok; fi

# match on a game clock (issue 14 item 2): both clocks are sent, an engine
# that thinks past its time loses on time, a pondering engine is told
# ponder-hit or stop as the reply comes or not
out=$(timeout 120 "$bin" match --engine1 "$bin hub" --engine2 "$bin hub" --variant english \
      --games 2 --clock 5+0.1 --ponder both --max-plies 16 --seed 3 2>&1)
expect "clock match summary" "$out" '^clock 5\+0\.1 s: lost on time: engine1 [0-9]+, engine2 [0-9]+$'
expect "a pondering engine pondered" "$out" '^engine1 pondered [1-9][0-9]* times, the expected reply came [0-9]+ times'
expect "the other one too" "$out" '^engine2 pondered [1-9][0-9]* times'
if printf '%s\n' "$out" | grep -q 'resigned'; then bad "pondering broke an engine: $out"; else ok; fi
slow="$bin hub | while IFS= read -r l; do case \$l in done*) [ -n \"\$d\" ] || { sleep 2; d=1; };; esac; printf '%s\n' \"\$l\"; done"
out=$(timeout 120 "$bin" match --engine1 "$slow" --engine2 "$bin hub" --variant english \
      --games 1 --clock 1+0.1 --seed 3 2>&1)
expect "an engine past its time loses on time" "$out" '^game 1: .*ran out of time'
expect "the forfeit is counted" "$out" '^clock 1\+0\.1 s: lost on time: engine1 1, engine2 0$'
silent="$bin hub | while IFS= read -r l; do case \$l in done*) [ -n \"\$d\" ] || { sleep 8; d=1; };; esac; printf '%s\n' \"\$l\"; done"
out=$(timeout 120 "$bin" match --engine1 "$silent" --engine2 "$bin hub" --variant english \
      --games 1 --clock 1+0.1 --seed 3 2>&1)
expect "an engine that does not answer on a clock loses on time" "$out" '^clock 1\+0\.1 s: lost on time: engine1 1, engine2 0$'
out=$("$bin" match --engine1 x --engine2 y --clock 10-5 2>&1); st=$?
expect "a bad clock is named" "$out" "^draughts match: --clock needs BASE\+INC in seconds \(e.g. 10\+0.1\), not 10-5$"
[ "$st" = 2 ] && ok || bad "match with a bad clock exits $st"
out=$("$bin" match --engine1 x --engine2 y --random-plies 17 2>&1); st=$?
expect "too many random plies are named" "$out" "^draughts match: --random-plies takes 0 to 16, not 17$"
[ "$st" = 2 ] && ok || bad "match with 17 random plies exits $st"
out=$("$bin" match --engine1 x --engine2 y --clock 10 --ponder 3 2>&1)
expect "a bad ponder is named" "$out" "^draughts match: --ponder takes 1, 2, both or none, not 3$"

# hub --weights FILE: a missing file stops it at once; a damaged one is
# named in an error line and the engine plays on with its own evaluation
out=$(timeout 10 "$bin" hub --weights /nonexistent/x.weights </dev/null 2>&1); st=$?
expect "missing weights named" "$out" '^draughts hub: /nonexistent/x.weights: No such file'
[ "$st" = 2 ] && ok || bad "hub with a missing weights file exits $st"
wtmp=$(mktemp)
printf 'DRWEIGHT but not really' > "$wtmp"
out=$(session 'hub\ninit\nlevel depth=2\ngo think\nquit\n' --weights "$wtmp")
expect "damaged weights named" "$out" "^error message=\"$wtmp"
expect "plays on after damaged weights" "$out" '^done move=[0-9]+-[0-9]+( ponder=[0-9]+-[0-9]+)?$'
rm -f "$wtmp"

# a match between two of us: the summary line with the score, Elo and LOS
out=$(timeout 120 "$bin" match --engine1 "$bin hub" --engine2 "$bin hub" --variant english \
      --games 2 --depth 1 --seed 3 2>&1)
expect "match summary" "$out" ': [0-9]+-[0-9]+-[0-9]+ \(W-D-L\), score [0-9.]+/2 \([0-9.]+%\), Elo [-+][0-9]+, LOS [0-9.]+%$'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
