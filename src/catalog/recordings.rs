//! The recorded runs the lab ships: real etcd runs of the document stories, made by the
//! recorder (`make conformance` writes them; `traces/` keeps them) and served beside the
//! bundle, fetched only when a user opens one.

/// One shipped recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShippedRecording {
    /// Short id, as a link names it (`rec=gc-pause-off`).
    pub id: &'static str,
    /// File name under `traces/` (and the bundle's `traces/`).
    pub file: &'static str,
    /// The story it is a run of (the catalog id its trace names): the lab's story while it is
    /// shown or fetched.
    pub story: &'static str,
    /// Short title on its button.
    pub title: &'static str,
    /// One line on what happens in it.
    pub blurb: &'static str,
}

/// The shipped recordings, in the order the lab lists them.
pub const RECORDINGS: [ShippedRecording; 4] = [
    ShippedRecording {
        id: "gc-pause-off",
        file: "gc-pause-off.trace.json",
        story: "gc-pause",
        title: "GC pause, enforcement off",
        blurb: "A is stopped for 3 s; B gets the lease; A wakes and its stale write is accepted.",
    },
    ShippedRecording {
        id: "gc-pause-on",
        file: "gc-pause-on.trace.json",
        story: "gc-pause",
        title: "GC pause, enforcement on",
        blurb: "The same pause; the resource checks tokens and rejects A's stale write.",
    },
    ShippedRecording {
        id: "last-item",
        file: "last-item.trace.json",
        story: "last-item",
        title: "The last item in the warehouse",
        blurb: "Two owners of one lease, and the last item sold twice.",
    },
    ShippedRecording {
        id: "crashed-holder",
        file: "crashed-holder.trace.json",
        story: "permanent-ownership",
        title: "A crashed holder",
        blurb: "A is killed while holding the lease; B waits for it to run out.",
    },
];

/// The shipped recording called `id`, if there is one.
pub fn recording(id: &str) -> Option<ShippedRecording> {
    RECORDINGS.into_iter().find(|r| r.id == id)
}
