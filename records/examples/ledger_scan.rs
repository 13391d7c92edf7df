//! Prints the ledger of each record file named, or why it is refused (a developer's look at
//! what the readers do with real files).
fn main() {
    for p in std::env::args().skip(1) {
        let bytes = std::fs::read(&p).unwrap();
        let ext = std::path::Path::new(&p)
            .extension()
            .and_then(|e| e.to_str());
        match shogi_records::import(&bytes, ext) {
            Ok(i) => println!("OK {p}: {}", i.ledger),
            Err(e) => println!("ERR {p}: {e}"),
        }
    }
}
