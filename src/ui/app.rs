//! The application shell: header with the promise, the lab on the stage, and the footer.

use leptos::prelude::*;

use super::action_notice::ActionNotice;
use super::dispatch::act;
use super::handler::handler;
use super::lab::Lab;
use super::link::Address;
use super::overlays::{BlankOverlay, HelpOverlay};
use super::recordings_dialog::RecordingsOverlay;
use super::state::provide_lab;
use super::state::LabState;
use super::which_pattern::WhichPatternOverlay;
use super::who_fences::WhoFencesOverlay;
use super::{draft_store, link};
use crate::lab::{Intent, SetupIntent, ViewIntent, WriteIntent};
use crate::share::{self, Decoded, LinkState, NoticeKind};
use crate::words::{controls, page};
use leptos::task::spawn_local;

/// The scenario a first visit opens with: the documents' GC-pause story.
pub const DEFAULT_ENTRY: &str = share::DEFAULT_ENTRY;

/// Opens `decoded` in the lab. The Write panel shows the link's written story (`text`, kept
/// there even when its reader could not be fetched, and then the address too is left as it
/// was), else the draft this browser kept.
fn open(lab: LabState, decoded: Decoded, text: Option<String>) {
    let unloaded = decoded
        .notices
        .iter()
        .any(|n| n.kind == NoticeKind::StoryUnloaded);
    link::hold(unloaded);
    let draft = text.or_else(draft_store::load);
    // A shipped recording the link names is fetched beside the bundle (or from the offline
    // copy) and shown once it arrives.
    act(
        lab,
        Intent::Setup(SetupIntent::Load(Box::new(decoded.state))),
    );
    act(lab, Intent::View(ViewIntent::LinkNotices(decoded.notices)));
    if let Some(text) = draft.filter(|t| !t.is_empty()) {
        act(lab, Intent::Write(WriteIntent::Restore(text)));
    }
}

/// The whole Fencing Lab page, restored from the address bar.
#[component]
pub fn App() -> impl IntoView {
    let lab = provide_lab(&LinkState::default_for(DEFAULT_ENTRY));
    match link::read() {
        Address::Decoded(decoded) => open(lab, decoded, None),
        // The reader is fetched first; the address is left as it is meanwhile.
        Address::Story(pairs, total, text) => {
            link::hold(true);
            spawn_local(async move {
                let decoded = link::read_story_link(pairs, total, text.clone()).await;
                open(lab, decoded, Some(text));
            });
        }
    }
    link::sync(lab);
    let notices = lab.view.link_notices;
    view! {
        <div class="app" node_ref=lab.root class:presenting=move || lab.view.presenting.get() class:story=move || lab.view.story.get()>
            <header class="app-header">
                <div class="brand">
                    <span class="brand-mark" aria-hidden="true">"▮▮"</span>
                    <h1 class="brand-name">{page::NAME}</h1>
                </div>
                <p class="promise">
                    {page::PROMISE}
                </p>
            </header>
            <main class="stage" id="stage" aria-label=page::STAGE>
                {crate::ui::shown::shown(move || notices.with(|n| !n.is_empty()), move || view! {
                    <div class="link-notice" role="status" id="link-notice">
                        <strong>{page::LINK_NOTICE}</strong>
                        <ul>{move || notices.get().iter().map(|n| view! { <li>{crate::words::link::notice(n)}</li> }).collect_view()}</ul>
                        <button class="btn" id="btn-dismiss-notice" on:click=handler(move |_| act(lab, Intent::View(ViewIntent::DismissLinkNotices)))>{controls::OK}</button>
                    </div>
                }.into_any())}
                <Lab/>
            </main>
            <footer class="app-footer">
                <span>{page::FOOTER}</span>
                <span class="footer-note">{page::FOOTER_NOTE}</span>
            </footer>
            <ActionNotice notice=lab.view.notice/>
            <HelpOverlay help=lab.view.help/>
            <WhoFencesOverlay open=lab.view.who_fences/>
            <WhichPatternOverlay open=lab.view.which_pattern/>
            <RecordingsOverlay open=lab.view.recordings/>
            <BlankOverlay blank=lab.view.blank/>
        </div>
    }
}
