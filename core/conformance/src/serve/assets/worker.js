// The workbench's worker in the static page (workbench_page.rs): appended to wasm-bindgen's glue
// (conformance_wasm.js, web target, made a classic script) and started from a Blob URL. It owns one
// WebAssembly `Workbench` and answers app.js's `workerBackend()`; the page's main thread never
// judges. Messages in: {id, method, args}; out: {id, value} (a JSON text, or the diff document),
// {id, error: {status, body}}, and {id, progress: [done, total]} while an impact is computed.

let bench = null; // the module's Workbench, once initialised
let files = null; // the same records as a `Files`, for the `diff --format json` document

// The module's bytes, from the base64 the page holds.
function decode(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

// A throttled progress report: at most one message every 100 ms, and the last one always.
function progressPoster(id) {
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    if (done < total && now - last < 100) return;
    last = now;
    postMessage({ id, progress: [done, total] });
  };
}

// `diff --format json` on the records given, for the rules chosen: the command line's own
// document (`gameDiff`, set before this script by the page's writer, is the game's diff
// function of the module: the library function the command line's `diff` calls).
function diffDocument({ base, choice }) {
  const profiles = choice.profile === base ? [base] : [base, choice.profile];
  const options = JSON.stringify({ profiles, set: choice.set });
  return gameDiff(files, options);
}

// An upload's bytes as the module takes them: an array of numbers 0–255 (a text stays text).
function uploadable(req) {
  const bytes = req.record && req.record.bytes;
  if (!(bytes instanceof ArrayBuffer)) return req;
  return { ...req, record: { ...req.record, bytes: Array.from(new Uint8Array(bytes)) } };
}

const methods = {
  init({ game: which, wasm }) {
    initSync({ module: decode(wasm) });
    bench = new Workbench(which);
    files = new Files();
    return "{}";
  },
  // Replaces the records: [{path, bytes: ArrayBuffer}], path `/`-separated, the dropped
  // folder's name first.
  // A file the module refuses (a path with `..`, a file and a folder of one name) is left out
  // and named in the answer: {"refused": [{path, error}]}.
  load({ records }) {
    bench.clear();
    files = new Files();
    const refused = [];
    for (const { path, bytes } of records) {
      const b = new Uint8Array(bytes);
      try {
        bench.addFile(path, b);
        files.add(path, b);
      } catch (err) {
        refused.push({ path, error: String(err.message || err) });
      }
    }
    return JSON.stringify({ refused });
  },
  info: () => bench.info(),
  records: () => bench.records(),
  record: (req) => bench.record(JSON.stringify(req)),
  check: (choice) => bench.check(JSON.stringify(choice)),
  judge: (req) => bench.judge(JSON.stringify(uploadable(req))),
  impact: (req, id) => bench.impact(JSON.stringify(req), progressPoster(id)),
  diff: (req) => diffDocument(req),
};

self.onmessage = (e) => {
  const { id, method, args } = e.data;
  try {
    if (!(method in methods)) throw new Error(`no method ${method}`);
    postMessage({ id, value: methods[method](args, id) });
  } catch (err) {
    // A refusal carries the contract's status and JSON body; anything else is the worker's own
    // failure, said as a 500 would be.
    const status = typeof err.status === "number" ? err.status : 500;
    const body = typeof err.body === "string" ? err.body : JSON.stringify({ error: String(err.message || err) });
    postMessage({ id, error: { status, body } });
  }
};
