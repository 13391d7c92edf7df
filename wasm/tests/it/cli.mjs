// The WebAssembly build asked as the command line is asked: node cli.mjs GLUE COMMAND ARGS…
// (GLUE: target/wasm/nodejs/conformance_wasm.js). Prints the answer on standard output and the
// time the answer took, in milliseconds, on standard error (`took-ms N`). A folder is given as
// a page gives it: every file under it, named by its path from the folder's parent
// (`shogi/shogihome/a.kifu`), read here and handed over as bytes.
import { createRequire } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, dirname, resolve } from "node:path";

const [glue, command, ...args] = process.argv.slice(2);
const wasm = createRequire(import.meta.url)(resolve(glue));

function filesOf(dir) {
  const files = new wasm.Files();
  const base = dirname(resolve(dir));
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.add(relative(base, path).split("\\").join("/"), readFileSync(path));
    }
  };
  walk(resolve(dir));
  return files;
}

const commands = {
  "shogi-run": () => wasm.shogiRun(args[0] ?? ""),
  "go-run": () => wasm.goRun(args[0] ?? ""),
  "shogi-judge": () => wasm.shogiJudgeArchive(filesOf(args[0]), args[1] ?? ""),
  "go-judge": () => wasm.goJudge(filesOf(args[0]), args[1] ?? ""),
  "shogi-diff": () => wasm.shogiDiff(filesOf(args[0]), args[1]),
  "go-diff": () => wasm.goDiff(filesOf(args[0]), args[1]),
  "shogi-judge-file": () => wasm.shogiJudge(args[0], readFileSync(args[0]), args[1] ?? ""),
  "shogi-perft": () => wasm.shogiPerft(args[0], Number(args[1])),
  "shogi-legal": () => wasm.shogiLegalMoves(args[0]),
  "shogi-profiles": () => wasm.shogiProfiles(),
  "go-profiles": () => wasm.goProfiles(),
};
const run = commands[command];
if (!run) {
  process.stderr.write(`cli.mjs: unknown command ${command}\n`);
  process.exitCode = 2;
} else {
  const started = performance.now();
  try {
    const answer = run();
    process.stderr.write(`took-ms ${Math.round(performance.now() - started)}\n`);
    process.stdout.write(answer);
  } catch (e) {
    process.stderr.write(`error: ${e.message}\n`);
    process.exitCode = 2;
  }
}
