//! The runner's cells on every core. Results come back in cell order, so the
//! output of any number of threads equals one thread's.

use rayon::prelude::*;

/// `f` over `cells` on `threads` threads (default: one per core).
pub fn map<T: Sync, R: Send>(threads: Option<usize>, cells: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build();
    match pool {
        Ok(pool) => pool.install(|| cells.par_iter().map(&f).collect()),
        // No threads to be had: one is enough.
        Err(_) => cells.iter().map(f).collect(),
    }
}
