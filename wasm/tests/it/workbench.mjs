// The workbench's WebAssembly back-end asked as a page's worker asks it:
// node workbench.mjs GLUE GAME DIR < questions.json
// (GLUE: target/wasm/nodejs/conformance_wasm.js). Every file under DIR is added as a page adds
// a dropped folder's files: named by its path from DIR's parent (`shogi/shogihome/a.kifu`).
// The questions, on standard input, are a JSON array of {"call": "info" | "records" | "record"
// | "check" | "judge" | "impact", "arg": JSON text}; the answers, on standard output, a JSON
// array of {"status", "body"} in the same order: 200 and the JSON text answered, or a refusal's
// `status` and `body` (a thrown Error without them is status 0, its message the body). An
// impact's answer also has "progress": [calls, last done, last total].
import { createRequire } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, dirname, resolve } from "node:path";

const [glue, game, dir] = process.argv.slice(2);
const wasm = createRequire(import.meta.url)(resolve(glue));
const bench = new wasm.Workbench(game);

const base = dirname(resolve(dir));
const walk = (d) => {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    const path = join(d, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile()) bench.addFile(relative(base, path).split("\\").join("/"), readFileSync(path));
  }
};
walk(resolve(dir));

const questions = JSON.parse(readFileSync(0, "utf8"));
const answers = questions.map(({ call, arg }) => {
  const progress = [];
  try {
    const body =
      call === "impact"
        ? bench.impact(arg, (done, total) => progress.push([done, total]))
        : arg === undefined
          ? bench[call]()
          : bench[call](arg);
    const answer = { status: 200, body };
    if (call === "impact") answer.progress = [progress.length, ...(progress.at(-1) ?? [0, 0])];
    return answer;
  } catch (e) {
    return e.status === undefined ? { status: 0, body: String(e.message) } : { status: e.status, body: e.body };
  }
});
process.stdout.write(JSON.stringify(answers));
