//! The benchmark's clock: CPU time of the calling thread (`cpu-time`, the
//! thread's CPU clock to the nanosecond), else wall time. These machines are
//! shared, so time another process held the core must not count against a
//! policy; the WASM side under Node measures CPU time too, and the two are
//! compared in one run.

use cpu_time::ThreadTime;
use std::time::Instant;

pub struct Clock {
    wall: Instant,
    cpu: Option<ThreadTime>,
}

impl Clock {
    pub fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: ThreadTime::try_now().ok() }
    }
    /// Seconds since `start`: on the CPU where the thread's clock exists, else on the wall.
    pub fn seconds(&self) -> f64 {
        match &self.cpu {
            Some(t) => t.try_elapsed().map(|d| d.as_secs_f64()).unwrap_or_else(|_| self.wall.elapsed().as_secs_f64()),
            None => self.wall.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clock_counts_work_and_not_sleep() {
        let c = super::Clock::start();
        std::thread::sleep(std::time::Duration::from_millis(200));
        let mut x = 0u64;
        for i in 0..1_000_000u64 {
            x = std::hint::black_box(x ^ i);
        }
        let s = c.seconds();
        assert!(s > 0.0, "{s}");
        assert!(x != 1);
        // A sleeping thread is not on the CPU: the 200 ms of sleep are not counted
        // (the loop takes a few milliseconds).
        assert!(s < 0.15, "{s}");
    }
}
