// Marks on the board: a click on a stone that carries `data-mark` (the game draws it, on the
// boards where a mark means something — Go's final board, where a click marks a dead group)
// toggles that point and judges the record again with every marked point sent as `mark=`.
// The marks belong to the record they were made on: opening another record starts afresh.
// Kept apart from app.js so that the page's layout and this behaviour change independently.
"use strict";

const boardMarks = {
  record: null, // the record object the marks were made on
  points: [],

  // The marks for a judge request of `record` (cleared when it is another record).
  forRecord(record) {
    if (record !== this.record) {
      this.record = record;
      this.points = [];
    }
    return this.points;
  },

  toggle(point) {
    const at = this.points.indexOf(point);
    if (at >= 0) this.points.splice(at, 1);
    else this.points.push(point);
  },
};

document.addEventListener("click", (e) => {
  const el = e.target.closest("#board [data-mark]");
  if (!el || !state.record) return;
  e.preventDefault();
  boardMarks.forRecord(state.record);
  boardMarks.toggle(el.dataset.mark);
  document.getElementById("board").dataset.marks = boardMarks.points.join(" ");
  judge(state.record);
});
