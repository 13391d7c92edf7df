// A wrapper of examples/js certified in-process by the npm package (npm/, assembled):
//     node wasm/tests/it/certify_js.mjs shogiops
// prints the JSON report; npm_package.rs compares it with the adapter route's.
import { certify } from "../../../npm/index.js";
import { WRAPPERS, load } from "../../../examples/js/adapter.mjs";

const name = process.argv[2];
if (!(name in WRAPPERS)) {
  process.stderr.write(`certify_js.mjs: expected one of ${Object.keys(WRAPPERS).join(", ")}\n`);
  process.exit(2);
}
process.stdout.write(JSON.stringify(certify(await load(name))) + "\n");
