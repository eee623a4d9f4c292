#!/bin/sh
# Makes weights/VARIANT.weights from self-play: one command per variant.
#
#   tools/train.sh VARIANT [GAMES]
#
# Builds the tools (build-tools/), plays GAMES self-play games (default 16000)
# in two processes with the evaluation compiled in now, then trains from
# those positions, starting from the weights compiled in (or from the
# hand-set terms when there are none) and writes weights/VARIANT.weights.
# Rebuild and run it again for the next generation.  Environment: GEN (the
# generation, 0: it picks the seeds and data names), NODES (a move's node
# budget, 4000), DATA (where the raw positions go, ../train-data: out of git),
# TRAIN_ARGS (more options for tools/train, e.g. "--lambda 1 --epochs 8").
set -eu
V=${1:?usage: tools/train.sh VARIANT [GAMES]}
GAMES=${2:-16000}
GEN=${GEN:-0}
NODES=${NODES:-4000}
DATA=${DATA:-../train-data}
cmake -S . -B build-tools -DDRAUGHTS_TOOLS=ON -DDRAUGHTS_TESTS=OFF >/dev/null
cmake --build build-tools -j2 --target selfplay train >/dev/null
mkdir -p "$DATA"
half=$((GAMES / 2))
for k in 1 2; do
    build-tools/selfplay --variant "$V" --games "$half" --nodes "$NODES" \
        --seed $((1000 * GEN + k)) --out "$DATA/$V-g$GEN-$k.bin" &
done
wait
# shellcheck disable=SC2086
build-tools/train --variant "$V" --out "weights/$V.weights" ${TRAIN_ARGS:-} \
    "$DATA/$V-g$GEN-1.bin" "$DATA/$V-g$GEN-2.bin"
