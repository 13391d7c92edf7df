#!/bin/bash
# Golden outputs of both binaries, for a refactor that must not change what users see: every
# shared and game command, text and JSON, on the corpus and real-records (not run by .ci/run).
# Usage: .ci/golden/record.sh REPO OUTDIR (release binaries of REPO built first); then
# .ci/golden/compare.sh BEFORE AFTER shows the differences with durations and temp paths masked.
set -u
REPO=$1; OUT=$2
S=$REPO/target/release/shogi-conformance
G=$REPO/target/release/go-conformance
mkdir -p "$OUT"; cd "$REPO"
n=0
take() { # name, command...
  local name=$1; shift
  "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"; echo "exit=$?" >>"$OUT/$name.err"
}
TMP=$(mktemp -d)
# shogi
take s-help $S --help
for c in run explain check-adapter legal perft bisect judge serve convert match diff lint coverage profiles new-id site merge matrix fuzz; do take s-help-$c $S $c --help; done
take s-run-text $S run
take s-run-json $S run --format json
take s-run-shard1 $S run --shard 1/2 --format json
take s-run-shard2 $S run --shard 2/2 --format json
take s-merge $S merge $OUT/s-run-shard1.out $OUT/s-run-shard2.out
take s-run-set $S run --set repetition_start=not_counted
take s-explain $S explain 6d80abd6
take s-legal $S legal startpos
take s-perft $S perft startpos 3
take s-judge-text $S judge real-records/shogi
take s-judge-json $S judge --format json real-records/shogi
take s-judge-explain $S judge --explain real-records/shogi/shogihome/bridge-5-record.kifu
take s-judge-explain-json $S judge --explain --format json real-records/shogi/shogihome/bridge-5-record.kifu
take s-convert $S convert --to csa real-records/shogi/shogihome/bridge-5-record.kifu
take s-diff-cases $S diff --profile fesa-2017 --set repetition_start=not_counted
take s-diff-text $S diff --profile fesa-2017 --set repetition_start=not_counted real-records/shogi
take s-diff-json $S diff --profile fesa-2017 --set repetition_start=not_counted --format json real-records/shogi
take s-diff-md $S diff --profile fesa-2017 --set repetition_start=not_counted --format markdown real-records/shogi
take s-lint $S lint
take s-coverage $S coverage
take s-profiles $S profiles
take s-newid $S new-id 3
take s-site $S site --output $TMP/s-site; (cd $TMP/s-site && find . -type f | sort | xargs sha256sum) > $OUT/s-site.tree
take s-matrix $S matrix $OUT/s-run-json.out
# go
take g-help $G --help
for c in run judge diff lint coverage profiles merge matrix explain reproduce serve site; do take g-help-$c $G $c --help; done
take g-run-text $G run
take g-run-json $G run --format json
take g-run-shard1 $G run --shard 1/2 --format json
take g-run-shard2 $G run --shard 2/2 --format json
take g-merge $G merge $OUT/g-run-shard1.out $OUT/g-run-shard2.out
take g-run-set $G run --set repetition=simple_ko
take g-judge-text $G judge real-records/go
take g-judge-json $G judge --format json real-records/go
take g-diff-text $G diff --profile rfg --set repetition=simple_ko real-records/go
take g-diff-json $G diff --profile rfg --set repetition=simple_ko --format json real-records/go
take g-lint $G lint
take g-coverage $G coverage
take g-profiles $G profiles
GID=$(grep -rhoE '^ *(- )?id: "?[a-z0-9_-]+' go/corpus/cases | head -1 | sed -E 's/.*id: "?//')
take g-explain $G explain $GID
take g-reproduce $G reproduce $GID
take g-site $G site --output $TMP/g-site; (cd $TMP/g-site && find . -type f | sort | xargs sha256sum) > $OUT/g-site.tree
take g-matrix $G matrix $OUT/g-run-json.out
rm -rf "$TMP"
