#!/bin/bash
# compare.sh A B: diff two golden folders with durations and temp paths masked.
mask() { sed -E 's/"duration_ms": [0-9]+/"duration_ms": N/g; s/"(started|finished)_at": "[^"]*"/"\1_at": T/g; s#/tmp/tmp\.[A-Za-z0-9]+#/tmp/X#g; s/[0-9]+(\.[0-9]+)? ?(ms|s)\b/N\2/g' "$1"; }
for f in $(cd "$1" && ls); do
  if ! cmp -s <(mask "$1/$f") <(mask "$2/$f"); then echo "=== $f"; diff <(mask "$1/$f") <(mask "$2/$f") | head -${LINES_PER:-10}; fi
done
for f in $(cd "$2" && ls); do [ -e "$1/$f" ] || echo "=== new: $f"; done
