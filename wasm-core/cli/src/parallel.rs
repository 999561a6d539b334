//! The runner's cells on every core. Results come back in cell order, so the
//! output of any number of threads equals one thread's.

use rayon::prelude::*;

/// Threads worth starting: the number asked (default: one per core), never more
/// than the cores or the cells (10,000 threads for one cell took 30 s to start).
pub fn threads_for(asked: Option<usize>, cells: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    asked.unwrap_or(cores).min(cores).min(cells).max(1)
}

/// `f` over `cells` on `threads` threads (see [`threads_for`]).
pub fn map<T: Sync, R: Send>(threads: Option<usize>, cells: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads_for(threads, cells.len())).build();
    match pool {
        Ok(pool) => pool.install(|| cells.par_iter().map(&f).collect()),
        // No threads to be had: one is enough.
        Err(_) => cells.iter().map(f).collect(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn threads_never_outnumber_the_cores_or_the_cells() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(super::threads_for(Some(10_000), 1), 1);
        assert_eq!(super::threads_for(Some(10_000), 1_000_000), cores);
        assert_eq!(super::threads_for(None, 0), 1);
        assert_eq!(super::threads_for(Some(1), 50), 1);
        assert_eq!(super::map(Some(1000), &[1, 2, 3], |x| x * 2), vec![2, 4, 6]);
    }
}
