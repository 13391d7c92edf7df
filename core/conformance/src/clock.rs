//! The one clock of the timings a run reports (a case's `duration_ms`), so that they work
//! where there is no clock to read.
//!
//! With the `native` feature a [`Stopwatch`] reads the system's monotonic clock. Without it
//! (WebAssembly in a browser or node, where `std::time::Instant::now` panics) every stopwatch
//! reads zero: the reports keep their shape, and their durations say nothing — which is why
//! the test that holds the WebAssembly build to the native one sets durations aside
//! (docs/wasm.md).

use std::time::Duration;

/// Started when made; says how long since.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    #[cfg(feature = "native")]
    started: std::time::Instant,
}

impl Stopwatch {
    /// A stopwatch started now.
    #[must_use]
    pub fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(feature = "native")]
            started: std::time::Instant::now(),
        }
    }

    /// The time since [`Stopwatch::start`]; zero without the `native` feature.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        #[cfg(feature = "native")]
        {
            self.started.elapsed()
        }
        #[cfg(not(feature = "native"))]
        {
            Duration::ZERO
        }
    }
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;

    #[test]
    fn a_stopwatch_sees_time_pass() {
        let watch = Stopwatch::start();
        std::thread::sleep(Duration::from_millis(5));
        assert!(watch.elapsed() >= Duration::from_millis(5));
    }
}
