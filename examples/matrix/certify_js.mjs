#!/usr/bin/env node
// Certify the JavaScript shogi libraries of docs/implementations.md and write, for each, the
// JSON report and what the matrix says beside it (NAME.json and NAME.meta.json), as
// certify_python.py does for the Python ones:
//
//     node examples/matrix/certify_js.mjs OUTDIR [NAME ...] [--route in-process|adapter] [--bin PATH]
//
// Run it from the repository's root after `npm ci` in examples/js (the versions are pinned in
// its package-lock.json). Before certifying, each wrapper counts the published perft of the
// initial position (Shogi Programming wiki, "Perft" page: 30 / 900 / 25,470 / 719,731, also
// corpus/perft/published.yaml), timed: a wrapper that miscounts is a wrapper bug, never charged
// to the library, so the gate failing stops that library's certification and the exit status
// is 1. The corpus is then run in this process by the npm package's `certify` (npm/, assembled
// by npm/scripts/assemble.mjs after wasm/build.sh): route "in-process (npm)", the default and
// the matrix's. `--route adapter` runs it instead through examples/js/adapter.mjs (the
// JSON-lines adapter route) by the command line (`--bin`, default
// target/release/shogi-conformance when it exists, else `shogi-conformance` on the PATH); its
// exit status 1 (some case failed) is expected and kept. Both give the same report but for the
// implementation's name (wasm/tests/it/npm_package.rs holds them to that).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { WRAPPERS, load } from "../js/adapter.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ADAPTER = join(ROOT, "examples", "js", "adapter.mjs");

/** Perft from the initial position (Shogi Programming wiki, "Perft"). */
export const PUBLISHED = { 1: 30, 2: 900, 3: 25470, 4: 719731 };

/** The deepest perft the gate asks of each library (both reach depth 4 in seconds; measured). */
const GATE_DEPTH = { shogiops: 4, tsshogi: 4 };

/** How long one corpus question may take: tsshogi's perft of the matsuri position to depth 3
 * (4.8 million leaves, each move judged by `isValidMove`) took 33 s on a loaded 2-core machine. */
const TIMEOUT_SECONDS = 600;

/** The gate: the wrapper's counts to `depth`, each with its time, and whether all agree. */
export async function perftGate(impl, depth) {
  const counts = {};
  const seconds = {};
  for (let d = 1; d <= depth; d++) {
    const started = process.hrtime.bigint();
    counts[d] = Number(await impl.perft("startpos", [], d));
    seconds[d] = Number(process.hrtime.bigint() - started) / 1e9;
  }
  const agrees = Object.entries(counts).every(([d, n]) => PUBLISHED[d] === n);
  return { counts, seconds, agrees };
}

/** The route named by `--route` (default in-process), taken out of `argv`. */
function routeOf(argv) {
  const at = argv.indexOf("--route");
  const route = at >= 0 ? argv.splice(at, 2)[1] : "in-process";
  if (!["in-process", "adapter"].includes(route)) throw new Error(`--route: in-process or adapter, not ${route}`);
  return route;
}

/** The corpus in this process through the npm package; the JSON report into `report`. */
async function certifyInProcess(impl, report) {
  const { certify } = await import("../../npm/index.js");
  writeFileSync(report, JSON.stringify(certify(impl), null, 2) + "\n");
}

function binary(argv) {
  const at = argv.indexOf("--bin");
  if (at >= 0) return argv.splice(at, 2)[1];
  const built = join(ROOT, "target", "release", "shogi-conformance");
  return existsSync(built) ? built : "shogi-conformance";
}

/** Runs the corpus through the adapter; exit status 0 or 1 (cases failed) both give a report. */
function runCorpus(bin, name, report) {
  const args = ["run", "--impl", `adapter:${process.execPath} ${ADAPTER} ${name}`,
    "--timeout", String(TIMEOUT_SECONDS), "--format", "json", "--output", report];
  const run = spawnSync(bin, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (run.error) throw new Error(`cannot run ${bin}: ${run.error.message}`);
  if (run.status !== 0 && run.status !== 1) throw new Error(`${bin} run exited with status ${run.status}`);
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

async function certify(name, out, bin, route) {
  const impl = await load(name);
  const depth = GATE_DEPTH[name];
  const gate = await perftGate(impl, depth);
  const shown = Object.keys(gate.counts).map((d) => `${gate.counts[d]} (${gate.seconds[d].toFixed(2)} s)`).join(", ");
  console.log(`${name} ${impl.version}: perft ${shown}`);
  if (!gate.agrees) {
    console.error(`${name}: the wrapper's perft differs from the published counts; not certified`);
    return false;
  }
  const report = join(out, `${name}.json`);
  const started = process.hrtime.bigint();
  if (route === "adapter") runCorpus(bin, name, report);
  else await certifyInProcess(impl, report);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const meta = {
    name,
    version: impl.version,
    route: route === "adapter" ? "JSON-lines adapter (node)" : "in-process (npm)",
    wrapper: `examples/js/${WRAPPERS[name][0].slice(2)}`,
    perft: gate.counts,
    perft_published: Object.fromEntries(Object.keys(gate.counts).map((d) => [d, PUBLISHED[d]])),
    corpus_link: "corpus",
    reproduce: `node examples/matrix/certify_js.mjs target/matrix ${name}${route === "adapter" ? " --route adapter" : ""}`,
    date: today(),
  };
  writeFileSync(join(out, `${name}.meta.json`), JSON.stringify(meta, null, 2) + "\n");
  const { summary } = JSON.parse(readFileSync(report, "utf8"));
  console.log(`${name} ${impl.version} (${route}, ${seconds.toFixed(1)} s): ${Object.entries(summary).map(([k, v]) => `${k}: ${v}`).join(", ")}`);
  return true;
}

async function main(argv) {
  const route = routeOf(argv);
  const bin = binary(argv);
  if (argv.length === 0) {
    console.error("usage: node examples/matrix/certify_js.mjs OUTDIR [NAME ...] [--route in-process|adapter] [--bin PATH]");
    return 2;
  }
  const out = resolve(argv[0]);
  mkdirSync(out, { recursive: true });
  const names = argv.length > 1 ? argv.slice(1) : Object.keys(WRAPPERS);
  const unknown = names.filter((n) => !(n in WRAPPERS));
  if (unknown.length > 0) {
    console.error(`unknown library: ${unknown.join(", ")} (known: ${Object.keys(WRAPPERS).join(", ")})`);
    return 2;
  }
  let ok = true;
  for (const name of names) ok = (await certify(name, out, bin, route)) && ok;
  return ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (e) => {
      console.error(`certify_js.mjs: ${e.message}`);
      process.exit(2);
    },
  );
}
