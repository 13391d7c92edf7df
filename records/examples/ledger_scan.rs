//! Prints the ledger of each record file named, or why it is refused: a developer's look at
//! what the readers do with real files (`cargo run -p shogi-records --example ledger_scan --
//! FILE…`).

fn main() {
    for p in std::env::args().skip(1) {
        let bytes = match std::fs::read(&p) {
            Ok(b) => b,
            Err(e) => {
                println!("ERR {p}: cannot read: {e}");
                continue;
            }
        };
        let ext = std::path::Path::new(&p)
            .extension()
            .and_then(|e| e.to_str());
        match shogi_records::import(&bytes, ext) {
            Ok(i) => println!("OK {p}: {}", i.ledger),
            Err(e) => println!("ERR {p}: {e}"),
        }
    }
}
