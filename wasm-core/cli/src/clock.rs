//! The benchmark's clock: CPU time of the calling thread where Linux gives it
//! (`/proc/thread-self/schedstat`, nanoseconds on the CPU), else wall time.
//! These machines are shared, so time another process held the core must not
//! count against a policy; the WASM side under Node measures CPU time too, and
//! the two are compared in one run.

use std::time::Instant;

pub struct Clock {
    wall: Instant,
    cpu: Option<u64>,
}

fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

impl Clock {
    pub fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: thread_cpu_ns() }
    }
    /// Seconds since `start`: on the CPU when both readings exist, else on the wall.
    pub fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) if b >= a => (b - a) as f64 / 1e9,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clock_counts_work_and_not_sleep() {
        let c = super::Clock::start();
        std::thread::sleep(std::time::Duration::from_millis(50));
        let mut x = 0u64;
        for i in 0..50_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        let s = c.seconds();
        assert!(s > 0.0 && x != 1);
        if super::thread_cpu_ns().is_some() {
            // A sleeping thread is not on the CPU: the 50 ms of sleep is not counted
            // (the loop itself takes well under a second).
            assert!(s < 5.0);
        }
    }
}
