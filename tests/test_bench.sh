#!/bin/sh
# The bench signature: `draughts bench` searches its fixed positions to a
# fixed depth, so its node total changes exactly when the search or the
# evaluation does.  The expected total is in tests/bench.signature; a change
# that alters it updates that file and says `Bench: N` in its commit message.
#
# usage: sh test_bench.sh PATH/TO/draughts PATH/TO/bench.signature

BIN=${1:?usage: test_bench.sh PATH/TO/draughts PATH/TO/bench.signature}
SIG=${2:?usage: test_bench.sh PATH/TO/draughts PATH/TO/bench.signature}
want=$(tr -d ' \n' <"$SIG") || exit 2
got=$("$BIN" bench | awk '$1 == "bench" { print $2 }')
if [ -z "$got" ]; then
    echo "FAIL: draughts bench printed no total"
    exit 1
fi
if [ "$got" != "$want" ]; then
    echo "FAIL: bench signature $got, $SIG says $want"
    exit 1
fi
echo "bench signature $got"
