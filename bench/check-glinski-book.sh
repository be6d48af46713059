#!/usr/bin/env bash
# Checks the built-in Glinski book by self-play (docs/glinski-openings.md):
# pass 1 plays every opening twice, colours swapped, sakk at N nodes
# against sakk at 1.2 N (two node counts, so that the two games of a pair
# differ); each later pass replays, at a higher node count, only the
# openings one colour has won every game of so far. An opening one colour
# wins in all 2*PASSES games is listed for dropping.
# usage: bench/check-glinski-book.sh [NODES] [PASSES]   (defaults 8000, 4)
# env: OUT (logs, PGN and lists; default /tmp/bookcheck), CONC (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-8000}; passes=${2:-4}; out=${OUT:-/tmp/bookcheck}; conc=${CONC:-2}
mkdir -p "$out"
go build -o "$out/sakk" ./cmd/sakk
go build -o "$out/bookplay" ./bench/cmd/bookplay
book=(file=builtin:glinski)
pgns=()
for pass in $(seq 1 "$passes"); do
  a=$((nodes * (4 + pass) / 5)); b=$((a * 6 / 5))
  if (( pass == 1 )); then
    rounds=$(grep -vc '^#' bench/openings/glinski.epd)
  else
    rounds=$(wc -l < "$out/list$((pass - 1)).epd")
  fi
  if (( rounds == 0 )); then break; fi
  echo "== pass $pass: $rounds openings, nodes $a against $b"
  rm -f "$out/pass$pass.pgn"
  "$out/sakk" match \
    -engine cmd="$out/sakk" name="sakk$a" nodes=$a option.Hash=16 \
    -engine cmd="$out/sakk" name="sakk$b" nodes=$b option.Hash=16 \
    -variant glinski -games 2 -rounds "$rounds" -repeat -concurrency "$conc" \
    -openings "${book[@]}" order=sequential \
    -resign movecount=4 score=800 -draw movenumber=60 movecount=10 score=10 \
    -pgnout "$out/pass$pass.pgn" > "$out/pass$pass.log" 2>&1
  sed -n '/^Results of/,$p' "$out/pass$pass.log"
  pgns+=("$out/pass$pass.pgn")
  "$out/bookplay" -min-games $((2 * pass)) -list "$out/list$pass.epd" "${pgns[@]}"
  book=(file="$out/list$pass.epd" format=epd)
done
