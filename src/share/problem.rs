//! Why a fault, a resume request or a zoomed window from a link cannot be used, as data for
//! the words layer to say (`words::link::problem`).

/// What a counted fault field counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The app's writes (`k`: pause after the check of write N).
    Writes,
    /// The app's messages of one kind (`d`, `u`, `o`).
    Messages,
}

/// Why a value was refused. Every `String` is the link's text, shortened (see
/// `notice::shorten`), except in the zoom's, whose value is at most `MAX_VALUE_LEN` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not in the grammar at all.
    NotUnderstood,
    /// A fault tag the grammar does not have.
    UnknownFaultKind(String),
    /// No app of this name in the scenario.
    NoSuchApp(String),
    /// No such member of the coordination service (`members`: how many it has; 1 is the
    /// single box, which has none to fail).
    NoSuchMember { who: String, members: usize },
    /// A time after the scenario's end.
    AfterTheEnd { at_ms: u64, horizon_ms: u64 },
    /// A length longer than `MAX_LENGTH_MS`.
    TooLong { ms: u64 },
    /// A count outside 1 to `MAX_NTH`.
    CountOutOfRange(Counted),
    /// Digits, but more than a `u64` holds.
    TooLarge(String),
    /// A negative number.
    Negative(String),
    /// Not a number.
    NotANumber(String),
    /// A message kind not among `KIND_NAMES`.
    UnknownMessageKind(String),
    /// A partition that ends before it starts.
    EndsBeforeItStarts,
    /// A fault in memory that a link would not give back.
    DoesNotSurviveALink,
    /// A zoom end that is not a whole number of ms.
    ZoomNotWholeMs(String),
    /// A zoom that is not `FROM-TO`.
    ZoomNotTwoTimes,
    /// A zoom ending after the run.
    ZoomAfterTheRun { horizon_ms: u64 },
    /// A zoom narrower than `min_ms`.
    ZoomTooNarrow { min_ms: u64 },
}
