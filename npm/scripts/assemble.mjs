#!/usr/bin/env node
// Assembles the package: copies the WebAssembly module and its `--target web` glue, which
// wasm/build.sh writes to target/wasm/web/, into wasm/ beside the package's own sources, so that
// `npm pack` here (or `npm install` of this folder) has everything it needs; and the
// repository's licence files.
//
//     ./wasm/build.sh && node npm/scripts/assemble.mjs

import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const from = resolve(here, "..", "target", "wasm", "web");
const to = join(here, "wasm");
const FILES = ["conformance_wasm.js", "conformance_wasm.d.ts", "conformance_wasm_bg.wasm"];
const LICENSES = ["LICENSE-MIT", "LICENSE-APACHE"];

const missing = FILES.filter((f) => !existsSync(join(from, f)));
if (missing.length > 0) {
  console.error(`assemble: ${missing.join(", ")} missing in ${from}; run wasm/build.sh first`);
  process.exit(2);
}
mkdirSync(to, { recursive: true });
for (const f of FILES) copyFileSync(join(from, f), join(to, f));
// The licences, the repository's, beside the package's README.
for (const f of LICENSES) copyFileSync(resolve(here, "..", f), join(here, f));
const size = statSync(join(to, "conformance_wasm_bg.wasm")).size;
console.log(`assemble: ${FILES.length} files into ${to} (the module: ${size} bytes)`);
