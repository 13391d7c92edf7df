#!/bin/sh
# Judging's cost per ply at six lengths of one generated game (prefixes of the 20,000-ply game
# of `benches/judge_long.rs`), counted in instructions by valgrind's callgrind and in peak
# resident memory by GNU time: figures a shared machine's load does not move, unlike times.
# The `judge` command is run whole on each file; the marginal column is the instructions of
# the plies added since the previous length, per added ply, so process start-up and the
# record's fixed costs drop out. Needs valgrind and /usr/bin/time.
#
#   sh benches/scripts/judge_lengths.sh
set -eu
cd "$(dirname "$0")/../.."
cargo build --quiet --release -p shogi-conformance --bin shogi-conformance
cargo build --quiet --release -p shogi-benches --example judge_lengths
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
target/release/examples/judge_lengths "$dir"
printf '%7s %15s %12s %28s %12s\n' plies instructions 'per ply' 'marginal per added ply' 'peak memory'
prev_n=0
prev_ir=0
for n in 150 1000 2000 5000 10000 20000; do
    file="$dir/long-$n.csa"
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        target/release/shogi-conformance judge "$file" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    rss=$( { /usr/bin/time -f %M target/release/shogi-conformance judge "$file" >/dev/null; } 2>&1)
    marginal=""
    if [ "$prev_n" -gt 0 ]; then
        marginal=$(awk -v a="$ir" -v b="$prev_ir" -v n="$n" -v m="$prev_n" \
            'BEGIN { printf "%d (%d->%d)", (a - b) / (n - m), m, n }')
    fi
    awk -v n="$n" -v ir="$ir" -v marg="$marginal" -v rss="$rss" \
        'BEGIN { printf "%7d %15d %12d %28s %9d KiB\n", n, ir, ir / n, marg, rss }'
    prev_n=$n
    prev_ir=$ir
done
