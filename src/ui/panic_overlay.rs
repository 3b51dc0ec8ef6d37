//! When anything panics, the page shows a friendly overlay with "Reset the lab" instead of going
//! dead. Plain DOM calls only (the reactive system may be what broke); text is never parsed as HTML.

use wasm_bindgen::JsCast;

use crate::words::overlays as words;

/// Installs the panic hook: log to the console, then show the overlay.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show();
    }));
}

/// Shows the overlay (the panic hook calls this; tests call it directly).
pub fn show() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else { return };
    if document.get_element_by_id("panic-overlay").is_some() {
        return;
    }
    let Ok(overlay) = document.create_element("div") else {
        return;
    };
    overlay.set_id("panic-overlay");
    overlay.set_class_name("overlay");
    let _ = overlay.set_attribute("role", "alertdialog");
    let _ = overlay.set_attribute("aria-labelledby", "panic-title");
    let Ok(card) = document.create_element("div") else {
        return;
    };
    card.set_class_name("overlay-card");
    let parts = [
        ("h2", "panic-title", words::PANIC_TITLE),
        ("p", "", words::PANIC_TEXT),
    ];
    for (tag, id, text) in parts {
        if let Ok(el) = document.create_element(tag) {
            if !id.is_empty() {
                el.set_id(id);
            }
            el.set_text_content(Some(text));
            let _ = card.append_child(&el);
        }
    }
    if let Ok(link) = document.create_element("a") {
        let path = web_sys::window()
            .and_then(|w| w.location().pathname().ok())
            .unwrap_or_else(|| "/".into());
        let link: web_sys::HtmlAnchorElement = link.unchecked_into();
        link.set_href(&path);
        link.set_class_name("btn");
        link.set_id("btn-reset-lab");
        link.set_text_content(Some(words::PANIC_RESET));
        let _ = card.append_child(&link);
    }
    let _ = overlay.append_child(&card);
    let _ = body.append_child(&overlay);
}
