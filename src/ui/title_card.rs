//! A story's title card in presentation view: when the lectern opens the next (or previous)
//! story, its chapter, title and summary fill the screen until the next PageDown (or a click).

use leptos::prelude::*;

use super::derived::Derived;
use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use crate::catalog::{chapter_of, Entry};
use crate::lab::{Intent, PlaybackIntent};
use crate::words::chapters as words;

/// The card of `entry`, shown while presenting with its card up.
#[component]
pub fn TitleCard(
    entry: Derived<&'static Entry>,
    presenting: Mirrored<bool>,
    title_card: Mirrored<bool>,
) -> impl IntoView {
    let send = use_send();
    let shown = move || presenting.get() && title_card.get();
    move || {
        shown().then(|| {
            let entry = entry.get();
            let chapter = chapter_of(entry.id).map(words::chapter);
            view! {
                <section
                    class="title-card"
                    aria-live="polite"
                    on:click=handler(move |_| send(Intent::Playback(PlaybackIntent::NextStep)))
                >
                    <p class="title-card-chapter">{chapter}</p>
                    <h2>{entry.title}</h2>
                    <p>{entry.summary}</p>
                    <p class="title-card-hint">{words::TITLE_CARD_HINT}</p>
                </section>
            }
        })
    }
}
