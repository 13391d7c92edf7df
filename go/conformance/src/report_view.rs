//! What a Go run's report shows beyond the schema's fields, as the core's [`View`]: the
//! articles in the rulebook's order (the registry's, so 12.2a comes before 12.5) with their
//! titles and paraphrases, the engine's banner line, and for each case a body of its own — a
//! board drawn as SVG for a case that sets up a position (stones, the last move played, a move
//! refused, the stones it captured, the agreed dead stones and the territory of a count), then
//! the detail, the articles cited as context, where the case lives and how to run it again.
//! The case's title and note are the heading the core prints above the body, so the body does not
//! repeat them.

use std::fmt::Write as _;

use conformance_core::report::escape::html as esc;
use conformance_core::report::{ArticleView, CaseRecord, CaseView, View};
use go_oracle::board::Board;
use go_oracle::count::regions;
use go_oracle::play::Game;
use go_spec::{Color, Move, Point, rfg};

use crate::board_svg::{self, Marks, coordinate};
use crate::case::{Case, LoadedCase};

/// The view of a run over `cases` whose results are `records` (matched by id); `run_lines`
/// are printed under the title (the engine as named and its banner).
pub fn view(records: &[CaseRecord], cases: &[LoadedCase], run_lines: Vec<String>) -> View {
    let cited: Vec<&str> = records
        .iter()
        .flat_map(|r| r.articles.iter().map(String::as_str))
        .collect();
    let articles = rfg()
        .iter()
        .filter(|a| cited.contains(&a.id.as_str()))
        .map(|a| ArticleView {
            id: a.id.as_str().to_owned(),
            title: a.title.clone(),
            paraphrase: Some(a.paraphrase.trim().to_owned()),
        })
        .collect();
    let views = records
        .iter()
        .map(|r| {
            let case = cases.iter().find(|lc| lc.case.id == r.id);
            CaseView {
                html: Some(body(r, case.map(|lc| &lc.case))),
                ..CaseView::default()
            }
        })
        .collect();
    View {
        run_lines,
        articles,
        cases: views,
        ..View::default()
    }
}

/// A case's section body: its board, when it has one, and the facts of its result.
fn body(r: &CaseRecord, case: Option<&Case>) -> String {
    let mut out = String::from("<div class=\"facts\">");
    if let Some(svg) = case.and_then(board_svg) {
        out.push_str(&svg);
    }
    let _ = write!(out, "<pre>{}</pre>", esc(&r.detail.join("\n")));
    let context: Vec<&String> = r.articles.iter().skip(1).collect();
    if !context.is_empty() {
        out.push_str("<p class=\"muted\">Also cites (context, not charged): ");
        for a in context {
            let _ = write!(out, "<span class=\"tag\">{}</span>", esc(a));
        }
        out.push_str("</p>");
    }
    if let Some(file) = &r.file {
        let _ = write!(out, "<p class=\"muted\">{}</p>", esc(file));
    }
    if let Some(rep) = &r.reproduce {
        let _ = write!(
            out,
            "<p>Run it again:</p><pre class=\"reproduce\">{}</pre>",
            esc(rep)
        );
    }
    out.push_str("</div>");
    out
}

/// The position a case ends in, with what its board marks besides the stones.
#[derive(Debug)]
pub struct CasePosition {
    /// The stones.
    pub board: Board,
    /// The last move played, the move refused, the stones the last move captured (rfg 3.2),
    /// the agreed dead stones of a count (rfg 7.2) and each side's territory once they come off
    /// (rfg 8.1, 8.2).
    pub marks: Marks,
    /// The article the oracle cites for the refused move, if one was refused.
    pub refused_by: Option<String>,
}

/// The position a case ends in, as the oracle plays it (up to the first refused move), with
/// its marks; `None` for a case that sets up no position (tournament, clock and late-arrival
/// questions) or whose setup is unusable (a lint problem, reported elsewhere).
pub fn position(case: &Case) -> Option<CasePosition> {
    let setup = &case.setup;
    if setup.board.is_empty() && setup.moves.is_empty() && setup.record.is_empty() {
        return None;
    }
    let spec = case.game().ok()?;
    let profile = case.profile().ok()?;
    let mut game = Game::start(&spec, &profile).ok()?;
    let mut marks = Marks::default();
    let mut refused_by = None;
    for &(colour, mv) in &spec.moves {
        let before = game.board.clone();
        match game.play(colour, mv) {
            Ok(()) => {
                marks.last = match mv {
                    Move::Play(p) => Some(p),
                    Move::Pass => None,
                };
                marks.captured = before
                    .stones()
                    .into_iter()
                    .filter(|(p, _)| game.board.get(*p).is_none())
                    .map(|(p, _)| p)
                    .collect();
            }
            Err(v) => {
                if let Move::Play(p) = mv {
                    marks.refused = Some(p);
                    refused_by = Some(v.article.to_owned());
                }
                break;
            }
        }
    }
    if let Some(score) = &case.expect.score {
        let dead: Vec<Point> = score
            .dead
            .iter()
            .copied()
            .filter(|p| spec.size.contains(*p))
            .collect();
        let mut counted = game.board.clone();
        for &p in &dead {
            counted.set(p, None);
        }
        let (found, _) = regions(&counted);
        for region in found {
            match region.owner() {
                Some(Color::Black) => marks.territory[0].extend(region.points),
                Some(Color::White) => marks.territory[1].extend(region.points),
                None => {}
            }
        }
        marks.dead = dead;
    }
    Some(CasePosition {
        board: game.board,
        marks,
        refused_by,
    })
}

/// The board of a case, drawn by the one Go board drawing ([`board_svg::svg`]), with a
/// legend; `None` when the case has no position ([`position`]).
pub fn board_svg(case: &Case) -> Option<String> {
    let CasePosition {
        board,
        marks,
        refused_by,
    } = position(case)?;
    let size = board.size().lines();
    let caption = format!("the position of {}", case.id);
    let svg = board_svg::svg(size, &board.stones(), &marks, &caption);
    let mut legend = vec!["columns lettered without I, rows numbered from the bottom".to_owned()];
    if let Some(p) = marks.last {
        legend.push(format!(
            "red ring: the last move played ({})",
            coordinate(p, size)
        ));
    }
    if let (Some(p), Some(article)) = (marks.refused, &refused_by) {
        legend.push(format!(
            "dashed red circle: the move refused ({}, {article})",
            coordinate(p, size)
        ));
    }
    if !marks.captured.is_empty() {
        legend.push("blue cross: stones the last move captured (rfg:3.2)".to_owned());
    }
    if !marks.dead.is_empty() {
        legend.push("red cross: the agreed dead stones (rfg:7.2)".to_owned());
    }
    if marks.territory.iter().any(|t| !t.is_empty()) {
        legend
            .push("small squares: territory, after the dead stones come off (rfg:8.1)".to_owned());
    }
    Some(format!(
        "<figure class=\"board\">{svg}<figcaption class=\"muted\">{}</figcaption></figure>",
        esc(&legend.join("; "))
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn case(yaml: &str) -> Case {
        serde_norway::from_str(yaml).unwrap()
    }

    #[test]
    fn a_capture_is_drawn_with_the_move_and_the_stone_taken() {
        // White's aa has one liberty left at ab once Black plays ba; Black ab takes it (3.2).
        let c = case(
            "id: t\narticles: [\"rfg:3.2\"]\ntitle: d\nsetup:\n  to_move: black\n  board: [\"O........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\"]\n  moves: [ba, pass, ab]\nexpect: {}\n",
        );
        let CasePosition { board, marks, .. } = position(&c).unwrap();
        assert_eq!(board.get(Point::new(0, 0)), None);
        assert_eq!(marks.captured, vec![Point::new(0, 0)]);
        assert_eq!(marks.last, Some(Point::new(0, 1)));
        let svg = board_svg(&c).unwrap();
        assert_eq!(svg.matches("class=\"stone black\"").count(), 2);
        assert_eq!(svg.matches("class=\"stone white\"").count(), 0);
        assert!(svg.contains("class=\"captured\""));
        assert!(svg.contains("class=\"last\""));
        // The legend names the last move in players' coordinates: ab is A8 on a 9×9 board.
        assert!(svg.contains("the last move played (A8)"), "{svg}");
    }

    #[test]
    fn a_refused_move_is_marked_with_its_article() {
        // Black plays ee twice: the second is on an occupied point... after White's pass, so
        // it is refused by 3.1 (an occupied point), not by 11d.
        let c = case(
            "id: t\narticles: [\"rfg:3.1\"]\ntitle: d\nsetup:\n  moves: [ee, pass, ee]\nexpect: {}\n",
        );
        let CasePosition {
            marks, refused_by, ..
        } = position(&c).unwrap();
        let (p, article) = (marks.refused.unwrap(), refused_by.unwrap());
        assert_eq!(p, Point::new(4, 4));
        assert!(article.starts_with("rfg:3"), "{article}");
        assert!(board_svg(&c).unwrap().contains("class=\"refused\""));
    }

    #[test]
    fn a_case_without_a_position_has_no_board() {
        let c = case("id: t\narticles: [\"rfg:15\"]\ntitle: d\nexpect: {}\n");
        assert_eq!(board_svg(&c), None);
    }

    #[test]
    fn articles_come_in_the_rulebooks_order_with_titles() {
        let record = |id: &str, a: &str| CaseRecord {
            id: id.to_owned(),
            title: "d".to_owned(),
            articles: vec![a.to_owned()],
            tags: Vec::new(),
            file: None,
            outcome: conformance_core::report::Outcome::Pass,
            detail: Vec::new(),
            duration_ms: None,
            reproduce: None,
            known: None,
        };
        let v = view(
            &[record("x", "rfg:12.5"), record("y", "rfg:12.2a")],
            &[],
            Vec::new(),
        );
        let ids: Vec<&str> = v.articles.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["rfg:12.2a", "rfg:12.5"]);
        assert!(v.articles.iter().all(|a| !a.title.is_empty()));
        assert_eq!(v.cases.len(), 2);
    }
}
