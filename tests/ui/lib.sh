# Helpers of the tmux UI tests (test_*.sh beside this file): the program
# in a tmux pane of a fixed size, driven with send-keys and read back with
# capture-pane.  A test sources it with its own arguments:
#
#   . "$(dirname "$0")/lib.sh"
#
# $1 is the draughts binary.  Exits 77 (a skip for ctest) without tmux.
# Gives ok, bad, start, screen, keys, text, wait_for, wait_re, gone,
# expect, expect_re and now_ms; $tmp is a scratch directory removed at the end, with home, config
# and data directories that keep the person's real ones out of the test.

TEST_NAME=$(basename "$0" .sh)
BIN=${1:?usage: $TEST_NAME.sh PATH/TO/draughts}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: tmux is not installed, so the UI cannot be driven (apt-get install tmux)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/$TEST_NAME.XXXXXX") || exit 2
SOCK="draughts-$TEST_NAME-$$"
T="tmux -L $SOCK -f /dev/null"
cleanup() {
    $T kill-server 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

pass=0
fail=0
n=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    printf 'FAIL: %s\n' "$1"
    if [ -n "$2" ]; then
        printf '      screen of %s:\n' "$2"
        $T capture-pane -p -t "$2" 2>/dev/null | sed 's/^/      | /'
    fi
}

# Never touch the real config or autosave.
mkdir -p "$tmp/home" "$tmp/config" "$tmp/data"
ENVS="HOME=$tmp/home XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data LANG=C.UTF-8 LC_ALL=C.UTF-8"

# start NAME ARGS...: the program in a new 120x40 session (unique name); the
# pane stays after it exits and shows "[exit STATUS]".
start() {
    name=$1
    shift
    n=$((n + 1))
    session="$name-$n"
    # quote the arguments for the shell of the pane
    args=""
    for a in "$@"; do
        args="$args '$(printf '%s' "$a" | sed "s/'/'\\\\''/g")'"
    done
    $T new-session -d -s "$session" -x 120 -y 40 \
        "env $ENVS ${EXTRA_ENV:-} '$BIN' $args; echo \"[exit \$?]\"; sleep 600"
    $T set-option -t "$session" -g default-terminal tmux-256color >/dev/null 2>&1
}

screen() { $T capture-pane -p -t "$1"; }
keys() {
    s=$1
    shift
    $T send-keys -t "$s" "$@"
}
# type TEXT literally
text() { $T send-keys -t "$1" -l "$2"; }

# wait_for SESSION TEXT [SECONDS]: poll the screen until TEXT shows
wait_for() {
    limit=${3:-10}
    i=0
    while [ $i -lt $((limit * 20)) ]; do
        if screen "$1" | grep -qF -- "$2"; then
            return 0
        fi
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# gone SESSION TEXT [SECONDS]: poll until TEXT is no longer on the screen
gone() {
    limit=${3:-10}
    i=0
    while [ $i -lt $((limit * 20)) ]; do
        if ! screen "$1" | grep -qF -- "$2"; then
            return 0
        fi
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

expect() { # expect SESSION TEXT WHAT [SECONDS]
    if wait_for "$1" "$2" "${4:-10}"; then ok; else bad "$3 (no '$2' on the screen)" "$1"; fi
}

now_ms() { date +%s%3N; }

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
