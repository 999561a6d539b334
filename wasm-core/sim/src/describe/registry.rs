//! One way to list what the core offers, for policies, FTLs, cleaning policies
//! and trace formats alike: a `const` slice of entries, each with its id, what
//! builds it and what describes it, found by id with [`find`] or [`lookup`].
//! The order of a list is the order the catalogue shows.

use crate::error::SimError;

/// An entry of a list: something with an id.
pub trait Entry: 'static {
    /// What an entry is, as messages name it (`policy`, `FTL`, `format`).
    const KIND: &'static str;
    fn id(&self) -> &'static str;
}

/// The entry with this id.
pub fn find<E: Entry>(entries: &'static [E], id: &str) -> Option<&'static E> {
    entries.iter().find(|e| e.id() == id)
}

/// The ids, in the list's order.
pub fn ids<E: Entry>(entries: &[E]) -> Vec<&'static str> {
    entries.iter().map(Entry::id).collect()
}

/// The entry with this id, or a configuration error about `what` that names
/// the unknown id and lists the known ones.
pub fn lookup<E: Entry>(entries: &'static [E], what: &str, id: &str) -> Result<&'static E, SimError> {
    find(entries, id).ok_or_else(|| SimError::config(what, unknown(entries, id)))
}

/// "unknown policy \"lruu\"; known: lru, fifo, …"
pub fn unknown<E: Entry>(entries: &[E], id: &str) -> String {
    format!("unknown {} {id:?}; known: {}", E::KIND, ids(entries).join(", "))
}

/// The ids of a `const` list of entries as a constant array, for a parameter's
/// choices (`Param::choice`), so the choices cannot drift from the list.
#[macro_export]
macro_rules! ids_of {
    ($list:expr) => {{
        const N: usize = $list.len();
        let mut ids = [""; N];
        let mut i = 0;
        while i < N {
            ids[i] = $list[i].id;
            i += 1;
        }
        ids
    }};
}
