#!/bin/sh
# Builds the WebAssembly module of the conformance suites (crate conformance-wasm) and its
# JavaScript glue, for node and for a browser page, into target/wasm/{nodejs,web}/; prints the
# .wasm's size raw and gzipped. Needs the wasm32-unknown-unknown target
# (`rustup target add wasm32-unknown-unknown`) and wasm-bindgen-cli at the version of the
# wasm-bindgen crate in Cargo.lock, built from crates.io
# (`cargo install wasm-bindgen-cli --version X`): nothing prebuilt is downloaded.
# See docs/wasm.md.
set -eu
cd "$(dirname "$0")/.."
locked=$(awk '/^name = "wasm-bindgen"$/ { getline; sub(/version = /, ""); gsub(/"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }') || have=""
if [ "$have" != "$locked" ]; then
    echo "wasm/build.sh: wasm-bindgen-cli $locked is needed (found: ${have:-none});" >&2
    echo "  cargo install wasm-bindgen-cli --version $locked" >&2
    exit 2
fi
cargo build -p conformance-wasm --lib --profile wasm-release --target wasm32-unknown-unknown
module=target/wasm32-unknown-unknown/wasm-release/conformance_wasm.wasm
for target in nodejs web; do
    wasm-bindgen --remove-name-section --remove-producers-section --target "$target" --out-dir "target/wasm/$target" "$module"
done
out=target/wasm/nodejs/conformance_wasm_bg.wasm
raw=$(wc -c < "$out")
gz=$(gzip -9 -c "$out" | wc -c)
echo "wasm/build.sh: $out: $raw bytes, $gz gzipped (gzip -9)"
