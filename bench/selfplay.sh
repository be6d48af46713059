# Shared by bench/ablate.sh and bench/glinski-ladder.sh (source it, do not
# run it): builds the match runner and the -tags ablate engine into $out,
# and plays two SAKK_ABLATE settings of that engine against each other.

# build_ablate: builds $out/runner (release) and $out/sakk-ablate.
build_ablate() {
  mkdir -p "$out"
  go build -o "$out/runner" ./cmd/sakk
  go build -tags ablate -o "$out/sakk-ablate" ./cmd/sakk
}

# selfplay VARIANT LIMIT ROUNDS SEED ELO1 TAG NAME_A OFF_A NAME_B OFF_B
# plays engine A (features OFF_A switched off, comma-separated) against B
# with an SPRT [0, ELO1], writes $out/TAG.log and $out/TAG.pgn and prints
# the result block. A misspelt feature name stops the script (exit 2).
selfplay() {
  local variant=$1 limit=$2 rounds=$3 seed=$4 elo1=$5 tag=$6
  local name_a=$7 off_a=$8 name_b=$9 off_b=${10} book
  case $variant in
    chess) book=(file=bench/openings/chess-8moves.epd format=epd order=random) ;;
    glinski) book=(file=builtin:glinski order=random) ;;
    *) echo "variant must be chess or glinski" >&2; exit 2 ;;
  esac
  echo quit | SAKK_ABLATE="$off_a" "$out/sakk-ablate" > /dev/null
  echo quit | SAKK_ABLATE="$off_b" "$out/sakk-ablate" > /dev/null
  "$out/runner" match \
    -engine cmd=/usr/bin/env args="SAKK_ABLATE=$off_a $out/sakk-ablate" name="$name_a" option.Hash=16 \
    -engine cmd=/usr/bin/env args="SAKK_ABLATE=$off_b $out/sakk-ablate" name="$name_b" option.Hash=16 \
    -each "$limit" -variant "$variant" -games 2 -rounds "$rounds" -repeat -concurrency "${CONC:-1}" \
    -openings "${book[@]}" -srand "$seed" -sprt elo0=0 elo1="$elo1" \
    -pgnout "$out/$tag.pgn" > "$out/$tag.log" 2>&1 || true
  sed -n '/^Results of/,$p' "$out/$tag.log"
}
