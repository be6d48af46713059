#!/usr/bin/env bash
# The Glinski feature ladder (README, "What each feature is worth"): rung k
# switches on one group of features more than rung k-1 and is played
# against it with an SPRT. Uses the -tags ablate build and SAKK_ABLATE.
# usage: bench/glinski-ladder.sh [TC] [ROUNDS] [RUNG...]   (defaults 3+0.03, 75, 1..7)
set -euo pipefail
cd "$(dirname "$0")/.."
tc=${1:-3+0.03}; rounds=${2:-75}; shift $(( $# > 2 ? 2 : $# ))
rungs=${*:-1 2 3 4 5 6 7}
out=${OUT:-/tmp/abl}
mkdir -p "$out"
go build -o "$out/runner" ./cmd/sakk
go build -tags ablate -o "$out/sakk-ablate" ./cmd/sakk

# What rung k switches on; rung 0 has all of these off.
adds=(""
  "eval.pst"
  "eval.mobility"
  "eval.pawns eval.passed eval.king eval.pieces eval.tempo"
  "killers counter conthist"
  "lmr iir"
  "nmp rfp futility lmp seeprune histprune qsee delta"
  "aspiration checkext")
off=" ${adds[*]} "
offs=("$off")
for k in 1 2 3 4 5 6 7; do
  for a in ${adds[$k]}; do off=${off/ $a / }; done
  offs[k]=$off
done
csv() { echo $1 | tr ' ' ','; }

for k in $rungs; do
  hi=$(csv "${offs[$k]}"); lo=$(csv "${offs[$((k-1))]}")
  echo "== rung $k: switches on ${adds[$k]}"
  "$out/runner" match \
    -engine cmd=/usr/bin/env args="SAKK_ABLATE=$hi $out/sakk-ablate" name="R$k" option.Hash=16 \
    -engine cmd=/usr/bin/env args="SAKK_ABLATE=$lo $out/sakk-ablate" name="R$((k-1))" option.Hash=16 \
    -each tc="$tc" -variant glinski -games 2 -rounds "$rounds" -repeat -concurrency "${CONC:-1}" \
    -openings file=builtin:glinski order=random -srand $((20+k)) -sprt elo0=0 elo1="${ELO1:-40}" \
    -pgnout "$out/rung$k.pgn" > "$out/rung$k.log" 2>&1 || true
  sed -n '/^Results of/,$p' "$out/rung$k.log"
done
