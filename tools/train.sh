#!/bin/sh
# Makes weights/VARIANT.weights from self-play: one command per variant.
#
#   tools/train.sh VARIANT [GAMES]
#
# Builds the tools (build-tools/), plays GAMES self-play games (default 16000)
# with the evaluation compiled in now, split over PROCS processes, then
# trains from those positions and writes weights/VARIANT.weights.
# Generation 0 plays with the hand-set evaluation and trains from its terms
# and empty patterns; a later one plays with and starts from the weights
# compiled in.  Rebuild (cmake --build) and run it again
# with GEN=1, 2, ... for the next generation.  Environment: GEN (0: picks the
# seeds and the data files' names), PROCS (2), NODES (a move's node budget,
# 4000), DATA (where the raw positions go: ../train-data, out of git),
# TRAIN_ARGS (more options for tools/train, e.g. "--lambda 1 --epochs 8"),
# OPPONENT (another evaluation for the other side of every game: a weights
# file or hand-set; the fit then takes the results alone, --lambda 1).
set -eu
V=${1:?usage: tools/train.sh VARIANT [GAMES]}
GAMES=${2:-16000}
GEN=${GEN:-0}
PROCS=${PROCS:-2}
NODES=${NODES:-4000}
DATA=${DATA:-../train-data}
cmake -S . -B build-tools -DDRAUGHTS_TOOLS=ON -DDRAUGHTS_TESTS=OFF >/dev/null
cmake --build build-tools -j2 --target selfplay train >/dev/null
mkdir -p "$DATA"
weights=
[ "$GEN" = 0 ] && weights="--weights hand-set"
lambda=
[ -n "${OPPONENT:-}" ] && weights="$weights --opponent $OPPONENT" && lambda="--lambda 1"
k=1
while [ "$k" -le "$PROCS" ]; do
    # shellcheck disable=SC2086
    build-tools/selfplay --variant "$V" --games $((GAMES / PROCS)) --nodes "$NODES" $weights \
        --seed $((1000 * GEN + k)) --out "$DATA/$V-g$GEN-$k.bin" &
    k=$((k + 1))
done
wait
# a fit that starts from trained weights takes a quarter of the first step:
# the full one undoes part of what they knew (docs/tuning, generation 3)
start=--from-scratch
[ "$GEN" = 0 ] || start="--lr 0.5"
# shellcheck disable=SC2086
build-tools/train --variant "$V" --out "weights/$V.weights" $start $lambda ${TRAIN_ARGS:-} \
    "$DATA/$V-g$GEN-"*.bin
