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

/// What the board of a case marks besides its stones.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The last move played, if it was a stone.
    pub last: Option<Point>,
    /// The move the oracle refused, and the article it cites.
    pub refused: Option<(Point, String)>,
    /// The stones the last move took off the board (rfg 3.2).
    pub captured: Vec<Point>,
    /// The agreed dead stones of a count (rfg 7.2).
    pub dead: Vec<Point>,
    /// The territory of each side after the dead stones come off (rfg 8.1, 8.2): Black's,
    /// then White's.
    pub territory: [Vec<Point>; 2],
}

/// The position a case ends in, as the oracle plays it (up to the first refused move), with
/// its marks; `None` for a case that sets up no position (tournament, clock and late-arrival
/// questions) or whose setup is unusable (a lint problem, reported elsewhere).
pub fn position(case: &Case) -> Option<(Board, Marks)> {
    let setup = &case.setup;
    if setup.board.is_empty() && setup.moves.is_empty() && setup.record.is_empty() {
        return None;
    }
    let spec = case.game().ok()?;
    let profile = case.profile().ok()?;
    let mut game = Game::start(&spec, &profile).ok()?;
    let mut marks = Marks::default();
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
                    marks.refused = Some((p, v.article.to_owned()));
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
    Some((game.board, marks))
}

/// Pixels between two lines.
const CELL: usize = 22;

/// The board of a case as an SVG of our own, with a legend; `None` when the case has no
/// position ([`position`]).
pub fn board_svg(case: &Case) -> Option<String> {
    let (board, marks) = position(case)?;
    let n = usize::from(board.size().lines());
    let margin = CELL;
    let side = margin * 2 + CELL * (n - 1);
    let at = |i: u8| margin + CELL * usize::from(i);
    let mut svg = format!(
        "<svg class=\"go-board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\" role=\"img\" aria-label=\"the position of {}\" data-board=\"{n}\">\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#dcb35c\"/>",
        esc(&case.id)
    );
    let far = at(u8::try_from(n - 1).unwrap_or(0));
    for i in 0..n {
        let i8 = u8::try_from(i).unwrap_or(0);
        let c = at(i8);
        let label = char::from(b'a' + i8);
        let _ = write!(
            svg,
            "<line x1=\"{margin}\" y1=\"{c}\" x2=\"{far}\" y2=\"{c}\" stroke=\"#000\" stroke-width=\"1\"/>\
             <line x1=\"{c}\" y1=\"{margin}\" x2=\"{c}\" y2=\"{far}\" stroke=\"#000\" stroke-width=\"1\"/>\
             <text x=\"{c}\" y=\"{t}\" font-size=\"10\" text-anchor=\"middle\">{label}</text>\
             <text x=\"{t2}\" y=\"{c3}\" font-size=\"10\" text-anchor=\"middle\">{label}</text>",
            t = margin / 2 + 3,
            t2 = margin / 2,
            c3 = c + 3,
        );
    }
    let radius = CELL / 2 - 1;
    for (owner, points) in marks.territory.iter().enumerate() {
        let fill = if owner == 0 { "#000" } else { "#fff" };
        for p in points {
            let _ = write!(
                svg,
                "<rect data-mark=\"territory-{}\" x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>",
                if owner == 0 { "black" } else { "white" },
                at(p.x) - 4,
                at(p.y) - 4
            );
        }
    }
    for (p, colour) in board.stones() {
        let (fill, stroke) = match colour {
            Color::Black => ("#111", "#000"),
            Color::White => ("#f8f8f8", "#333"),
        };
        let _ = write!(
            svg,
            "<circle data-stone=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
            if colour == Color::Black {
                "black"
            } else {
                "white"
            },
            at(p.x),
            at(p.y)
        );
    }
    let cross = |svg: &mut String, p: Point, colour: &str, what: &str| {
        let (x, y, d) = (at(p.x), at(p.y), CELL / 4);
        let _ = write!(
            svg,
            "<g data-mark=\"{what}\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"2\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"2\"/></g>",
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        );
    };
    for &p in &marks.captured {
        cross(&mut svg, p, "#c00", "captured");
    }
    for &p in &marks.dead {
        cross(&mut svg, p, "#06c", "dead");
    }
    if let Some(p) = marks.last {
        let ring = match board.get(p) {
            Some(Color::Black) => "#fff",
            _ => "#000",
        };
        let _ = write!(
            svg,
            "<circle data-mark=\"last\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"2\"/>",
            at(p.x),
            at(p.y),
            CELL / 4
        );
    }
    if let Some((p, _)) = &marks.refused {
        let _ = write!(
            svg,
            "<circle data-mark=\"refused\" cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"none\" stroke=\"#c00\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
            at(p.x),
            at(p.y)
        );
    }
    svg.push_str("</svg>");
    let mut legend = vec!["columns and rows in SGF letters".to_owned()];
    if let Some(p) = marks.last {
        legend.push(format!("ring: the last move played ({p})"));
    }
    if let Some((p, article)) = &marks.refused {
        legend.push(format!(
            "dashed red circle: the move refused ({p}, {article})"
        ));
    }
    if !marks.captured.is_empty() {
        legend.push("red cross: stones the last move captured (rfg:3.2)".to_owned());
    }
    if !marks.dead.is_empty() {
        legend.push("blue cross: the agreed dead stones (rfg:7.2)".to_owned());
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
        let (board, marks) = position(&c).unwrap();
        assert_eq!(board.get(Point::new(0, 0)), None);
        assert_eq!(marks.captured, vec![Point::new(0, 0)]);
        assert_eq!(marks.last, Some(Point::new(0, 1)));
        let svg = board_svg(&c).unwrap();
        assert_eq!(svg.matches("data-stone=\"black\"").count(), 2);
        assert_eq!(svg.matches("data-stone=\"white\"").count(), 0);
        assert!(svg.contains("data-mark=\"captured\""));
        assert!(svg.contains("data-mark=\"last\""));
    }

    #[test]
    fn a_refused_move_is_marked_with_its_article() {
        // Black plays ee twice: the second is on an occupied point... after White's pass, so
        // it is refused by 3.1 (an occupied point), not by 11d.
        let c = case(
            "id: t\narticles: [\"rfg:3.1\"]\ntitle: d\nsetup:\n  moves: [ee, pass, ee]\nexpect: {}\n",
        );
        let (_, marks) = position(&c).unwrap();
        let (p, article) = marks.refused.unwrap();
        assert_eq!(p, Point::new(4, 4));
        assert!(article.starts_with("rfg:3"), "{article}");
        assert!(board_svg(&c).unwrap().contains("data-mark=\"refused\""));
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
