#!/usr/bin/env bash
# The Glinski feature ladder (docs/strength.md, "What each feature is worth"): rung k
# switches on one group of features more than rung k-1 and is played
# against it with an SPRT. Uses the -tags ablate build and SAKK_ABLATE.
# usage: bench/glinski-ladder.sh [TC|LIMIT] [ROUNDS] [RUNG...]   (defaults 3+0.03, 75, 1..7)
#   TC is a clock (3+0.03); a LIMIT with "=" is a sakk match limit as it
#   stands, e.g. nodes=30000 for fixed-node games on a busy machine.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/selfplay.sh
tc=${1:-3+0.03}; rounds=${2:-75}; shift $(( $# > 2 ? 2 : $# ))
case $tc in *=*) limit=$tc ;; *) limit=tc=$tc ;; esac
rungs=${*:-1 2 3 4 5 6 7}
out=${OUT:-/tmp/abl}
build_ablate

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
  selfplay glinski "$limit" "$rounds" $((20+k)) "${ELO1:-40}" "rung$k" "R$k" "$hi" "R$((k-1))" "$lo"
done
