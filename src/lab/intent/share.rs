//! What leaves the lab: a link to the run on screen, an exported picture and whether it carries the legend.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};
use crate::lab::effect::ExportFormat;

/// What leaves the lab's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum ShareIntent {
    /// Copy a link to exactly this state.
    CopyLink,
    /// Download the timeline(s) as a file (with the legend if the viewer left it ticked).
    Export(ExportFormat),
    /// Exports carry the legend, or not.
    SetExportLegend(bool),
}

impl ShareIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            ShareIntent::CopyLink => (false, LinkIfShipped, Keeps),
            ShareIntent::Export(..) => (false, Allowed, Keeps),
            ShareIntent::SetExportLegend(..) => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
