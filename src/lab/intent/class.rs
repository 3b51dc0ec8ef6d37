//! How the reducer treats an intent apart from what it does ([`Class`]): whether it leaves the
//! action notice alone, what it may do while a recorded run is shown, what it does to an open
//! question. Each area's intents choose theirs in an exhaustive `match`.

/// What an intent may do while a recorded run is shown in place of the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnderRecording {
    /// Done as it is.
    Allowed,
    /// Refused: it would change the run shown, which a recording cannot have done to it.
    Refused,
    /// Another story or link: the recording is closed first.
    ClosesIt,
    /// A story step: the recording has no story steps, so it moves from event to event.
    AsEvent,
    /// A link: only a shipped recording can be linked to.
    LinkIfShipped,
}

/// What an intent does to an open question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnQuestion {
    /// Leaves it open (an unanswered one stays open while playing: playback stops before it
    /// again).
    Keeps,
    /// Moves away from it: any jump, a restart, another story or link, a counterexample.
    Closes,
    /// Plays on: closes it once it is answered.
    ClosesIfAnswered,
}

/// How the reducer treats an intent, apart from what the intent does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// It comes from the clock, the measured page or a panel's own choice rather than from an
    /// action the user took: done, it leaves the action notice as it was (a refusal shown while
    /// playing stays until the next action).
    pub quiet: bool,
    pub recording: UnderRecording,
    pub question: OnQuestion,
}
