// The workbench page: no framework, no network beyond this server. Every answer comes from the
// JSON routes of the server; the boards come pre-drawn as SVG by the game.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  info: null,
  record: null, // {root, path} for a served record, {name, bytes} for a paste or upload
  verdict: null,
  ply: 0,
  pendingPly: null, // the ply to show once the next verdict arrives
  records: [],
};

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function profileInfo(name) {
  return state.info.profiles.find((p) => p.name === name) || state.info.profiles[0];
}

// The knobs changed on the page, as `knob=value`.
function overrides() {
  const p = profileInfo($("profile").value);
  const out = [];
  for (const el of document.querySelectorAll("[data-knob-input]")) {
    const knob = p.knobs.find((k) => k.name === el.dataset.knobInput);
    const changed = knob && el.value.trim() !== "" && el.value.trim() !== knob.value;
    el.closest(".knob").classList.toggle("changed", !!changed);
    if (changed) out.push(`${knob.name}=${el.value.trim()}`);
  }
  return out;
}

function rulesParams(params) {
  params.set("profile", $("profile").value);
  for (const s of overrides()) params.append("set", s);
  return params;
}

function showKnobs() {
  const p = profileInfo($("profile").value);
  $("profile-title").textContent = p.title;
  const box = $("knobs");
  box.innerHTML = "";
  for (const k of p.knobs) {
    const label = document.createElement("label");
    label.className = "knob";
    label.dataset.knob = k.name;
    const fixed = k.values.filter((v) => !v.startsWith("<"));
    const open = fixed.length !== k.values.length;
    let input;
    if (open) {
      input = document.createElement("input");
      input.value = k.value;
      input.size = 8;
      const list = document.createElement("datalist");
      list.id = `values-${k.name}`;
      for (const v of fixed) list.append(new Option(v, v));
      input.setAttribute("list", list.id);
      label.append(list);
    } else {
      input = document.createElement("select");
      for (const v of fixed) input.append(new Option(v, v, false, v === k.value));
    }
    input.dataset.knobInput = k.name;
    input.setAttribute("aria-label", k.name);
    // The values the knob's article can mean: anything else is refused, naming both.
    input.title = `${k.domain} (${k.article})`;
    input.addEventListener("change", rulesChanged);
    const name = document.createElement("code");
    name.textContent = k.name;
    label.prepend(name, " ");
    label.append(input);
    const small = document.createElement("small");
    small.textContent = `${k.about} — profile value ${k.value}: ${k.source}`;
    label.append(small);
    box.append(label);
  }
}

let impactTimer = null;
function rulesChanged() {
  overrides();
  if (state.record) judge(state.record);
  clearTimeout(impactTimer);
  impactTimer = setTimeout(runImpact, 150);
}

function showError(message) {
  const box = $("error");
  box.hidden = !message;
  box.textContent = message || "";
}

async function judge(record, ply) {
  state.record = record;
  if (ply !== undefined) state.pendingPly = ply;
  const params = rulesParams(new URLSearchParams());
  // The points marked on the board (marks.js): dead stones for Go.
  if (typeof boardMarks !== "undefined") for (const m of boardMarks.forRecord(record)) params.append("mark", m);
  let body = null;
  if (record.root !== undefined) {
    params.set("root", record.root);
    params.set("path", record.path);
    if (record.game) params.set("game", record.game);
  } else {
    params.set("name", record.name);
    body = record.bytes;
  }
  $("verdict").dataset.state = "judging";
  let answer;
  try {
    const r = await fetch(`/api/judge?${params}`, { method: "POST", body, headers: { "Content-Type": "application/octet-stream" } });
    answer = await r.json();
    if (!r.ok) throw new Error(answer.error || `the server answered ${r.status}`);
  } catch (e) {
    // Nothing of the previous record stays on the page beside the error.
    showError(e.message);
    state.verdict = null;
    $("record-name").textContent = record.label || record.name || record.path;
    for (const id of ["verdict", "detail", "chain", "decided-knobs", "extra", "notes", "board", "move-label"]) $(id).innerHTML = "";
    $("ply").textContent = "–";
    $("ply").dataset.ply = 0;
    $("ply").dataset.plies = 0;
    $("verdict").dataset.result = "error";
    $("verdict").dataset.state = "done";
    return;
  }
  showError("");
  state.verdict = answer;
  $("record-name").textContent = record.label || record.name || record.path;
  $("verdict").textContent = answer.headline;
  $("verdict").dataset.result = answer.result;
  $("detail").textContent = answer.detail || "";
  $("chain").innerHTML = answer.chain.map((s) => {
    const art = s.link ? `<a href="/rules/${esc(s.link)}" target="_blank" rel="noopener">${esc(s.article)}</a>` : esc(s.article);
    const knob = s.knob ? ` <span class="tag">knob ${esc(s.knob)}</span>` : "";
    return `<li data-article="${esc(s.article)}"><b>${art}</b> ${esc(s.fact)}${knob}</li>`;
  }).join("");
  // Proved by counterfactual: each knob listed changes the verdict when set to the value shown
  // (alone, or only together with the others when knobs_together).
  $("decided-knobs").innerHTML = answer.knobs.length
    ? (answer.knobs_together ? "<li class=\"muted together\">only together: no knob changes the verdict alone</li>" : "") +
      answer.knobs.map((k) => `<li data-knob="${esc(k.knob)}"><code>${esc(k.knob)}</code> = <b>${esc(k.value)}</b>: ${esc(k.source)}<br>` +
        `<span class="muted">set to <b>${esc(k.set_to)}</b>${answer.knobs_together ? " (with the others)" : ""}: ${esc(k.gives)}</span></li>`).join("")
    : "<li class=\"muted\">none: no knob set alone to another shipped profile's value or to another of its values, and no other shipped profile, changes this verdict</li>";
  $("extra").innerHTML = answer.extra_html;
  $("notes").innerHTML = answer.notes.map((n) => `<li>${esc(n)}</li>`).join("");
  // The deciding ply when something decided the game; otherwise the last written move.
  const opening = answer.deciding_ply !== null ? answer.deciding_ply : answer.plies.length - 1;
  const want = state.pendingPly !== null ? state.pendingPly : opening;
  $("decided").disabled = answer.deciding_ply === null;
  state.pendingPly = null;
  showPly(want);
  $("verdict").dataset.state = "done";
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

async function runImpact() {
  if (!state.records.length) {
    $("impact-summary").textContent = "No records are served: name a folder after `serve` to see the impact on it.";
    return;
  }
  const params = rulesParams(new URLSearchParams());
  params.set("base", $("base").value);
  const summary = $("impact-summary");
  summary.dataset.state = "computing";
  summary.textContent = "Judging every served record twice…";
  let t;
  try {
    const r = await fetch(`/api/impact?${params}`, { method: "POST" });
    t = await r.json();
    if (!r.ok) throw new Error(t.error || `the server answered ${r.status}`);
  } catch (e) {
    summary.textContent = `The comparison failed: ${e.message}`;
    summary.dataset.state = "done";
    return;
  }
  for (const k of ["judged", "changed", "unchanged", "unreadable"]) summary.dataset[k] = t[k];
  const rules = [t.other.profile, ...t.other.set].join(", ");
  summary.textContent = `${t.judged} records judged under ${t.base.profile} and under ${rules}: ${t.changed} change verdict, ${t.unchanged} do not` +
    (t.unreadable ? `, ${t.unreadable} could not be judged.` : ".");
  $("transitions").innerHTML = t.transitions.map(([what, n]) => `<li><b>${n}</b> × ${esc(what)}</li>`).join("");
  $("impact").querySelector("tbody").innerHTML = t.rows.map((row) => {
    const c = row.comparison;
    const ply = c.parting_ply === null ? "" : c.parting_ply;
    return `<tr class="changed-row"><td><a href="#" class="open-at" data-root="${row.record.root}" data-path="${esc(row.record.path)}" data-label="${esc(row.record.label)}" data-game="${row.record.game}" data-ply="${ply}">${esc(row.record.label)}</a></td>` +
      `<td>${esc(c.before)}</td><td>${esc(c.after)}</td><td>${ply === "" ? "–" : ply}</td><td>${esc(c.articles.join(", "))}</td><td>${esc(c.knobs_together ? c.knobs.join(" + ") + " (only together)" : c.knobs.join(", "))}</td></tr>`;
  }).join("");
  $("impact-errors").innerHTML = t.errors.map((e) => `<li>${esc(e.label)}: ${esc(e.error)}</li>`).join("");
  summary.dataset.state = "done";
}

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

function openChosen() {
  const v = $("records").value;
  if (!v) return;
  const rec = state.records[Number(v)];
  if (rec && !rec.refused) judge({ root: rec.root, path: rec.path, game: rec.game, label: rec.label });
}

async function start() {
  state.info = await (await fetch("/api/info")).json();
  document.title = state.info.title;
  $("title").textContent = state.info.title;
  $("upload").accept = state.info.extensions.join(",");
  // The example file name is the game's own: the core names no game's format.
  if (state.info.extensions.length) $("paste-name").placeholder = `its file name, e.g. game${state.info.extensions[0]}`;
  for (const sel of [$("profile"), $("base")]) {
    for (const p of state.info.profiles) sel.append(new Option(p.name, p.name));
  }
  showKnobs();
  const listing = await (await fetch("/api/records")).json();
  state.records = listing.records;
  $("folders").textContent = listing.folders.length
    ? `${listing.files} files, ${listing.games} games served from ${listing.folders.join(", ")}` +
      (listing.refused ? ` (${listing.refused} refused: see the greyed entries)` : "")
    : "No folder is served: paste or upload a record below.";
  showRecords();

  $("filter").addEventListener("input", showRecords);
  $("open-record").addEventListener("click", openChosen);
  $("records").addEventListener("dblclick", openChosen);
  $("records").addEventListener("keydown", (e) => { if (e.key === "Enter") openChosen(); });
  $("profile").addEventListener("change", () => { showKnobs(); rulesChanged(); });
  $("base").addEventListener("change", runImpact);
  $("reset-knobs").addEventListener("click", () => { showKnobs(); rulesChanged(); });
  $("impact-run").addEventListener("click", runImpact);
  $("judge-paste").addEventListener("click", () => {
    judge({ name: $("paste-name").value.trim() || "pasted record", bytes: $("paste").value });
  });
  $("upload").addEventListener("change", async () => {
    const f = $("upload").files[0];
    if (!f) return;
    judge({ name: f.name, bytes: await f.arrayBuffer() });
  });
  $("first").addEventListener("click", () => showPly(0));
  $("prev").addEventListener("click", () => showPly(state.ply - 1));
  $("next").addEventListener("click", () => showPly(state.ply + 1));
  $("last").addEventListener("click", () => showPly(Infinity));
  const toDecided = () => state.verdict && state.verdict.deciding_ply !== null && showPly(state.verdict.deciding_ply);
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
  $("impact").addEventListener("click", (e) => {
    const a = e.target.closest("a.open-at");
    if (!a) return;
    e.preventDefault();
    const ply = a.dataset.ply === "" ? undefined : Number(a.dataset.ply);
    judge({ root: Number(a.dataset.root), path: a.dataset.path, game: Number(a.dataset.game), label: a.dataset.label }, ply);
    $("result-panel").scrollIntoView();
  });
  document.body.dataset.ready = "true";
  runImpact();
}

start().catch((e) => showError(`The workbench could not start: ${e.message}`));
