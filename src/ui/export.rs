//! Exports for slides: the timeline as a standalone SVG file (styles embedded) or a 2× PNG, made
//! with the browser's own XMLSerializer and canvas. In compare mode both halves are exported,
//! each under its caption; the legend comes along unless the viewer unticks it.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::lab::ExportFormat;
use crate::ui::svg::Shape;
use crate::ui::timeline::text;
use crate::words::export as words;

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

/// Space between the parts of an export, in px.
const GAP: f64 = 10.0;
/// Caption type size of the compare halves, in px.
const CAPTION_PX: f64 = 18.0;

/// Width and height of an SVG from its `viewBox` (the browser parses the numbers: Rust's float
/// parsing would grow the bundle).
fn view_size(svg: &web_sys::Element) -> Option<(f64, f64)> {
    let view_box = svg.get_attribute("viewBox")?;
    let dims: Vec<f64> = view_box
        .split_whitespace()
        .map(js_sys::parse_float)
        .collect();
    Some((dims.get(2)?.ceil(), dims.get(3)?.ceil()))
}

/// An SVG element `tag` with `attrs`.
fn element(tag: &str, attrs: &[(&str, &str)]) -> Option<web_sys::Element> {
    let el = document().create_element_ns(Some(SVG_NS), tag).ok()?;
    for (name, value) in attrs {
        el.set_attribute(name, value).ok()?;
    }
    Some(el)
}

/// A deep copy of `svg` placed at `(x, y)` inside the export.
fn placed_copy(svg: &web_sys::Element, x: f64, y: f64) -> Option<web_sys::Element> {
    let copy: web_sys::Element = svg.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    copy.set_attribute("x", &(x as u32).to_string()).ok()?;
    copy.set_attribute("y", &(y as u32).to_string()).ok()?;
    Some(copy)
}

/// A text of the export at `(x, y)`.
fn caption(class: &str, x: f64, y: f64, size: f64, words: &str) -> Option<web_sys::Node> {
    let (x, y, size) = (
        (x as u32).to_string(),
        (y as u32).to_string(),
        (size as u32).to_string(),
    );
    let text = element(
        "text",
        &[("class", class), ("x", &x), ("y", &y), ("font-size", &size)],
    )?;
    text.set_text_content(Some(words));
    Some(text.into())
}

/// The export's heading over a drawing `room` px wide: the story's `title`, then the banner's
/// verdict as on screen (so at the playhead, and naming both halves in compare mode), each
/// wrapped to `room`; the width its lines need and the new top.
fn heading(
    app: &web_sys::Element,
    out: &web_sys::Element,
    title: &str,
    room: f64,
) -> Option<(f64, f64)> {
    let said = |part: &str| {
        app.query_selector(part)
            .ok()
            .flatten()
            .and_then(|e| e.text_content())
            .unwrap_or_default()
    };
    // Beside a recording there is no banner, and no verdict. The "·" stays on the head's line.
    let verdict = match (said(".outcome-head"), said(".outcome-text")) {
        (head, _) if head.is_empty() => head,
        (head, text) => format!("{head}\u{a0}· {text}"),
    };
    let mut lines: Vec<(&str, f64, String)> = Vec::new();
    for (class, size, words) in [
        ("export-caption", CAPTION_PX, title),
        ("export-verdict", VERDICT_PX, &verdict),
    ] {
        let mut first = true;
        for word in words.split(' ').filter(|w| !w.is_empty()) {
            match lines.last_mut() {
                Some((_, _, line))
                    if !first && text::width(&format!("{line} {word}"), size) <= room =>
                {
                    line.push(' ');
                    line.push_str(word);
                }
                _ => lines.push((class, size, word.to_string())),
            }
            first = false;
        }
    }
    let (mut width, mut y) = (0.0_f64, 0.0);
    for (class, size, words) in lines {
        y += size + GAP / 2.0;
        out.append_child(&caption(class, 4.0, y, size, &words)?)
            .ok()?;
        width = width.max(text::width(&words, size) + 8.0);
    }
    Some((width, y + GAP))
}

/// Type size of the verdict under an export's title, in px.
const VERDICT_PX: f64 = 14.0;

/// Every timeline inside the same `.app` as `origin` (both halves in compare mode, each under
/// its caption) under a heading (see [`heading`]), and the legend if `legend`, as one
/// standalone SVG document.
fn standalone_svg(
    origin: &web_sys::Element,
    title: &str,
    legend: bool,
) -> Option<(String, f64, f64)> {
    let app = origin.closest(".app").ok().flatten()?;
    let timelines = app.query_selector_all("svg.timeline-svg").ok()?;
    // Each timeline's playhead: a drawing of its own laid over it, of the same size.
    let playheads = app.query_selector_all(".timeline-playhead").ok()?;
    let titles = app.query_selector_all(".compare-title").ok()?;
    let captioned = titles.length() == timelines.length() && timelines.length() > 1;
    let out = element("svg", &[("xmlns", SVG_NS), ("class", "export")])?;
    let first: web_sys::Element = timelines.item(0)?.dyn_into().ok()?;
    let (mut width, mut y) = heading(&app, &out, title, view_size(&first)?.0 - 8.0)?;
    for i in 0..timelines.length() {
        let svg: web_sys::Element = timelines.item(i)?.dyn_into().ok()?;
        let (w, h) = view_size(&svg)?;
        if captioned {
            let title: web_sys::Element = titles.item(i)?.dyn_into().ok()?;
            let words = title.text_content().unwrap_or_default();
            let class = format!(
                "export-caption {}",
                title.get_attribute("class").unwrap_or_default()
            );
            out.append_child(&caption(&class, 4.0, y + CAPTION_PX, CAPTION_PX, &words)?)
                .ok()?;
            y += CAPTION_PX + GAP;
        }
        let copy = placed_copy(&svg, 0.0, y)?;
        if let Some(playhead) = playheads.item(i) {
            copy.append_child(&playhead.clone_node_with_deep(true).ok()?)
                .ok()?;
        }
        out.append_child(&copy).ok()?;
        (width, y) = (width.max(w), y + h + GAP);
    }
    if legend {
        (width, y) = legend_rows(&app, &out, width, y)?;
    }
    finish(&out, width, y - GAP)
}

/// Width of a legend line's sample and the space after it, and the space after its words, in px.
const SAMPLE_PX: f64 = 36.0;
const AFTER_PX: f64 = 20.0;
/// Height of one legend line, and its words' size, in px.
const LINE_PX: f64 = 22.0;
const LEGEND_PX: f64 = 12.0;

/// The legend's lines under a drawing `width` px wide from `top`, flowed left to right by their
/// measured widths (the layout pass's text model, which never under-measures), so no two share
/// a pixel: each line's sample position and its words as an SVG text; the width they need (at
/// least `width`) and the new bottom.
pub fn legend_flow(words: &[String], width: f64, top: f64) -> (Vec<(f64, f64, Shape)>, f64, f64) {
    let (mut x, mut y, mut widest) = (8.0, top, width);
    let mut out = Vec::new();
    for w in words {
        let room = SAMPLE_PX + text::width(w, LEGEND_PX);
        if x > 8.0 && x + room > width {
            (x, y) = (8.0, y + LINE_PX);
        }
        let words = Shape::new("text")
            .class("export-legend")
            .num("x", x + SAMPLE_PX)
            .num("y", y + 13.0)
            .num("font-size", LEGEND_PX)
            .text(w.clone());
        out.push((x, y, words));
        widest = widest.max(x + room + 8.0);
        x += room + AFTER_PX;
    }
    let bottom = if out.is_empty() {
        top
    } else {
        y + LINE_PX + GAP
    };
    (out, widest, bottom)
}

/// The legend's lines under the drawing (see [`legend_flow`]); returns the width they need and
/// the new bottom.
fn legend_rows(
    app: &web_sys::Element,
    out: &web_sys::Element,
    width: f64,
    top: f64,
) -> Option<(f64, f64)> {
    if let Some(defs) = app.query_selector("svg.legend-defs").ok().flatten() {
        out.append_child(&web_sys::Node::from(placed_copy(&defs, 0.0, 0.0)?))
            .ok()?;
    }
    let items = app.query_selector_all(".legend-items li").ok()?;
    let mut words = Vec::new();
    for i in 0..items.length() {
        words.push(items.item(i)?.text_content().unwrap_or_default());
    }
    let (lines, widest, bottom) = legend_flow(&words, width, top);
    let doc = document();
    for (i, (x, y, words)) in lines.iter().enumerate() {
        let item: web_sys::Element = items.item(i as u32)?.dyn_into().ok()?;
        if let Some(sample) = item.query_selector("svg").ok().flatten() {
            out.append_child(&web_sys::Node::from(placed_copy(&sample, *x, *y)?))
                .ok()?;
        }
        out.append_child(&words.to_element(&doc)).ok()?;
    }
    Some((widest, bottom))
}

/// Sizes `out`, embeds the page's styles and a background, and serialises it.
fn finish(out: &web_sys::Element, width: f64, height: f64) -> Option<(String, f64, f64)> {
    let (w, h) = (
        (width as u32).to_string(),
        (height.ceil() as u32).to_string(),
    );
    out.set_attribute("width", &w).ok()?;
    out.set_attribute("height", &h).ok()?;
    out.set_attribute("viewBox", &format!("0 0 {w} {h}")).ok()?;
    let style = element("style", &[])?;
    style.set_text_content(Some(&page_css()));
    let background = element(
        "rect",
        &[
            ("class", "export-bg"),
            ("width", "100%"),
            ("height", "100%"),
        ],
    )?;
    out.insert_before(&background, out.first_child().as_ref())
        .ok()?;
    out.insert_before(&style, out.first_child().as_ref()).ok()?;
    let text = web_sys::XmlSerializer::new()
        .ok()?
        .serialize_to_string(out)
        .ok()?;
    Some((text, width, height.ceil()))
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

fn export_svg(
    origin: &web_sys::Element,
    file_name: &str,
    title: &str,
    legend: bool,
) -> Result<(), String> {
    let (text, _, _) = standalone_svg(origin, title, legend).ok_or(words::NO_TIMELINE)?;
    let url = svg_blob_url(&text).ok_or(words::NO_FILE)?;
    download(&url, file_name);
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

fn export_png(
    origin: &web_sys::Element,
    file_name: String,
    title: &str,
    legend: bool,
) -> Result<(), String> {
    let (text, width, height) = standalone_svg(origin, title, legend).ok_or(words::NO_TIMELINE)?;
    let url = svg_blob_url(&text).ok_or(words::NO_FILE)?;
    let image = web_sys::HtmlImageElement::new().map_err(|_| words::NO_IMAGE)?;
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

/// Downloads the timeline(s) inside `origin` (the lab's page element) as `format`, named
/// `file_name`, headed by the story's `title` and the verdict on screen, with the legend if
/// `legend`; says why not if it cannot.
pub fn export(
    origin: Option<&web_sys::Element>,
    format: ExportFormat,
    file_name: &str,
    title: &str,
    legend: bool,
) -> Result<(), String> {
    let origin = origin.ok_or(words::NO_PAGE.to_string())?;
    match format {
        ExportFormat::Svg => export_svg(origin, file_name, title, legend),
        ExportFormat::Png => export_png(origin, file_name.to_string(), title, legend),
    }
}

/// The standalone SVG text of the timeline(s) next to `origin`, headed by `title`, with the
/// legend if `legend` (for tests).
pub fn timeline_svg_text(origin: &web_sys::Element, title: &str, legend: bool) -> Option<String> {
    standalone_svg(origin, title, legend).map(|(text, _, _)| text)
}
