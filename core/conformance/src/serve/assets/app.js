// The workbench page: no framework, no network beyond its back-end. Every answer comes from
// `backend` (below); the boards come pre-drawn as SVG by the game.
"use strict";

// ---------------------------------------------------------------------------------------------
// The back-end contract. The page asks every question through this one object, so that the
// same page can run over `serve` (HTTP, below) or over the WebAssembly build in a Web Worker
// answering the same JSON (issue 53). Each call returns a Promise of the JSON shown; a refusal
// rejects with a `BackendError` whose `body` is the JSON error and `status` an HTTP-like code.
//
//   info()                       → {title, game, extensions: [".rec", …],
//                                   profiles: [{name, title, knobs: [{name, about, value, values,
//                                   source, domain, article}]}]}      (the default profile first)
//   records()                    → {folders: [name], files, games, refused, records: [{root,
//                                   path, game, label, refused}]}  (a file of several games
//                                   once per game, `game` from 0; a refused link with its reason)
//   record({root, path})         → {name, text}
//   check(choice)                → {}  — or refused (400) with {error, knob, value, domain, article}:
//                                   `knob` names the field at fault (null: the profile itself),
//                                   `domain` what it can take, in words
//   judge({record, choice})      → {headline, result, detail, chain: [{article, link, fact, knob}],
//                                   knobs: [{knob, value, source, set_to, gives}], knobs_together,
//                                   plies: [{label, svg, illegal, after_decision}], deciding_ply,
//                                   extra_html, notes}
//                                   — refused as check is (400), or the record unreadable (422:
//                                   {error, file, line, message}), or not found (404)
//   impact({base, choice})       → {base: choice, other: choice, judged, unchanged, changed,
//                                   unreadable, transitions: [[text, n]], rows: [{record: {root,
//                                   path, label}, comparison: {before, after, parting_ply,
//                                   articles, knobs, knobs_together}}], errors: [{label, error}]}
//                                   — refused as check is (400)
//
// where choice = {profile, set: ["knob=value", …], marks: [point, …]} (marks: the points clicked
// on the board, marks.js), record = {root, path, game} for a served record
// or {name, bytes} (text or ArrayBuffer) for a paste or upload, and base = a profile's name.
// ---------------------------------------------------------------------------------------------

class BackendError extends Error {
  constructor(status, body) {
    super((body && body.error) || `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

function choiceParams(choice, params = new URLSearchParams()) {
  params.set("profile", choice.profile);
  for (const s of choice.set) params.append("set", s);
  for (const m of choice.marks || []) params.append("mark", m);
  return params;
}

// The contract over `serve`'s routes (listed in http.rs).
function httpBackend() {
  async function call(method, route, params, body) {
    const query = params && String(params) ? `?${params}` : "";
    const init = { method };
    if (method === "POST") {
      init.body = body === undefined ? null : body;
      init.headers = { "Content-Type": "application/octet-stream" };
    }
    const r = await fetch(`${route}${query}`, init);
    let answer;
    try {
      answer = await r.json();
    } catch (e) {
      throw new BackendError(r.status, { error: `the server answered ${r.status} without JSON` });
    }
    if (!r.ok) throw new BackendError(r.status, answer);
    return answer;
  }
  return {
    info: () => call("GET", "/api/info"),
    records: () => call("GET", "/api/records"),
    record: ({ root, path }) => call("GET", "/api/record", new URLSearchParams({ root, path })),
    check: (choice) => call("GET", "/api/check", choiceParams(choice)),
    judge({ record, choice }) {
      const params = choiceParams(choice);
      if (record.root !== undefined) {
        params.set("root", record.root);
        params.set("path", record.path);
        if (record.game) params.set("game", record.game);
        return call("POST", "/api/judge", params);
      }
      params.set("name", record.name);
      return call("POST", "/api/judge", params, record.bytes);
    },
    impact({ base, choice }) {
      const params = choiceParams(choice);
      params.set("base", base);
      return call("POST", "/api/impact", params);
    },
  };
}

// The contract over the WebAssembly module, in the static page (workbench_page.rs, which defines
// WORKBENCH_STATIC and holds the workers' script and the module as base64). Two workers, each
// with the module and the records: one answers the verdicts, the other the archive's impact,
// so that a game opens while the archive is compared, and the page's own thread never judges.
// Beyond the contract: `load(records)` gives both the records the user dropped or picked
// ([{path, bytes}]), `diffDocument({base, choice})` the `diff --format json` document of them,
// and `impact` takes a progress callback (done, total).
function workerBackend(config) {
  const element = (id) => document.getElementById(id).textContent.trim();
  const source = Uint8Array.from(atob(element("workbench-worker")), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const wasm = element("workbench-wasm");
  const parse = (text) => {
    try {
      return JSON.parse(text);
    } catch (e) {
      return { error: String(text) };
    }
  };
  function spawn() {
    const worker = new Worker(url);
    const pending = new Map();
    let next = 0;
    worker.onmessage = (e) => {
      const { id, value, error, progress } = e.data;
      const p = pending.get(id);
      if (!p) return;
      if (progress) {
        if (p.progress) p.progress(progress[0], progress[1]);
        return;
      }
      pending.delete(id);
      if (error) p.reject(new BackendError(error.status, parse(error.body)));
      else p.resolve(value);
    };
    worker.onerror = (e) => {
      for (const p of pending.values()) p.reject(new BackendError(500, { error: `the workbench's worker failed: ${e.message}` }));
      pending.clear();
    };
    const post = (method, args, progress) => new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject, progress });
      worker.postMessage({ id, method, args });
    });
    const ready = post("init", { game: config.game, wasm });
    const call = async (method, args, progress) => {
      await ready;
      return post(method, args, progress);
    };
    // Ends the worker, and with it what it was asked (answered "superseded"): a WebAssembly
    // call cannot be interrupted, only the worker running it ended.
    call.stop = () => {
      worker.terminate();
      for (const p of pending.values()) p.reject(new BackendError(0, { error: "superseded", superseded: true }));
      pending.clear();
    };
    return call;
  }
  const judging = spawn();
  let comparing = spawn();
  const json = async (answer) => JSON.parse(await answer);
  // The records as last loaded, for a fresh comparing worker.
  let loaded = [];
  // One comparison at a time. One asked while another runs means the page has moved on (the
  // knobs changed): the comparison under way is dropped with its worker, and a fresh worker,
  // given the same records, compares at once — on a large archive the old one could take a
  // minute more. `data-comparing-workers` on the page counts the workers started (for tests).
  let running = null;
  let started = 1;
  function freshComparing() {
    comparing.stop();
    comparing = spawn();
    running = null;
    document.documentElement.dataset.comparingWorkers = String(++started);
  }
  async function compare(req, progress) {
    if (running) {
      freshComparing();
      // Its failure is the comparison's to report (it is asked of the same worker next).
      comparing("load", { records: loaded }).catch(() => {});
    }
    const mine = comparing("impact", req, progress);
    running = mine;
    try {
      return JSON.parse(await mine);
    } finally {
      if (running === mine) running = null;
    }
  }
  return {
    info: () => json(judging("info")),
    records: () => json(judging("records")),
    record: (req) => json(judging("record", req)),
    check: (choice) => json(judging("check", choice)),
    judge: (req) => json(judging("judge", req)),
    impact: compare,
    diffDocument: (req) => comparing("diff", req),
    load: async (records) => {
      loaded = records;
      // New records while the old ones are compared: that comparison is moot.
      if (running) freshComparing();
      return (await Promise.all([json(judging("load", { records })), json(comparing("load", { records }))]))[0];
    },
  };
}

const backend = typeof WORKBENCH_STATIC === "undefined" ? httpBackend() : workerBackend(WORKBENCH_STATIC);
// Where the rulebook's pages are: served beside the page, or the site the static page is in.
const RULES = typeof WORKBENCH_STATIC === "undefined" ? "/rules/" : WORKBENCH_STATIC.rules;

// ---------------------------------------------------------------------------------------------
// The page.

const $ = (id) => document.getElementById(id);
const state = {
  info: null,
  record: null, // {root, path, label} for a served record, {name, bytes} for a paste or upload
  verdict: null,
  ply: 0,
  pendingPly: null, // the ply to show once the next verdict arrives
  records: [],
  refused: null, // the refusal of the rules chosen, while a field is marked
};

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function profileInfo(name) {
  return state.info.profiles.find((p) => p.name === name) || state.info.profiles[0];
}

// The rules chosen on the page: the profile and the knobs changed, as `knob=value`. Marks each
// changed knob's line.
function choice() {
  const p = profileInfo($("profile").value);
  const set = [];
  for (const el of document.querySelectorAll("[data-knob-input]")) {
    const knob = p.knobs.find((k) => k.name === el.dataset.knobInput);
    const changed = knob && el.value.trim() !== "" && el.value.trim() !== knob.value;
    el.closest(".knob").classList.toggle("changed", !!changed);
    if (changed) set.push(`${knob.name}=${el.value.trim()}`);
  }
  return { profile: p.name, set };
}

// ---------------------------------------------------------------------------------------------
// The knobs: one line each (name, field, what it decides), its long explanation folded, grouped
// by the article that bounds it, the changed ones gathered on top.

// The knob's field: a list of its words, or a text field (with its listed values offered)
// where it takes any value of a kind (`<number>`); with the datalist, if any.
function knobInput(k) {
  const fixed = k.values.filter((v) => !v.startsWith("<"));
  let input;
  let list = null;
  if (fixed.length !== k.values.length) {
    input = document.createElement("input");
    input.value = k.value;
    list = document.createElement("datalist");
    list.id = `values-${k.name}`;
    for (const v of fixed) list.append(new Option(v, v));
    input.setAttribute("list", list.id);
  } else {
    input = document.createElement("select");
    for (const v of fixed) input.append(new Option(v, v, false, v === k.value));
  }
  input.id = `knob-${k.name}`;
  input.dataset.knobInput = k.name;
  input.setAttribute("aria-label", k.name);
  // The values the knob's article can mean: anything else is refused, naming both.
  input.title = `${k.domain} (${k.article})`;
  input.addEventListener("change", rulesChanged);
  return { input, list };
}

function knobLine(k) {
  const line = document.createElement("div");
  line.className = "knob";
  line.dataset.knob = k.name;
  line.dataset.article = k.article;
  const { input, list } = knobInput(k);
  const more = document.createElement("details");
  more.innerHTML = `<summary>${esc(k.about)}</summary>` +
    `<p>Profile value <b>${esc(k.value)}</b>: ${esc(k.source)}</p>` +
    `<p>Takes ${esc(k.domain)} (${esc(k.article)}).</p>`;
  const error = document.createElement("p");
  error.className = "field-error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  line.innerHTML = `<label for="${esc(input.id)}"><code>${esc(k.name)}</code></label>`;
  line.append(input, more, error);
  if (list) line.append(list);
  return line;
}

function knobGroup(id, title) {
  const group = document.createElement("section");
  group.className = "knob-group";
  if (id) group.id = id;
  group.innerHTML = `<h3>${esc(title)}</h3>`;
  return group;
}

function showKnobs() {
  const p = profileInfo($("profile").value);
  $("profile-title").textContent = p.title;
  const box = $("knobs");
  box.innerHTML = "";
  const changed = knobGroup("knobs-changed", "Changed from the profile");
  box.append(changed);
  const groups = new Map();
  for (const k of p.knobs) {
    if (!groups.has(k.article)) {
      const g = knobGroup(null, k.article);
      g.dataset.article = k.article;
      groups.set(k.article, g);
      box.append(g);
    }
    groups.get(k.article).append(knobLine(k));
  }
  arrangeKnobs();
}

// Puts every changed knob in the group on top and every other back in its article's group, in
// the profile's order; the focus stays on the field it was in.
function arrangeKnobs() {
  const p = profileInfo($("profile").value);
  const focused = document.activeElement;
  const top = $("knobs-changed");
  for (const k of p.knobs) {
    const line = document.querySelector(`.knob[data-knob="${CSS.escape(k.name)}"]`);
    if (!line) continue;
    const home = line.classList.contains("changed")
      ? top
      : document.querySelector(`.knob-group[data-article="${CSS.escape(k.article)}"]`);
    home.append(line);
  }
  top.hidden = !top.querySelector(".knob");
  for (const g of document.querySelectorAll(".knob-group[data-article]")) g.hidden = !g.querySelector(".knob");
  if (focused && focused !== document.activeElement && document.contains(focused)) focused.focus();
}

// Marks the one field a refusal names, with what it can take, and unmarks every other; a
// refusal naming no field on the page goes to the error box.
function markFields(refused) {
  state.refused = refused;
  for (const line of document.querySelectorAll(".knob.invalid")) {
    line.classList.remove("invalid");
    const box = line.querySelector(".field-error");
    box.hidden = true;
    box.textContent = "";
    line.querySelector("[data-knob-input]").removeAttribute("aria-invalid");
  }
  // What is on the page was judged under other rules: dimmed, and the archive's numbers gone.
  $("result-panel").classList.toggle("stale", !!refused);
  if (!refused) return;
  notCompared(refused);
  const line = refused.knob && document.querySelector(`.knob[data-knob="${CSS.escape(refused.knob)}"]`);
  if (!line) {
    showError(refused.error);
    return;
  }
  line.classList.add("invalid");
  line.querySelector("[data-knob-input]").setAttribute("aria-invalid", "true");
  const box = line.querySelector(".field-error");
  box.textContent = `“${refused.value}” cannot be used: this rule takes ${refused.domain} (${refused.article}).`;
  box.hidden = false;
  showError(`Nothing was judged: the value of ${refused.knob} is marked among the knobs.`);
}

// The impact table under rules that do not resolve: said, and emptied.
function notCompared(refused) {
  const what = refused.knob ? `the value of ${refused.knob} is marked among the knobs` : refused.error;
  $("impact-summary").textContent = `Not compared: ${what}.`;
  $("impact-brief").textContent = "On the archive: not compared";
  for (const id of ["transitions", "impact-errors"]) $(id).innerHTML = "";
  $("impact").querySelector("tbody").innerHTML = "";
}

// The refusal a back-end error carries for the rules chosen (a 400 naming a knob), or null.
function refusalOf(e) {
  return e instanceof BackendError && e.status === 400 && "knob" in e.body ? e.body : null;
}

let impactTimer = null;
async function rulesChanged() {
  const chosen = choice();
  arrangeKnobs();
  const knobs = $("knobs");
  knobs.dataset.state = "checking";
  clearTimeout(impactTimer);
  let refused = null;
  try {
    await backend.check(chosen);
  } catch (e) {
    refused = refusalOf(e) || { knob: null, error: e.message };
  }
  markFields(refused);
  knobs.dataset.state = refused ? "refused" : "checked";
  // Under rules that do not resolve nothing is judged, and the archive is not compared.
  if (refused) return;
  if (state.record) judge(state.record);
  impactTimer = setTimeout(runImpact, 150);
}

// ---------------------------------------------------------------------------------------------
// The verdict and the board.

function showError(message) {
  const box = $("error");
  box.hidden = !message;
  box.textContent = message || "";
}

// Clears everything of the previous record beside an error: nothing stays that was not judged.
function showNothing(record) {
  state.verdict = null;
  $("record-name").textContent = record.label || record.name || record.path;
  for (const id of ["verdict", "detail", "chain", "decided-knobs", "extra", "notes", "board", "move-label"]) $(id).innerHTML = "";
  $("ply").textContent = "–";
  $("ply").dataset.ply = 0;
  $("ply").dataset.plies = 0;
  $("verdict").dataset.result = "error";
}

function chainHtml(answer) {
  return answer.chain.map((s) => {
    const art = s.link ? `<a href="${RULES}${esc(s.link)}" target="_blank" rel="noopener">${esc(s.article)}</a>` : esc(s.article);
    const knob = s.knob ? ` <span class="tag">knob ${esc(s.knob)}</span>` : "";
    return `<li data-article="${esc(s.article)}"><b>${art}</b> ${esc(s.fact)}${knob}</li>`;
  }).join("");
}

// Proved by counterfactual: each knob listed changes the verdict when set to the value shown
// (alone, or only together with the others when knobs_together).
function decidedKnobsHtml(answer) {
  if (!answer.knobs.length) {
    return "<li class=\"muted\">none: no knob set alone to another shipped profile's value or to another of its values, and no other shipped profile, changes this verdict</li>";
  }
  const together = answer.knobs_together ? "<li class=\"muted together\">only together: no knob changes the verdict alone</li>" : "";
  return together + answer.knobs.map((k) => `<li data-knob="${esc(k.knob)}"><code>${esc(k.knob)}</code> = <b>${esc(k.value)}</b>: ${esc(k.source)}<br>` +
    `<span class="muted">set to <b>${esc(k.set_to)}</b>${answer.knobs_together ? " (with the others)" : ""}: ${esc(k.gives)}</span></li>`).join("");
}

function showVerdict(record, answer) {
  showError("");
  state.verdict = answer;
  $("record-name").textContent = record.label || record.name || record.path;
  $("verdict").textContent = answer.headline;
  $("verdict").dataset.result = answer.result;
  $("detail").textContent = answer.detail || "";
  $("chain").innerHTML = chainHtml(answer);
  $("decided-knobs").innerHTML = decidedKnobsHtml(answer);
  $("extra").innerHTML = answer.extra_html;
  $("notes").innerHTML = answer.notes.map((n) => `<li>${esc(n)}</li>`).join("");
  // The deciding ply when something decided the game; otherwise the last written move.
  const opening = answer.deciding_ply !== null ? answer.deciding_ply : answer.plies.length - 1;
  const want = state.pendingPly !== null ? state.pendingPly : opening;
  $("decided").disabled = answer.deciding_ply === null;
  state.pendingPly = null;
  showPly(want);
}

// Judges `record` under the rules chosen; `ply` is the board to open on.
async function judge(record, ply) {
  state.record = record;
  if (ply !== undefined) state.pendingPly = ply;
  const verdict = $("verdict");
  verdict.dataset.state = "judging";
  try {
    const chosen = choice();
    // The points marked on the board (marks.js): dead stones for Go.
    if (typeof boardMarks !== "undefined") chosen.marks = boardMarks.forRecord(record).slice();
    showVerdict(record, await backend.judge({ record, choice: chosen }));
  } catch (e) {
    const refused = refusalOf(e);
    if (refused) markFields(refused);
    else showError(e.message);
    showNothing(record);
  }
  verdict.dataset.state = "done";
}

// Judges a record the user asked for (Open, a paste, an upload, a row of the table) and brings
// the answer to the eye: the verdict takes the focus (the arrow keys still step the board) and
// its panel flashes once, scrolled into view when the panels are stacked.
async function judgeAsked(record, ply) {
  if (state.refused) {
    showError(`Nothing was judged: the value of ${state.refused.knob || "the profile"} is marked among the knobs.`);
    return;
  }
  await judge(record, ply);
  const panel = $("result-panel");
  panel.classList.remove("fresh");
  void panel.offsetWidth; // restarts the flash
  panel.classList.add("fresh");
  const top = panel.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 3) panel.scrollIntoView({ block: "start" });
  $("verdict").focus({ preventScroll: true });
}

function showPly(n) {
  const v = state.verdict;
  if (!v || !v.plies.length) return;
  const last = v.plies.length - 1;
  state.ply = Math.max(0, Math.min(last, n));
  const ply = v.plies[state.ply];
  $("board").innerHTML = ply.svg;
  const el = $("ply");
  el.dataset.ply = state.ply;
  el.dataset.plies = last;
  el.textContent = state.ply === 0 ? `start (of ${last} moves)` : `move ${state.ply} of ${last}`;
  // What the ply is, for a reader and for programs: an illegal move, one written after the
  // decision, the ply the game was decided at. Nothing is said "decided" when nothing decided.
  const decided = v.deciding_ply !== null && state.ply === v.deciding_ply;
  el.dataset.illegal = ply.illegal;
  el.dataset.after = ply.after_decision;
  el.dataset.decided = decided;
  const label = $("move-label");
  label.classList.toggle("illegal", ply.illegal);
  label.classList.toggle("after-decision", ply.after_decision);
  label.textContent = ply.label + (decided ? " — the game was decided here" : "");
}

// ---------------------------------------------------------------------------------------------
// The impact table.

function impactRowHtml(row) {
  const c = row.comparison;
  const ply = c.parting_ply === null ? "" : c.parting_ply;
  const knobs = c.knobs_together ? c.knobs.join(" + ") + " (only together)" : c.knobs.join(", ");
  return `<tr class="changed-row"><td><a href="#" class="open-at" data-root="${esc(row.record.root)}" data-path="${esc(row.record.path)}" data-label="${esc(row.record.label)}" data-game="${esc(row.record.game)}" data-ply="${ply}">${esc(row.record.label)}</a></td>` +
    `<td>${esc(c.before)}</td><td>${esc(c.after)}</td><td>${ply === "" ? "–" : ply}</td><td>${esc(c.articles.join(", "))}</td><td>${esc(knobs)}</td></tr>`;
}

function showImpact(t) {
  const summary = $("impact-summary");
  for (const k of ["judged", "changed", "unchanged", "unreadable"]) summary.dataset[k] = t[k];
  const rules = [t.other.profile, ...t.other.set].join(", ");
  summary.textContent = `${t.judged} games judged under ${t.base.profile} and under ${rules}: ${t.changed} change verdict, ${t.unchanged} do not` +
    (t.unreadable ? `, ${t.unreadable} could not be judged.` : ".");
  $("impact-brief").textContent = `On the archive: ${t.changed} of ${t.judged} change ↓`;
  $("transitions").innerHTML = t.transitions.map(([what, n]) => `<li><b>${n}</b> × ${esc(what)}</li>`).join("");
  $("impact").querySelector("tbody").innerHTML = t.rows.map(impactRowHtml).join("");
  $("impact-errors").innerHTML = t.errors.map((e) => `<li>${esc(e.label)}: ${esc(e.error)}</li>`).join("");
  showReach(t);
}

// The reach of each knob and article over the archive: how many games met the rule's situation,
// and of those how many change — so "no effect" is told apart from "never tested".
function showReach(t) {
  const r = t.reach;
  $("reach").querySelector("tbody").innerHTML = r.by_knob.map((k) =>
    `<tr data-reach-knob="${esc(k.knob)}" data-reached="${k.reached}" data-changed="${k.changed}"><td><code>${esc(k.knob)}</code></td>` +
    `<td>${esc(k.article || "–")}</td><td>${k.reached} of ${r.games} games</td><td>${k.reached ? k.changed : "–"}</td></tr>`).join("");
  state.reaching = t.reaching;
  const filter = $("reach-filter");
  const chosen = filter.value;
  filter.length = 1;
  const knobs = r.by_knob.filter((k) => k.reached).map((k) => k.knob);
  const articles = Object.keys(r.by_article).filter((a) => r.by_article[a].reached);
  for (const k of knobs) filter.append(new Option(`knob ${k}`, `knob:${k}`));
  for (const a of articles) filter.append(new Option(`article ${a}`, `article:${a}`));
  filter.value = [...filter.options].some((o) => o.value === chosen) ? chosen : "";
  showReaching();
}

function showReaching() {
  const v = $("reach-filter").value;
  const list = $("reaching");
  if (!v || !state.reaching) {
    list.innerHTML = "";
    return;
  }
  const [kind, ...rest] = v.split(":");
  const name = rest.join(":");
  const hits = state.reaching.filter((g) => (kind === "knob" ? g.knobs : g.articles).includes(name));
  list.dataset.count = hits.length;
  list.innerHTML = hits.map((g) =>
    `<li><a href="#" class="open-at" data-root="${esc(g.record.root)}" data-path="${esc(g.record.path)}" data-label="${esc(g.record.label)}" data-game="${esc(g.record.game)}" data-ply="">${esc(g.record.label)}</a>` +
    `${g.changed ? " <b>changes</b>" : ""}</li>`).join("");
}

// The bar under the summary while a comparison runs (the static page's worker says how far it
// is); `data-seen` keeps the last count shown, for whoever checks that it ran to the end.
function showProgress(done, total) {
  const bar = $("impact-progress");
  bar.hidden = false;
  bar.max = total;
  bar.value = done;
  bar.dataset.seen = `${done}/${total}`;
  $("impact-summary").textContent = `Judging every record twice… ${done} of ${total}`;
}

let impactAsked = 0;
async function runImpact() {
  const summary = $("impact-summary");
  if (!state.records.length) {
    summary.textContent = backend.load
      ? "No records yet: drop a folder of records on the page (or choose one above) to see the impact on it."
      : "No records are served: name a folder after `serve` to see the impact on it.";
    return;
  }
  if (state.refused) return;
  const asked = ++impactAsked;
  summary.dataset.state = "computing";
  summary.textContent = "Judging every record twice…";
  $("impact-brief").textContent = "On the archive: comparing…";
  $("impact-download").hidden = true;
  const bar = $("impact-progress");
  bar.removeAttribute("value");
  bar.dataset.seen = "";
  try {
    const req = { base: $("base").value, choice: choice() };
    const table = await backend.impact(req, showProgress);
    if (asked !== impactAsked) return;
    showImpact(table);
    state.compared = req;
    $("impact-download").hidden = !backend.diffDocument;
  } catch (e) {
    if (e instanceof BackendError && e.body.superseded) return;
    const refused = refusalOf(e);
    if (refused) {
      markFields(refused);
    } else {
      summary.textContent = `The comparison failed: ${e.message}`;
      $("impact-brief").textContent = "";
    }
  } finally {
    if (asked === impactAsked) {
      bar.hidden = true;
      summary.dataset.state = "done";
    }
  }
}

// The comparison shown, as `diff --format json` prints it for the same records and rules (the
// static page: the module's `diff`, the command line's own function), saved as a file.
async function downloadDiff(e) {
  e.preventDefault();
  const link = $("impact-download");
  link.dataset.state = "making";
  const text = await backend.diffDocument(state.compared);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = "diff.json";
  document.body.append(a);
  a.click();
  a.remove();
  link.dataset.state = "done";
}

// ---------------------------------------------------------------------------------------------
// The records, and starting.

function showRecords() {
  const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const sel = $("records");
  sel.innerHTML = "";
  for (const [i, r] of state.records.entries()) {
    if (words.every((w) => r.label.toLowerCase().includes(w))) {
      // A refused link is shown greyed, with the reason, and cannot be opened.
      const o = new Option(r.refused ? `${r.label} — refused: ${r.refused}` : r.label, i);
      o.disabled = Boolean(r.refused);
      sel.append(o);
    }
  }
}

// The records the back-end has: served folders, or those the user dropped or picked.
async function listRecords() {
  const listing = await backend.records();
  state.records = listing.records;
  const where = backend.load ? "read from" : "served from";
  const none = backend.load
    ? "No records yet: drop a folder or record files on the page, or choose them above — or paste or upload one record below."
    : "No folder is served: paste or upload a record below.";
  $("folders").textContent = listing.folders.length
    ? `${listing.files} files, ${listing.games} games ${where} ${listing.folders.join(", ")}` +
      (listing.refused ? ` (${listing.refused} refused: see the greyed entries)` : "")
    : none;
  showRecords();
}

// ---------------------------------------------------------------------------------------------
// The static page's records: dropped on the page or picked (files, or a folder), read here and
// handed to the workers; nothing is sent anywhere. Each drop or pick replaces the records.

// A file is read only up to serve's limit on a record (4 MiB): larger ones are no records.
const LARGEST = 4 * 1024 * 1024;

// Every file under a dropped entry, with its path from the dropped item (`games/a/b.rec`).
async function entryFiles(entry, out) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\//, ""), file });
    return;
  }
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) break;
    for (const child of batch) await entryFiles(child, out);
  }
}

async function loadRecords(found) {
  const box = $("local-records");
  box.dataset.state = "reading";
  const kept = found.filter((f) => f.file.size <= LARGEST);
  const records = await Promise.all(kept.map(async (f) => ({ path: f.path, bytes: await f.file.arrayBuffer() })));
  const { refused } = await backend.load(records);
  const left = found.length - kept.length;
  const notes = refused.map((r) => `${r.path} left out: ${r.error}`);
  if (left) notes.unshift(`${left} file(s) over 4 MiB left out: no record is that large.`);
  $("local-note").textContent = notes.join(" ");
  await listRecords();
  box.dataset.state = "loaded";
  runImpact();
}

function wireLocal() {
  const box = $("local-records");
  box.hidden = false;
  const picked = (input, pathOf) => input.addEventListener("change", () => {
    const found = [...input.files].map((file) => ({ path: pathOf(file), file }));
    if (found.length) loadRecords(found).catch((e) => showError(`The records could not be read: ${e.message}`));
  });
  picked($("pick-files"), (f) => f.name);
  picked($("pick-folder"), (f) => f.webkitRelativePath || f.name);
  document.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("dragging");
  });
  document.addEventListener("dragleave", (e) => {
    if (!e.relatedTarget) document.body.classList.remove("dragging");
  });
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    const entries = [...e.dataTransfer.items].map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    const found = [];
    try {
      for (const entry of entries) await entryFiles(entry, found);
      // A browser that gives no entries still gives the dropped files (folders then cannot be
      // read): take those rather than nothing.
      if (!entries.length) for (const file of e.dataTransfer.files) found.push({ path: file.name, file });
      if (found.length) await loadRecords(found);
    } catch (err) {
      showError(`The records could not be read: ${err.message}`);
    }
  });
}

function openChosen() {
  const v = $("records").value;
  if (!v) return;
  const rec = state.records[Number(v)];
  if (rec && !rec.refused) judgeAsked({ root: rec.root, path: rec.path, game: rec.game, label: rec.label });
}

function stepKeys() {
  const toDecided = () => state.verdict && state.verdict.deciding_ply !== null && showPly(state.verdict.deciding_ply);
  $("first").addEventListener("click", () => showPly(0));
  $("prev").addEventListener("click", () => showPly(state.ply - 1));
  $("next").addEventListener("click", () => showPly(state.ply + 1));
  $("last").addEventListener("click", () => showPly(Infinity));
  $("decided").addEventListener("click", toDecided);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) showPly(state.ply + moves[e.key]);
    else if (e.key === "Home") showPly(0);
    else if (e.key === "End") showPly(Infinity);
    else if (e.key === "d" || e.key === "D") toDecided();
    else return;
    e.preventDefault();
  });
}

function wire() {
  $("filter").addEventListener("input", showRecords);
  $("open-record").addEventListener("click", openChosen);
  $("records").addEventListener("dblclick", openChosen);
  $("records").addEventListener("keydown", (e) => { if (e.key === "Enter") openChosen(); });
  $("profile").addEventListener("change", () => { showKnobs(); rulesChanged(); });
  $("base").addEventListener("change", runImpact);
  $("reset-knobs").addEventListener("click", () => { showKnobs(); rulesChanged(); });
  $("impact-run").addEventListener("click", runImpact);
  $("impact-download").addEventListener("click", downloadDiff);
  $("judge-paste").addEventListener("click", () => {
    judgeAsked({ name: $("paste-name").value.trim() || "pasted record", bytes: $("paste").value });
  });
  $("upload").addEventListener("change", async () => {
    const f = $("upload").files[0];
    if (f) judgeAsked({ name: f.name, bytes: await f.arrayBuffer() });
  });
  stepKeys();
  $("reach-filter").addEventListener("change", showReaching);
  $("impact-panel").addEventListener("click", (e) => {
    const a = e.target.closest("a.open-at");
    if (!a) return;
    e.preventDefault();
    const ply = a.dataset.ply === "" ? undefined : Number(a.dataset.ply);
    judgeAsked({ root: Number(a.dataset.root), path: a.dataset.path, game: Number(a.dataset.game), label: a.dataset.label }, ply);
  });
}

async function start() {
  state.info = await backend.info();
  document.title = state.info.title;
  $("rules-link").href = `${RULES}index.html`;
  $("title").textContent = state.info.title;
  $("upload").accept = state.info.extensions.join(",");
  // The example file name is the game's own: the core names no game's format.
  if (state.info.extensions.length) $("paste-name").placeholder = `its file name, e.g. game${state.info.extensions[0]}`;
  for (const sel of [$("profile"), $("base")]) {
    for (const p of state.info.profiles) sel.append(new Option(p.name, p.name));
  }
  showKnobs();
  await listRecords();
  wire();
  if (backend.load) wireLocal();
  document.body.dataset.ready = "true";
  runImpact();
}

start().catch((e) => showError(`The workbench could not start: ${e.message}`));
