//! Exports for slides: the timeline as a standalone SVG file (styles embedded) or a 2× PNG, made
//! with the browser's own XMLSerializer and canvas.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::use_lab;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Every CSS rule of the page's own stylesheets, as text (so the file looks the same anywhere).
fn page_css() -> String {
    let sheets = document().style_sheets();
    let mut css = String::new();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets
            .item(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let Ok(rules) = sheet.css_rules() else {
            continue;
        };
        for j in 0..rules.length() {
            if let Some(rule) = rules.item(j) {
                css.push_str(&rule.css_text());
                css.push('\n');
            }
        }
    }
    css
}

/// The first timeline inside the same `.app` as `origin`, as a standalone SVG document.
fn standalone_svg(origin: &web_sys::Element) -> Option<(String, f64, f64)> {
    let app = origin.closest(".app").ok().flatten()?;
    let svg = app.query_selector("svg.timeline-svg").ok().flatten()?;
    let clone: web_sys::Element = svg.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    let view_box = clone.get_attribute("viewBox")?;
    // The browser parses the numbers (Rust's float parsing would grow the bundle).
    let dims: Vec<f64> = view_box
        .split_whitespace()
        .map(js_sys::parse_float)
        .collect();
    let (width, height) = (dims.get(2)?.ceil(), dims.get(3)?.ceil());
    clone.set_attribute("xmlns", SVG_NS).ok()?;
    clone
        .set_attribute("width", &(width as u32).to_string())
        .ok()?;
    clone
        .set_attribute("height", &(height as u32).to_string())
        .ok()?;
    let doc = document();
    let style = doc.create_element_ns(Some(SVG_NS), "style").ok()?;
    style.set_text_content(Some(&page_css()));
    let background = doc.create_element_ns(Some(SVG_NS), "rect").ok()?;
    for (name, value) in [
        ("class", "export-bg"),
        ("width", "100%"),
        ("height", "100%"),
    ] {
        background.set_attribute(name, value).ok()?;
    }
    clone
        .insert_before(&background, clone.first_child().as_ref())
        .ok()?;
    clone
        .insert_before(&style, clone.first_child().as_ref())
        .ok()?;
    let text = web_sys::XmlSerializer::new()
        .ok()?
        .serialize_to_string(&clone)
        .ok()?;
    Some((text, width, height))
}

fn svg_blob_url(text: &str) -> Option<String> {
    let parts = js_sys_array(text);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("image/svg+xml;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

fn js_sys_array(text: &str) -> JsValue {
    let array = js_sys::Array::new();
    array.push(&JsValue::from_str(text));
    array.into()
}

fn download(href: &str, file_name: &str) {
    let Ok(anchor) = document().create_element("a") else {
        return;
    };
    let anchor: web_sys::HtmlAnchorElement = anchor.unchecked_into();
    anchor.set_href(href);
    anchor.set_download(file_name);
    anchor.click();
}

fn export_svg(origin: &web_sys::Element, file_name: &str) -> Result<(), String> {
    let (text, _, _) = standalone_svg(origin).ok_or("There is no timeline to export")?;
    let url = svg_blob_url(&text).ok_or("The browser could not make the file")?;
    download(&url, file_name);
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

fn export_png(origin: &web_sys::Element, file_name: String) -> Result<(), String> {
    let (text, width, height) = standalone_svg(origin).ok_or("There is no timeline to export")?;
    let url = svg_blob_url(&text).ok_or("The browser could not make the file")?;
    let image = web_sys::HtmlImageElement::new().map_err(|_| "no image support")?;
    let loaded = image.clone();
    let url_for_load = url.clone();
    let on_load = Closure::once_into_js(move || {
        let _ = draw_png(&loaded, width, height, &file_name);
        let _ = web_sys::Url::revoke_object_url(&url_for_load);
    });
    image.set_onload(Some(on_load.unchecked_ref()));
    image.set_src(&url);
    Ok(())
}

/// Draws the loaded SVG at twice its size and downloads the PNG.
fn draw_png(
    image: &web_sys::HtmlImageElement,
    width: f64,
    height: f64,
    file_name: &str,
) -> Option<()> {
    let canvas: web_sys::HtmlCanvasElement =
        document().create_element("canvas").ok()?.dyn_into().ok()?;
    canvas.set_width((width * 2.0) as u32);
    canvas.set_height((height * 2.0) as u32);
    let context: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").ok()??.dyn_into().ok()?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(
            image,
            0.0,
            0.0,
            width * 2.0,
            height * 2.0,
        )
        .ok()?;
    download(&canvas.to_data_url_with_type("image/png").ok()?, file_name);
    Some(())
}

/// "Download SVG" and "Download PNG" buttons.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let lab = use_lab();
    let notice = RwSignal::new(None::<String>);
    let base_name = move || {
        let on = lab.knobs.with_untracked(|k| k.enforcement);
        format!(
            "fencing-lab-{}-enforcement-{}",
            lab.entry_id.get_untracked(),
            if on { "on" } else { "off" }
        )
    };
    let origin = |ev: &web_sys::MouseEvent| {
        ev.target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    };
    view! {
        <div class="export" role="group" aria-label="Export the timeline">
            <button class="btn ghost" id="btn-export-svg" on:click=move |ev| {
                let result = origin(&ev).ok_or("no page".to_string()).and_then(|o| export_svg(&o, &format!("{}.svg", base_name())));
                notice.set(result.err());
            }>"⤓ SVG"</button>
            <button class="btn ghost" id="btn-export-png" on:click=move |ev| {
                let result = origin(&ev).ok_or("no page".to_string()).and_then(|o| export_png(&o, format!("{}.png", base_name())));
                notice.set(result.err());
            }>"⤓ PNG 2×"</button>
            <span class="notice" role="status">{move || notice.get()}</span>
        </div>
    }
}

/// The standalone SVG text of the timeline next to `origin` (for tests).
pub fn timeline_svg_text(origin: &web_sys::Element) -> Option<String> {
    standalone_svg(origin).map(|(text, _, _)| text)
}
