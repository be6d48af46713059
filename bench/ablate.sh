#!/usr/bin/env bash
# Top-level ablation (README, "What each feature is worth"): the release
# engine against itself with FEATURES switched off (names as for SAKK_ABLATE,
# comma-separated), self-play with an SPRT. Uses the -tags ablate build.
# usage: bench/ablate.sh VARIANT FEATURES [LIMIT] [ELO1] [ROUNDS] [SEED]
#   LIMIT is a sakk match limit, e.g. tc=3+0.03 or nodes=30000
#   defaults: LIMIT tc=3+0.03, ELO1 20, ROUNDS 300 (600 games at most), SEED 1
# env: OUT (logs and PGN, default /tmp/abl), CONC (concurrency, default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
if (( $# < 2 )); then
  echo "usage: $0 chess|glinski FEATURES [LIMIT] [ELO1] [ROUNDS] [SEED]" >&2
  exit 2
fi
variant=$1; feats=$2; limit=${3:-tc=3+0.03}; elo1=${4:-20}; rounds=${5:-300}; seed=${6:-1}
case $variant in
  chess) book=(file=../shared/data/openings/chess-8moves.epd format=epd order=random) ;;
  glinski) book=(file=builtin:glinski order=random) ;;
  *) echo "$0: variant must be chess or glinski" >&2; exit 2 ;;
esac
out=${OUT:-/tmp/abl}
mkdir -p "$out"
go build -o "$out/runner" ./cmd/sakk
go build -tags ablate -o "$out/sakk-ablate" ./cmd/sakk
# Fail early on a misspelt feature name (the ablate build exits 2).
echo quit | SAKK_ABLATE="$feats" "$out/sakk-ablate" > /dev/null

tag="$variant-${feats//,/+}-${limit//[=+]/_}"
"$out/runner" match \
  -engine cmd=/usr/bin/env args="SAKK_ABLATE= $out/sakk-ablate" name=full option.Hash=16 \
  -engine cmd=/usr/bin/env args="SAKK_ABLATE=$feats $out/sakk-ablate" name="no-$feats" option.Hash=16 \
  -each "$limit" -variant "$variant" -games 2 -rounds "$rounds" -repeat -concurrency "${CONC:-1}" \
  -openings "${book[@]}" -srand "$seed" -sprt elo0=0 elo1="$elo1" \
  -pgnout "$out/$tag.pgn" > "$out/$tag.log" 2>&1 || true
sed -n '/^Results of/,$p' "$out/$tag.log"
