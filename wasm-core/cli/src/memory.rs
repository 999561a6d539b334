//! Running out of memory is a message, not a crash: Rust's default on a failed
//! allocation prints "memory allocation of N bytes failed" and aborts (exit 134,
//! a core dump on some systems). The runner's allocator is the system's, and on
//! a failure it says what happened in the user's words and exits with 2, as for
//! any other input the runner cannot take.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;

pub struct Guarded;

/// Written without allocating (there is no memory left to format with).
#[cold]
fn out_of_memory() -> ! {
    let _ = std::io::stderr().write_all(
        b"cachescope: out of memory: this machine cannot hold what the run needs (the trace's requests and \
distinct pages, or the caches and curves asked for). Stream the file (--stream), run fewer policies or \
sizes at once (--threads 1 keeps one run in memory), or use a machine with more memory.\n",
    );
    std::process::exit(2)
}

// SAFETY: every call is forwarded to the system allocator unchanged; only a null
// result (a failed allocation) is turned into an exit.
unsafe impl GlobalAlloc for Guarded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            out_of_memory()
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            out_of_memory()
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            out_of_memory()
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}
