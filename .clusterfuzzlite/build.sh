#!/usr/bin/env bash
# OSS-Fuzz / ClusterFuzzLite build script for the cargo-fuzz targets of fuzz/.
#
# Inputs (set by the builder image; set them by hand to run it elsewhere):
#   $SRC   where the sources are; the project is $SRC/shogi-conformance (or $SHOGI_PROJECT_DIR)
#   $OUT   where the fuzzers and their files go
#   $WORK  scratch space
#   $SANITIZER  address (OSS-Fuzz's default), memory, …; unset or `none` builds without a
#          sanitizer, which is what stable Rust can do (the code has no `unsafe`).
# Outputs, for every target listed in fuzz/Cargo.toml (found with `cargo fuzz list`, so new
# targets are picked up without editing this file):
#   $OUT/TARGET                  the libFuzzer binary
#   $OUT/TARGET_seed_corpus.zip  the committed seeds of fuzz/corpus/TARGET
#   $OUT/TARGET.options          fuzz/options/TARGET.options, or a default one
#   $OUT/*.dict                  the dictionaries of fuzz/dicts/ the options files name
set -euo pipefail

: "${SRC:?set SRC}" "${OUT:?set OUT}" "${WORK:?set WORK}"
project="${SHOGI_PROJECT_DIR:-$SRC/shogi-conformance}"
fuzz="$project/fuzz"
[ -f "$fuzz/Cargo.toml" ] || { echo "build.sh: no $fuzz/Cargo.toml" >&2; exit 1; }

case "${SANITIZER:-none}" in
  address | memory | thread | leak) sanitizer="$SANITIZER" ;;
  # `coverage`, `undefined`, `none`: the builder's RUSTFLAGS carry what coverage needs, and
  # there is no UBSan for Rust.
  *) sanitizer=none ;;
esac

cd "$fuzz"
mapfile -t targets < <(cargo fuzz list)
[ "${#targets[@]}" -gt 0 ] || { echo "build.sh: cargo fuzz list found no target" >&2; exit 1; }
echo "build.sh: targets: ${targets[*]} (sanitizer $sanitizer)"

cargo fuzz build -O --sanitizer "$sanitizer"

triple="$(rustc -vV | sed -n 's/^host: //p')"
bin_dir="${CARGO_TARGET_DIR:-$fuzz/target}/$triple/release"

mkdir -p "$OUT"
for target in "${targets[@]}"; do
  cp "$bin_dir/$target" "$OUT/$target"

  if [ -d "corpus/$target" ] && [ -n "$(ls -A "corpus/$target")" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  else
    echo "build.sh: warning: $target has no seeds in fuzz/corpus/$target" >&2
  fi

  if [ -f "options/$target.options" ]; then
    cp "options/$target.options" "$OUT/$target.options"
  else
    echo "build.sh: warning: no fuzz/options/$target.options; writing a default one" >&2
    printf '[libfuzzer]\ntimeout = 60\n' >"$OUT/$target.options"
  fi
  dict="$(sed -n 's/^dict[[:space:]]*=[[:space:]]*//p' "$OUT/$target.options")"
  if [ -n "$dict" ]; then
    cp "dicts/$dict" "$OUT/$dict"
  fi
done
echo "build.sh: ${#targets[@]} fuzzers in $OUT"
