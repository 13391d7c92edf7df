#![allow(clippy::unwrap_used, missing_docs)]
use shogi_oracle::game::adjudicate;
use shogi_records::{Format, encoding, export, import_text};
use shogi_spec::profile::Profile;
use std::collections::BTreeMap;

fn key(v: &shogi_spec::Verdict) -> String {
    match v {
        shogi_spec::Verdict::Win { winner, reason } => format!("win {winner} {:?}", reason.kind),
        shogi_spec::Verdict::Draw { reason } => format!("draw {:?}", reason.kind),
        shogi_spec::Verdict::Annulled { reason } => format!("annulled {:?}", reason.kind),
        other => format!("{other:?}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let from = match args[1].as_str() { "csa" => Format::Csa, "kif" => Format::Kif, "ki2" => Format::Ki2, _ => Format::Jkf };
    let profile = Profile::resolve(args.get(3).map(|s| s.as_str()).unwrap_or("fesa-2017")).unwrap();
    let mut kinds: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut n = 0;
    for e in std::fs::read_dir(&args[2]).unwrap() {
        let p = e.unwrap().path();
        let data = std::fs::read(&p).unwrap();
        let text = encoding::decode(&data).text;
        let Ok(games) = import_text(&text, from) else { continue };
        for g in games {
            let Ok(j) = adjudicate(&g.record, &profile) else { continue };
            for to in [Format::Csa, Format::Kif, Format::Ki2, Format::Jkf] {
                let Ok(w) = export::write(&g.record, &j.verdict, to) else { continue };
                n += 1;
                let Ok(back) = import_text(&w, to) else { continue };
                let Some(b) = back.first() else { continue };
                let Ok(j2) = adjudicate(&b.record, &profile) else {
                    let k = format!("{to}: rejudge error");
                    kinds.entry(k).or_insert((0, format!("{}\n{w}", p.display()))).0 += 1;
                    continue;
                };
                if key(&j.verdict) != key(&j2.verdict) {
                    let k = format!("{to}: {} -> {}", key(&j.verdict), key(&j2.verdict));
                    kinds.entry(k).or_insert((0, format!("{}\n{w}", p.display()))).0 += 1;
                }
            }
        }
    }
    println!("{n} writes");
    for (k, (c, ex)) in kinds { println!("== {c} × {k}\n{ex}"); }
}
