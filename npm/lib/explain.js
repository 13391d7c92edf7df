// A failed case as a library author reads it, as the Python package's pytest plugin shows it
// (python/shogi_conformance/explain.py): the case and its article with our paraphrase, the
// start drawn as a board, the moves up to the ply where the answers part, the expected and
// actual answers, and how to run the case again.

const PIECES = {
  p: "歩", l: "香", n: "桂", s: "銀", g: "金", b: "角", r: "飛", k: "玉",
  "+p": "と", "+l": "杏", "+n": "圭", "+s": "全", "+b": "馬", "+r": "龍",
};

/** An SFEN drawn as a board: files 9 to 1, ranks a to i, gote's pieces marked `v`. */
export function boardDiagram(sfen) {
  let words = sfen.trim().split(/\s+/);
  if (words[0] === "sfen") words = words.slice(1);
  if (words.length < 3) return [sfen];
  const rows = ["  9  8  7  6  5  4  3  2  1"];
  const ranks = words[0].split("/");
  for (let i = 0; i < ranks.length && i < 9; i++) {
    const cells = [];
    const text = ranks[i];
    for (let j = 0; j < text.length; j++) {
      const c = text[j];
      if (/[0-9]/.test(c)) {
        for (let k = 0; k < Number(c); k++) cells.push(" ・");
        continue;
      }
      const token = c === "+" ? c + (text[++j] ?? "") : c;
      const glyph = PIECES[token.toLowerCase()] ?? token;
      cells.push((token.at(-1) === token.at(-1).toLowerCase() ? "v" : " ") + glyph);
    }
    rows.push(cells.map((cell) => cell.padStart(3)).join("") + `  ${"abcdefghi"[i]}`);
  }
  rows.push(`${words[1] === "b" ? "Sente" : "Gote"} to move; in hand: ${words[2]}`);
  return rows;
}

/** The whole account of a case's outcome (`outcome`: a Session's `runCase`). */
export function describeOutcome(c, outcome) {
  const lines = [`${c.id} ${c.slug}: ${c.title}`, `outcome: ${outcome.outcome}${outcome.partial ? " (partial)" : ""}`];
  lines.push(`article ${outcome.article}${outcome.paraphrase ? `: ${outcome.paraphrase}` : ""}`);
  const others = c.articles.filter((a) => a !== outcome.article);
  if (others.length > 0) lines.push(`also cites: ${others.join(", ")}`);
  lines.push(`case file: ${c.file}:${c.line} (of the corpus built into the package)`);
  if (outcome.mismatch) lines.push(`not as expected: ${outcome.mismatch}`);
  if (outcome.start) {
    lines.push("", `start: ${outcome.start}`, ...boardDiagram(outcome.start));
    if (outcome.partingPly !== null && outcome.partingPly !== undefined) {
      lines.push(`moves to ply ${outcome.partingPly}, where the answers part: ${outcome.moves.join(" ")}`);
    } else if (outcome.moves.length > 0) {
      lines.push(`moves: ${outcome.moves.join(" ")}`);
    }
  } else if (c.setup?.question !== undefined) {
    lines.push("", `question: ${JSON.stringify(c.setup.question)}`);
  }
  lines.push("");
  for (const line of outcome.details) {
    if (!/^(position:|start:|  moves to there:)/.test(line)) lines.push(line);
  }
  if (outcome.reproduce) lines.push("", `reproduce: ${outcome.reproduce}`);
  return lines.join("\n");
}
