// The WebAssembly module (wasm/build.sh's `--target web` glue, copied into ../wasm/ by
// scripts/assemble.mjs), initialised once when the package is first imported: in node from the
// .wasm file beside the glue, read and compiled synchronously; in a browser fetched from the
// same place (top-level await, so every export is ready once the import resolves).

import * as glue from "../wasm/conformance_wasm.js";

const file = new URL("../wasm/conformance_wasm_bg.wasm", import.meta.url);

/** node's fs module, or undefined in a browser (`getBuiltinModule` is node ≥ 20.16). */
async function nodeFs() {
  if (typeof globalThis.process?.versions?.node !== "string") return undefined;
  const builtin = globalThis.process.getBuiltinModule?.("node:fs");
  if (builtin) return builtin;
  const name = "node:fs"; // hidden from bundlers, which would try to pack it for a browser
  return import(name);
}

const fs = file.protocol === "file:" ? await nodeFs() : undefined;
if (fs) {
  glue.initSync({ module: fs.readFileSync(file) });
} else {
  await glue.default({ module_or_path: file });
}

export const wasm = glue;
