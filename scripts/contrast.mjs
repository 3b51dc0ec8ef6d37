// Text contrast check (WCAG 2.x, success criterion 1.4.3) of a built bundle, in the light and the dark
// theme (prefers-color-scheme emulation), over a few representative app states. For every visible text
// (HTML elements with their own non-whitespace text nodes, the shown value of selects and text inputs,
// and SVG <text>) it computes the contrast of the text colour (SVG: fill) against what is painted under
// it, and fails when a text is below 4.5:1 (3:1 for large text: >= 24 px, or >= 18.66 px and bold).
// Usage: node scripts/contrast.mjs DIST [--all-stories] [--verbose]
// Prints one line per theme and state, the lowest ratio per theme, then every failing text (once per element and
// colours); --verbose also lists texts hidden under other marks.
//
// How the background is found:
// - HTML text: the element's ancestors from the root down, each painting its background-color over the
//   page canvas; an ancestor with opacity < 1 is composited as a group (as browsers do), so faded rows
//   lose contrast here as they do on screen.
// - SVG text: document.elementsFromPoint at three points along the middle of the text's box; text
//   (other labels too) is skipped, shapes below the text paint their fill (with fill-opacity and the
//   opacity of every ancestor) until something opaque or an HTML box (see above) is reached. A pattern
//   fill counts as each of its tiles' colours (the worst one wins). Shapes drawn above the text tint both
//   the text and its background. A text with a halo (paint-order: stroke, stroke-width >= 2) is read
//   against its halo. Lines (stroke-only) are ignored as backgrounds: they are thin rules, not fills.
// What is not checked (and why):
// - Disabled controls and text inside them: WCAG 1.4.3 exempts "part of an inactive user interface
//   component", and the app fades disabled buttons on purpose to show they are inactive.
// - Invisible text: display:none, visibility:hidden, opacity 0, a transparent colour, no box, clipped
//   away by an overflow:hidden ancestor (the .sr-only screen-reader text) or by an SVG clip path (the
//   timeline not yet revealed). Nobody sees it, so it has no contrast to keep.
// - Text hidden at every sample point under an opaque shape drawn over it: that is an overlap of marks
//   (a layout matter), not a colour one; it is listed as a note instead.
// - Content behind an open modal dialog (aria-modal): it is inert and dimmed by the backdrop; the same
//   content is checked in the states without the dialog.
// - aria-hidden text IS checked when it is visible: aria-hidden only hides it from screen readers (the
//   playhead's time label is aria-hidden, yet people read it on screen).
// - Pseudo-element text (::before/::after content), list markers, text in images, and non-text contrast
//   (icons, borders, focus rings; WCAG 1.4.11) are outside this check.
import { resolve } from "node:path";
import { serveDist, launchChromium } from "./browser.mjs";

const root = resolve(process.argv[2] ?? "dist");
const VIEWPORT = { width: 1280, height: 800 };

/**
 * A story at `fraction` of its length (1 = played to the end), from a link: the scrubber's max is the
 * story's end, and `t` in the link restores a playhead. `extra` is more of the link, e.g. "&compare=on".
 */
function storyAt(id, extra, fraction = 1) {
  return async (page, origin) => {
    const end = Number(await page.getAttribute("#scrubber", "max"));
    await page.goto(`${origin}/?scenario=${id}${extra}&t=${Math.round(end * fraction)}`, { waitUntil: "load" });
    await page.waitForSelector("html:not(:has(#prerender)) svg.timeline-svg .lease", { state: "attached", timeout: 15000 });
    const timelines = await page.locator("svg.timeline-svg").count();
    const want = extra.includes("compare=on") ? 2 : 1;
    if (timelines !== want) throw new Error(`${timelines} timeline(s) shown, not ${want}`);
  };
}
const story = (name, id, extra, fraction) => ({
  name,
  query: `?scenario=${id}${extra}`,
  ready: "svg.timeline-svg .lease",
  prepare: storyAt(id, extra, fraction),
});

/** PageDown (a clicker) until the story stops for its first question, then press `answer` if given. */
function openQuestion(answer) {
  return async (page) => {
    for (let i = 0; i < 10 && !(await page.$("#question-card")); i++) await page.keyboard.press("PageDown");
    await page.waitForSelector("#question-card", { timeout: 5000 });
    if (answer) {
      await page.keyboard.press(answer);
      await page.waitForSelector("#question-feedback", { timeout: 5000 });
    }
  };
}

/** The app states checked in each theme: each gets a fresh page at `query`, then `prepare(page)`. */
const STATES = [
  { name: "default", query: "", ready: "svg.timeline-svg .lease" },
  {
    // The pointer stays on the Explore button after the click, so its hover colours are checked too.
    name: "explored",
    query: "?scenario=gc-pause&view=lab",
    ready: "svg.timeline-svg .lease",
    prepare: async (page) => {
      await page.click("#btn-explore");
      await page.waitForSelector("#explore-headline", { timeout: 30000 });
    },
  },
  story("story-end", "gc-pause", "&view=lab"),
  story("compare-end", "last-item", "&compare=on"),
  {
    name: "help",
    query: "?scenario=gc-pause&view=lab",
    ready: "svg.timeline-svg .lease",
    prepare: async (page) => {
      await page.keyboard.press("?");
      await page.waitForSelector("#help-overlay", { timeout: 5000 });
    },
  },
  story("presentation", "gc-pause", "&view=presentation", 0.6),
  // A question open in presentation view (it fills the screen), and one graded in the lab: the
  // right answer marked ✓, a wrong pick ✗, and the coloured verdict.
  { name: "question", query: "?scenario=gc-pause&view=presentation", ready: "svg.timeline-svg .lease", prepare: openQuestion() },
  { name: "question-graded", query: "?scenario=gc-pause&view=lab", ready: "svg.timeline-svg .lease", prepare: openQuestion("2") },
  // A recorded run beside its simulation, with the comparison table open, played to its end.
  {
    name: "recorded",
    query: "?scenario=gc-pause&view=lab",
    ready: "svg.timeline-svg .lease",
    prepare: async (page) => {
      await page.click("#toggle-recordings");
      await page.click('[data-file="gc-pause-on.trace.json"]');
      await page.waitForSelector("#recorded-agreement", { timeout: 10000 });
      await page.click("#recorded-agreement");
      await page.evaluate(() => {
        const s = document.querySelector("#scrubber");
        s.value = s.max;
        s.dispatchEvent(new Event("input"));
      });
    },
  },
  // A link the app can only partly use shows the notice on the warning band.
  { name: "link-notice", query: "?scenario=no-such-story&f=bogus&ttl_ms=abc", ready: "#link-notice" },
];

/** Runs in the page: every visible text with its colours and contrast ratio. */
function collectTexts() {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const notes = [];
  const scratch = document.createElement("canvas").getContext("2d", { willReadFrequently: true });

  // ---- colours: [r, g, b, a] with r, g, b in 0..255 and a in 0..1, not premultiplied ----
  function parseColor(text) {
    const s = String(text).trim().toLowerCase();
    if (s === "transparent" || s === "none" || s === "") return [0, 0, 0, 0];
    const m = s.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/);
    if (m) {
      let a = m[4] === undefined ? 1 : parseFloat(m[4]);
      if (m[4]?.endsWith("%")) a /= 100;
      return [+m[1], +m[2], +m[3], a];
    }
    // Any other syntax (color(), oklch(), names): let the canvas convert it.
    scratch.clearRect(0, 0, 1, 1);
    scratch.fillStyle = "#000";
    scratch.fillStyle = s;
    scratch.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = scratch.getImageData(0, 0, 1, 1).data;
    notes.push(`converted colour ${s} through a canvas`);
    return [r, g, b, a / 255];
  }
  const withAlpha = (c, k) => [c[0], c[1], c[2], c[3] * k];
  // Source-over compositing of `top` on `bottom`.
  function over(top, bottom) {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const ch = (i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
    return [ch(0), ch(1), ch(2), a];
  }
  function luminance(c) {
    const lin = (v) => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  }
  function ratio(a, b) {
    const [la, lb] = [luminance(a), luminance(b)];
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }
  const hex = (c) =>
    "#" + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, "0")).join("") + (c[3] < 0.999 ? `@${c[3].toFixed(2)}` : "");

  // ---- descriptions ----
  function short(el) {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    const cls = typeof el.className === "string" ? el.className : el.getAttribute("class") ?? "";
    for (const c of cls.split(/\s+/).filter(Boolean).slice(0, 3)) s += "." + c;
    return s;
  }
  function describe(el) {
    const parts = [short(el)];
    for (let p = el.parentElement; p && parts.length < 3 && p !== document.body; p = p.parentElement) {
      if (p.id || (p.getAttribute("class") ?? "").trim()) parts.unshift(short(p));
    }
    return parts.join(" > ");
  }

  // ---- the HTML background under an element: its ancestors' backgrounds, opacity as groups ----
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  const canvasDefault = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
  function htmlChain(el) {
    const chain = [];
    for (let p = el; p; p = p.parentElement) {
      if (p.namespaceURI !== SVG_NS || p.tagName.toLowerCase() === "svg") chain.unshift(p);
    }
    return chain;
  }
  // The pixel under `el` (an HTML element or an outer <svg>), optionally with `top` painted last.
  function htmlPixel(el, top = null) {
    const stack = [canvasDefault];
    const groups = [];
    for (const p of htmlChain(el)) {
      const cs = getComputedStyle(p);
      const opacity = parseFloat(cs.opacity);
      if (opacity < 1) {
        stack.push([0, 0, 0, 0]);
        groups.push(opacity);
      } else groups.push(null);
      if (cs.backgroundImage && cs.backgroundImage !== "none") {
        notes.push(`${describe(p)} has a background-image (${cs.backgroundImage.slice(0, 40)}); only its background-color is used`);
      }
      stack[stack.length - 1] = over(parseColor(cs.backgroundColor), stack[stack.length - 1]);
    }
    if (top) stack[stack.length - 1] = over(top, stack[stack.length - 1]);
    for (let i = groups.length - 1; i >= 0; i--) {
      if (groups[i] === null) continue;
      const group = stack.pop();
      stack[stack.length - 1] = over(withAlpha(group, groups[i]), stack[stack.length - 1]);
    }
    return stack[0];
  }

  // ---- visibility ----
  function visibleElement(el) {
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
  }
  const inactive = (el) =>
    el.closest("button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, [aria-disabled='true']");
  // Text boxes that survive every overflow-clipping ancestor (this removes .sr-only text).
  function unclipped(el, rects) {
    let boxes = rects.filter((r) => r.width > 0 && r.height > 0).map((r) => [r.left, r.top, r.right, r.bottom]);
    for (let p = el; p && boxes.length; p = p.parentElement) {
      const cs = getComputedStyle(p);
      const clips = (v) => v === "hidden" || v === "clip";
      const clipX = clips(cs.overflowX), clipY = clips(cs.overflowY);
      if (!clipX && !clipY) continue;
      const c = p.getBoundingClientRect();
      boxes = boxes
        .map(([l, t, r, b]) => [clipX ? Math.max(l, c.left) : l, clipY ? Math.max(t, c.top) : t, clipX ? Math.min(r, c.right) : r, clipY ? Math.min(b, c.bottom) : b])
        .filter(([l, t, r, b]) => r - l >= 2 && b - t >= 2);
    }
    return boxes.length > 0;
  }
  const modal = [...document.querySelectorAll("[aria-modal='true']")].find((d) => visibleElement(d));
  const inScope = (el) => !modal || modal.contains(el);

  function sizeInfo(cs, scale = 1) {
    const px = parseFloat(cs.fontSize) * scale;
    const bold = parseInt(cs.fontWeight, 10) >= 700;
    const large = px >= 24 || (bold && px >= 18.66);
    return { px, bold, large, need: large ? 3 : 4.5 };
  }

  // The SVG side reads what is painted from hit testing (elementsFromPoint), which skips anything with
  // pointer-events: none: a label or band styled so would be taken as clipped away or as not there. Hit
  // testing is made to follow painting (this page is closed after the check).
  for (const el of document.querySelectorAll("svg, svg *")) {
    if (getComputedStyle(el).pointerEvents === "none") el.style.setProperty("pointer-events", "visiblePainted", "important");
  }

  const results = [];
  const skipped = { disabled: 0, invisible: 0, clipped: 0, modal: 0, covered: 0 };
  const covered = [];

  // ---- HTML text ----
  const SKIP_TAGS = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "TITLE", "OPTION", "OPTGROUP", "DATALIST"]);
  for (const el of document.body.querySelectorAll("*")) {
    if (el.namespaceURI === SVG_NS || SKIP_TAGS.has(el.tagName)) continue;
    let text = "";
    let rects = [];
    if (el.tagName === "SELECT") {
      text = el.selectedOptions[0]?.textContent.trim() ?? "";
      rects = [el.getBoundingClientRect()];
    } else if ((el.tagName === "INPUT" && /^(text|search|number|email|url|tel|)$/.test(el.type)) || el.tagName === "TEXTAREA") {
      text = el.value.trim();
      rects = [el.getBoundingClientRect()];
    } else {
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
        text += (text ? " " : "") + node.data.trim();
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
    }
    if (!text) continue;
    if (!inScope(el)) { skipped.modal++; continue; }
    if (inactive(el)) { skipped.disabled++; continue; }
    if (!visibleElement(el)) { skipped.invisible++; continue; }
    if (!unclipped(el, rects)) { skipped.clipped++; continue; }
    const cs = getComputedStyle(el);
    const color = parseColor(cs.color);
    if (color[3] === 0) { skipped.invisible++; continue; }
    const bg = htmlPixel(el);
    const fg = htmlPixel(el, color);
    results.push({ kind: "html", text, desc: describe(el), fg: hex(fg), bg: hex(bg), ratio: ratio(fg, bg), ...sizeInfo(cs) });
  }

  // ---- SVG text ----
  const TEXTY = new Set(["text", "tspan", "textpath", "title", "desc"]);
  const NOT_PAINTED = new Set(["defs", "pattern", "marker", "clippath", "mask", "symbol", "lineargradient", "radialgradient", "filter"]);
  function svgText(node) {
    let s = "";
    for (const c of node.childNodes) {
      if (c.nodeType === Node.TEXT_NODE) s += c.data;
      else if (c.nodeType === Node.ELEMENT_NODE && !["title", "desc"].includes(c.tagName.toLowerCase())) s += svgText(c);
    }
    return s;
  }
  // Product of `opacity` over the element and all its ancestors (HTML ones too).
  function opacityChain(el) {
    let k = 1;
    for (let p = el; p; p = p.parentElement) k *= parseFloat(getComputedStyle(p).opacity);
    return k;
  }
  // The colours a fill paints: one for a plain colour, one per tile colour for a pattern; [] for none.
  function fillColours(el, paint, alpha) {
    // Chromium serialises a local reference with the document URL in front: url("http://…/#pat-a").
    const url = paint.match(/url\(\s*"?[^"#)]*#([^")]+)"?\s*\)/);
    if (!url) return paint.trim() === "none" ? [] : [withAlpha(parseColor(paint), alpha)];
    const pattern = document.getElementById(url[1]);
    if (!pattern || pattern.tagName.toLowerCase() !== "pattern") {
      notes.push(`${describe(el)} is filled with ${paint}, which is not a pattern; treated as transparent`);
      return [];
    }
    // A pattern tile: its first shape is the base, each later shape a colour drawn on top of it.
    let base = null;
    const extra = [];
    for (const shape of pattern.querySelectorAll("rect, circle, ellipse, path, polygon, polyline, line")) {
      const cs = getComputedStyle(shape);
      let own = 1;
      for (let p = shape; p && p !== pattern; p = p.parentElement) own *= parseFloat(getComputedStyle(p).opacity);
      const stroked = shape.tagName.toLowerCase() === "line";
      const c = stroked
        ? withAlpha(parseColor(cs.stroke), parseFloat(cs.strokeOpacity) * own)
        : withAlpha(parseColor(cs.fill), parseFloat(cs.fillOpacity) * own);
      if (base === null) base = c;
      else extra.push(c);
    }
    if (base === null) return [];
    return [base, ...extra.map((c) => over(c, base))].map((c) => withAlpha(c, alpha));
  }
  const isLine = (el) => el.tagName.toLowerCase() === "line";
  const isSvgPainting = (el) => el.namespaceURI === SVG_NS && !["svg", "g", "a", "switch", "use", "foreignobject", "image"].includes(el.tagName.toLowerCase());

  // Variants of the colour painted at (x, y) under `text` (each opaque), and layers drawn above it.
  function svgBackdrop(text, x, y) {
    const hits = document.elementsFromPoint(x, y);
    const at = hits.indexOf(text);
    if (at < 0) return null; // clipped away (or covered by nothing hit-testable): not visible here
    const above = [];
    for (const el of hits.slice(0, at)) {
      if (el.namespaceURI !== SVG_NS || TEXTY.has(el.tagName.toLowerCase()) || !isSvgPainting(el) || isLine(el)) continue;
      const cs = getComputedStyle(el);
      const colours = fillColours(el, cs.fill, parseFloat(cs.fillOpacity) * opacityChain(el));
      if (colours.length) above.push({ el, colours });
    }
    const layers = [];
    let base = null;
    for (const el of hits.slice(at + 1)) {
      const tag = el.tagName.toLowerCase();
      if (el.namespaceURI === SVG_NS && (TEXTY.has(tag) || el.closest("text"))) continue; // other labels
      if (el.namespaceURI !== SVG_NS || tag === "svg") {
        base = htmlPixel(el);
        break;
      }
      if (!isSvgPainting(el) || isLine(el) || el.closest([...NOT_PAINTED].join(","))) continue;
      const cs = getComputedStyle(el);
      const colours = fillColours(el, cs.fill, parseFloat(cs.fillOpacity) * opacityChain(el));
      if (!colours.length) continue;
      layers.push({ el, colours });
      if (colours.every((c) => c[3] >= 0.999)) {
        base = [0, 0, 0, 0];
        break;
      }
    }
    if (base === null) base = htmlPixel(document.body);
    // Every combination of pattern colours, composited bottom-up.
    let variants = [{ colour: base, under: "page" }];
    for (const layer of layers.reverse()) {
      variants = variants.flatMap((v) => layer.colours.map((c) => ({ colour: over(c, v.colour), under: short(layer.el) })));
    }
    return { variants, above, top: layers.length ? short(layers[layers.length - 1].el) : "page" };
  }

  for (const text of document.querySelectorAll("svg text")) {
    const content = svgText(text).trim();
    if (!content) continue;
    if (text.closest([...NOT_PAINTED].join(","))) continue;
    if (!inScope(text)) { skipped.modal++; continue; }
    if (!visibleElement(text)) { skipped.invisible++; continue; }
    const cs = getComputedStyle(text);
    const box = text.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) { skipped.invisible++; continue; }
    for (const span of text.querySelectorAll("tspan, textPath")) {
      const sc = getComputedStyle(span);
      if (sc.fill !== cs.fill || sc.fillOpacity !== cs.fillOpacity || sc.fontSize !== cs.fontSize) {
        notes.push(`${describe(span)} differs from its <text> in colour or size; checked as the <text>`);
      }
    }
    let colour = parseColor(cs.fill);
    if (/url\(/.test(cs.fill)) {
      notes.push(`${describe(text)} is filled with a paint server; not checked`);
      continue;
    }
    colour = withAlpha(colour, parseFloat(cs.fillOpacity) * opacityChain(text));
    if (colour[3] === 0) { skipped.invisible++; continue; }
    // A halo (stroke painted first, wide enough to surround the glyphs) is the text's own background.
    const ctm = text.getScreenCTM();
    const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
    const halo =
      /^stroke/.test(cs.paintOrder) && cs.stroke !== "none" && parseFloat(cs.strokeWidth) * scale >= 2
        ? withAlpha(parseColor(cs.stroke), parseFloat(cs.strokeOpacity) * opacityChain(text))
        : null;
    text.scrollIntoView({ block: "center", inline: "center" });
    const r = text.getBoundingClientRect();
    let worst = null;
    let coveredBy = null;
    for (const fx of [0.2, 0.5, 0.8]) {
      const backdrop = svgBackdrop(text, r.left + r.width * fx, r.top + r.height / 2);
      if (!backdrop) continue;
      // An opaque shape drawn over the text hides it there: that is an overlap, not a colour problem.
      const cover = backdrop.above.find((l) => l.colours.every((c) => c[3] >= 0.999));
      if (cover) {
        coveredBy = short(cover.el);
        continue;
      }
      for (const v of backdrop.variants) {
        let bg = halo ? over(halo, v.colour) : v.colour;
        let fg = over(colour, bg);
        for (const layer of backdrop.above.slice().reverse()) {
          // Shapes above the text: their first (base) colour tints both text and background.
          bg = over(layer.colours[0], bg);
          fg = over(layer.colours[0], fg);
        }
        const q = ratio(fg, bg);
        if (!worst || q < worst.ratio) {
          worst = { ratio: q, fg: hex(fg), bg: hex(bg), on: halo ? "halo" : backdrop.top, above: backdrop.above.map((l) => short(l.el)) };
        }
      }
    }
    if (!worst && coveredBy) {
      skipped.covered++;
      covered.push({ text: content, desc: describe(text), by: coveredBy });
      continue;
    }
    if (!worst) { skipped.clipped++; continue; }
    results.push({ kind: "svg", text: content, desc: describe(text), ...worst, ...sizeInfo(cs, scale) });
  }
  window.scrollTo(0, 0);
  return { results, skipped, covered, notes: [...new Set(notes)], modal: modal ? short(modal) : null };
}

// ---------------------------------------------------------------------------------------------------

const { server, origin } = await serveDist(root);
const browser = await launchChromium();
if (process.argv.includes("--all-stories")) {
  // Slower and more thorough: also every story of the catalog played to its end in compare mode.
  const page = await browser.newPage();
  await page.goto(`${origin}/`, { waitUntil: "load" });
  await page.waitForSelector("#prerender", { state: "detached", timeout: 15000 });
  const ids = await page.$$eval(".picker select option", (os) => os.map((o) => o.value));
  await page.close();
  for (const id of ids) STATES.push(story(`end:${id}`, id, "&compare=on"));
}
const VERBOSE = process.argv.includes("--verbose");
const failures = [];
const problems = [];
const clip = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
const row = (theme, r) =>
  `  [${theme} ${r.state}] ${r.ratio.toFixed(2)} < ${r.need}: ${JSON.stringify(clip(r.text, 40))} in ${clip(r.desc, 70)}, ` +
  `${r.fg} on ${r.bg}, ${r.px.toFixed(1)}px${r.bold ? " bold" : ""}` +
  (r.on ? ` (under it: ${r.on})` : "") +
  (r.above?.length ? ` (drawn over it: ${r.above.join(", ")})` : "");
let passed = 0;

try {
  for (const theme of ["light", "dark"]) {
    const all = [];
    const notes = new Set();
    const overlaps = new Set();
    for (const state of STATES) {
      const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: theme, reducedMotion: "reduce" });
      const errors = [];
      page.on("pageerror", (e) => errors.push(`[${theme} ${state.name}] page error: ${e.message}`));
      try {
        await page.goto(`${origin}/${state.query}`, { waitUntil: "load" });
        await page.waitForSelector("header h1", { state: "attached", timeout: 15000 });
        await page.waitForSelector(state.ready, { state: "attached", timeout: 15000 });
        await page.waitForSelector("#prerender", { state: "detached", timeout: 15000 });
        if (state.prepare) await state.prepare(page, origin);
        const scheme = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
        if (scheme !== (theme === "dark")) throw new Error(`colour scheme emulation did not apply`);
        await page.waitForTimeout(300);
        const { results, skipped, covered, notes: n, modal } = await page.evaluate(collectTexts);
        n.forEach((x) => notes.add(x));
        covered.forEach((c) => overlaps.add(`hidden under ${c.by} (an overlap, not checked): ${c.desc} ${JSON.stringify(clip(c.text, 36))}`));
        if (results.length < 5) throw new Error(`only ${results.length} texts found`);
        if (state.name === "help" && !modal) throw new Error("the help dialog is not open");
        const below = results.filter((r) => r.ratio < r.need);
        const low = results.reduce((a, b) => (b.ratio < a.ratio ? b : a));
        const skips = Object.entries(skipped).filter(([, v]) => v).map(([k, v]) => `${v} ${k}`).join(", ");
        console.log(
          `contrast [${theme} ${state.name}]: ${results.length} texts, ${below.length} below threshold, lowest ${low.ratio.toFixed(2)}` +
            (skips ? ` (not checked: ${skips})` : ""),
        );
        for (const r of results) all.push({ ...r, state: state.name });
        if (below.length === 0 && errors.length === 0) passed++;
      } catch (e) {
        problems.push(`[${theme} ${state.name}] could not be checked: ${e.message}`);
      } finally {
        problems.push(...errors);
        await page.close();
      }
    }
    if (all.length) {
      const low = all.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      console.log(
        `contrast [${theme}]: lowest ratio ${low.ratio.toFixed(2)} (need ${low.need}): ${JSON.stringify(clip(low.text, 40))} ` +
          `in ${clip(low.desc, 70)}, ${low.fg} on ${low.bg} (${low.state})`,
      );
    }
    // Failing texts of one kind of element on the same colours (tick labels, a label in several states or in
    // both compare timelines) are listed once, with how many more there are.
    const seen = new Map();
    for (const r of all.filter((r) => r.ratio < r.need)) {
      const key = `${r.desc}|${r.fg}|${r.bg}|${r.need}`;
      if (seen.has(key)) seen.get(key).more++;
      else seen.set(key, { r, more: 0 });
    }
    for (const { r, more } of seen.values()) failures.push(row(theme, r) + (more ? ` (and ${more} more like it)` : ""));
    // Notes that qualify the result (colours the checker had to approximate) are always shown; overlaps of
    // marks only with --verbose.
    for (const note of notes) console.log(`  note: ${note}`);
    if (VERBOSE) for (const note of overlaps) console.log(`  note: ${note}`);
  }
} catch (e) {
  problems.push(`contrast check could not finish: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}

const LIST = 30;
if (failures.length) {
  console.log(`contrast: ${failures.length} distinct text(s) below threshold:`);
  failures.slice(0, LIST).forEach((f) => console.log(f));
  if (failures.length > LIST) console.log(`  … and ${failures.length - LIST} more`);
}
if (problems.length) console.log("contrast: problems:\n  " + problems.join("\n  "));
const checks = STATES.length * 2;
console.log(`contrast: ${passed} passed, ${checks - passed} failed`);
process.exit(failures.length > 0 || problems.length > 0 || passed !== checks ? 1 : 0);
