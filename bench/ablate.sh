#!/usr/bin/env bash
# Top-level ablation (docs/strength.md, "Top-level ablations"): the release engine
# against itself with FEATURES switched off (names as for SAKK_ABLATE,
# comma-separated), self-play with an SPRT. Uses the -tags ablate build.
# usage: bench/ablate.sh VARIANT FEATURES [LIMIT] [ELO1] [ROUNDS] [SEED]
#   LIMIT is a sakk match limit, e.g. tc=3+0.03 or nodes=30000
#   defaults: LIMIT tc=3+0.03, ELO1 20, ROUNDS 300 (600 games at most), SEED 1
# env: OUT (logs and PGN, default /tmp/abl), CONC (concurrency, default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/selfplay.sh
if (( $# < 2 )); then
  echo "usage: $0 chess|glinski FEATURES [LIMIT] [ELO1] [ROUNDS] [SEED]" >&2
  exit 2
fi
variant=$1; feats=$2; limit=${3:-tc=3+0.03}; elo1=${4:-20}; rounds=${5:-300}; seed=${6:-1}
out=${OUT:-/tmp/abl}
build_ablate
selfplay "$variant" "$limit" "$rounds" "$seed" "$elo1" \
  "$variant-${feats//,/+}-${limit//[=+]/_}" full "" "no-$feats" "$feats"
