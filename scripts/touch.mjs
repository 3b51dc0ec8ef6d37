// A phone that works by touch, and a lectern that forgives: checks of a built bundle in headless Chromium.
//
// (a) Touch. At 390×844 (deviceScaleFactor 1, a touch screen: Playwright's hasTouch, with which
//     Chromium matches (hover: none) and (pointer: coarse)) on ?scenario=gc-pause (the lab) and its story view, every visible control (button, input,
//     select, textarea, summary, a[href]; a checkbox or radio inside a <label> counts as its label,
//     which is its target) is at least 44×44 CSS px (WCAG 2.5.5); the timeline's legend is folded;
//     no visible text says "hover". In presentation view at 390×844 (gc-pause, enforcement off, at its
//     end: "⚠ Data corrupted") the outcome box covers no visible control.
// (b) The key moment. For every story (the picker's <option> values), ?scenario=ID&enforcement=on&t=END
//     (END: the run's end, the scrubber's max) at 390×844 draws the key moment's write and its label
//     inside the viewport (after the timeline is scrolled into view), hit at the label's centre. Which
//     write is the key moment is read from the same link at 1280×720, where the whole story is drawn:
//     the earliest write drawn as stale or rejected (class "stale"/"rejected"), or the write at the
//     first violation mark if that comes first; in a run with neither, its last write (the rule of
//     lab::moments::key_moment). The write is found again at 390 px by its tooltip (<title>, which
//     names app, token and time), and its label is the nearest resource label (text.access-label) of
//     the same kind (stale, rejected, accepted) whose numbers and app letters all occur in that tooltip. A run with no write has no key moment: it is listed, not checked.
// (c) The lectern. In presentation view (?scenario=gc-pause&view=presentation, 1280×720) pressing ?
//     opens the help and Esc then closes it and leaves presentation view on.
// (d) A question on a phone (issue 51, item 3). At 390×844 in gc-pause's story view, PageDown until
//     a question opens: the playhead's line is in the viewport beside the card; then answer 1 and
//     "Watch that moment" if it is offered (a wrong pick), and once the moment has played the
//     playhead is in the viewport still.
// (e) The chart follows the lab's controls (issue 51, item 10). At 1280×720 on gc-pause's lab view,
//     C (compare mode) leaves both halves' drawings wholly in the viewport, and "Pause A now", pressed
//     in the fault panel below the chart, leaves the drawing wholly in the viewport.
// (f) A phone's presentation view (issue 51, item 9). On gc-pause's presentation view at its stale write,
//     in portrait (390×844) and landscape (844×390) on a touch screen, the timeline's drawing is wholly
//     in the viewport, at least 150 px tall, and the outcome box covers no visible control.
//
// Before them, a self-test injects a 10×10 button, a text saying "hover", a checkbox in a label, a label
// off screen and a box over a button into the page and checks each check reports exactly those: the
// checks can fail.
//
// Usage: node scripts/touch.mjs DIST [--self-test] [--only STORY_ID]
// Exits 1 when a check or the self-test fails, or the page errors.
import { resolve } from "node:path";
import { serveDist, launchChromium, settle, waitForTimeline, APP_WAIT_MS } from "./browser.mjs";

const args = process.argv.slice(2);
const root = resolve(args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--only") ?? "dist");
const selfTestOnly = args.includes("--self-test");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };
/** WCAG 2.5.5 (target size, enhanced), in CSS px. */
const MIN_PX = 44;
/** A size within this much of MIN_PX passes (sub-pixel layout). */
const SLACK_PX = 0.5;

// ---------------------------------------------------------------- in the page

/** Runs in the page: the visible controls smaller than `min` px either way, as "what W×H" lines. */
function smallControls(min) {
  const seen = new Set();
  const out = [];
  const name = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const text = (el.getAttribute("aria-label") || el.textContent || el.value || "").replace(/\s+/g, " ").trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.type ? `[${el.type}]` : ""}${id}${cls} "${text}"`;
  };
  for (const control of document.querySelectorAll("button, input, select, textarea, summary, a[href]")) {
    const boxed = control.matches("input[type=checkbox], input[type=radio]") ? (control.closest("label") ?? control) : control;
    if (seen.has(boxed)) continue;
    seen.add(boxed);
    if (!boxed.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const r = boxed.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) continue;
    if (r.width < min || r.height < min) out.push(`${name(boxed)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
  }
  return out;
}

/** Runs in the page: the visible texts that say "hover" (innerText leaves out what is not rendered). */
function hoverWords() {
  return document.body.innerText
    .split("\n")
    .filter((line) => /hover/i.test(line))
    .map((line) => line.trim());
}

/** Runs in the page: the visible controls the box of `selector` covers by more than 0.5 px both ways. */
function coveredControls(selector) {
  const box = document.querySelector(selector);
  if (!box || !box.checkVisibility()) return [];
  const b = box.getBoundingClientRect();
  const out = [];
  for (const control of document.querySelectorAll("button, input, select, summary, a[href]")) {
    if (box.contains(control) || control.contains(box) || !control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const r = control.getBoundingClientRect();
    const dx = Math.min(b.right, r.right) - Math.max(b.left, r.left);
    const dy = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
    if (dx > 0.5 && dy > 0.5) out.push(`${control.id ? `#${control.id}` : control.tagName.toLowerCase()} "${control.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}

/**
 * Runs in the page at 1280×720: the tooltip of the key moment's write (see the header), or null when
 * the run writes nothing.
 */
function keyWriteTitle() {
  const svg = document.querySelector("svg.timeline-svg");
  const title = (g) => g.querySelector("title")?.textContent ?? "";
  const cx = (el) => {
    const r = el.getBoundingClientRect();
    return (r.left + r.right) / 2;
  };
  const writes = [...svg.querySelectorAll("g.access.write")].sort((a, b) => cx(a) - cx(b));
  if (writes.length === 0) return null;
  const climax = writes.find((g) => g.matches(".stale, .rejected"));
  const mark = svg.querySelector("g.violation-mark .violation-badge");
  const damage = mark && writes.reduce((best, g) => (Math.abs(cx(g) - cx(mark)) < Math.abs(cx(best) - cx(mark)) ? g : best));
  const first = [climax, damage].filter(Boolean).sort((a, b) => cx(a) - cx(b))[0];
  return title(first ?? writes[writes.length - 1]);
}

/**
 * Runs in the page: where the write with tooltip `want` and its label are, and whether the label is
 * inside the viewport and painted at its centre. `null` when no such write is drawn.
 */
function keyLabel(want) {
  const svg = document.querySelector("svg.timeline-svg");
  svg.scrollIntoView({ block: "nearest" });
  const write = [...svg.querySelectorAll("g.access.write")].find((g) => g.querySelector("title")?.textContent === want);
  if (!write) return null;
  const d = write.getBoundingClientRect();
  const [dx, dy] = [(d.left + d.right) / 2, (d.top + d.bottom) / 2];
  const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  // Its label: a resource label of the same kind (stale, rejected or accepted) whose numbers and app
  // letters all occur in the write's tooltip ("101 < 102", "C 103", "read 1 ≠ 0"), the nearest to the dot.
  const kind = write.matches(".stale") ? ".stale" : write.matches(".rejected") ? ".rejected" : ":not(.stale):not(.rejected)";
  const words = (text) => text.match(/\b(\d+|[A-Z])\b/g) ?? [];
  const named = new Set(words(want));
  let label = null;
  let best = Infinity;
  for (const t of svg.querySelectorAll(`text.access-label${kind}`)) {
    const r = t.getBoundingClientRect();
    if (!(r.width > 0) || !t.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (!words(t.textContent).every((w) => named.has(w))) continue;
    const [x, y] = centre(r);
    const far = Math.hypot(x - dx, y - dy);
    if (far < best) [best, label] = [far, t];
  }
  const round = (r) => [r.left, r.top, r.right, r.bottom].map((v) => Math.round(v));
  if (!label) return { dot: round(d), label: null };
  const r = label.getBoundingClientRect();
  const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  const hits = document.elementsFromPoint(...centre(r));
  return { dot: round(d), label: label.textContent, box: round(r), inside, hit: hits.includes(label) || hits.includes(label.parentElement), far: Math.round(best) };
}

// ---------------------------------------------------------------- helpers

/** A page of `size` with a touch screen (Chromium then matches (hover: none) and (pointer: coarse)). */
async function touchPage(browser, size, problems) {
  const page = await browser.newPage({ viewport: size, deviceScaleFactor: 1, hasTouch: true });
  page.setDefaultTimeout(APP_WAIT_MS);
  page.on("pageerror", (e) => problems.push(`[${size.width}x${size.height}] page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`[${size.width}x${size.height}] console error: ${m.text()}`));
  return page;
}

async function open(page, origin, query) {
  await page.goto(`${origin}/${query}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  await waitForTimeline(page);
}

// ---------------------------------------------------------------- the self-test

/** Injects one offender for each check into the phone page (already on a story) and expects exactly those reported. */
async function selfTest(page) {
  await page.evaluate(() => {
    const add = (html) => {
      const holder = document.createElement("div");
      holder.setAttribute("data-touch-self-test", "");
      holder.innerHTML = html;
      document.body.prepend(holder);
      return holder;
    };
    add('<button id="selftest-tiny" class="selftest" width="10">x</button>');
    add('<label id="selftest-label"><input type="checkbox"> t</label>');
    add("<p>SELFTEST shown on hover</p>");
    add('<p hidden>SELFTEST hidden hover</p>');
    // The page's Content-Security-Policy forbids inline styles: size and place through the CSSOM.
    const tiny = document.getElementById("selftest-tiny");
    Object.assign(tiny.style, { width: "10px", height: "10px", minWidth: "0", minHeight: "0", padding: "0" });
    const label = document.getElementById("selftest-label");
    Object.assign(label.style, { display: "inline-block", width: "20px", height: "20px", minHeight: "0", padding: "0", overflow: "hidden" });
    const cover = add('<div id="selftest-cover">cover</div>').firstChild;
    document.body.append(cover.parentElement);
    const under = tiny.getBoundingClientRect();
    Object.assign(cover.style, { position: "fixed", left: `${under.left}px`, top: `${under.top}px`, width: "30px", height: "30px" });
  });
  const small = await page.evaluate(smallControls, MIN_PX);
  const hover = await page.evaluate(hoverWords);
  const covered = await page.evaluate(coveredControls, "#selftest-cover");
  await page.evaluate(() => document.querySelectorAll("[data-touch-self-test]").forEach((n) => n.remove()));
  const problems = [];
  const mine = small.filter((s) => s.includes("selftest"));
  if (mine.length !== 2 || !mine.some((s) => s.includes("10.0×10.0")) || !mine.some((s) => s.startsWith("label#selftest-label"))) {
    problems.push(`self-test: the size check found ${JSON.stringify(mine)}, want the 10×10 button and the 20×20 label`);
  }
  if (JSON.stringify(hover.filter((h) => h.includes("SELFTEST"))) !== JSON.stringify(["SELFTEST shown on hover"])) {
    problems.push(`self-test: the hover check found ${JSON.stringify(hover)}, want only the visible "SELFTEST shown on hover"`);
  }
  if (!covered.some((c) => c.includes("#selftest-tiny"))) problems.push(`self-test: the cover check found ${JSON.stringify(covered)}, want #selftest-tiny`);
  // The key label check: the label of a write, moved off screen, must not count as inside.
  const moved = await page.evaluate(() => {
    const svg = document.querySelector("svg.timeline-svg");
    const write = svg.querySelector("g.access.write");
    if (!write) return "no write drawn";
    const want = write.querySelector("title")?.textContent;
    const all = [...svg.querySelectorAll("text.access-label")];
    all.forEach((t) => t.setAttribute("transform", "translate(5000 0)"));
    return { want };
  });
  if (typeof moved === "string") {
    problems.push(`self-test: ${moved} at 390 px`);
  } else {
    const found = await page.evaluate(keyLabel, moved.want);
    await page.evaluate(() => document.querySelectorAll("svg.timeline-svg text.access-label").forEach((t) => t.removeAttribute("transform")));
    if (!found || found.inside !== false) problems.push(`self-test: a label moved 5000 px right still counts as inside the viewport (${JSON.stringify(found)})`);
  }
  if (problems.length === 0) {
    console.log("touch: self-test passed (a 10×10 button, a 20×20 label, a visible \"hover\", a covered button and a label off screen are each reported)");
  }
  return problems;
}

// ---------------------------------------------------------------- the checks

async function touchTargets(page, origin) {
  const problems = [];
  // The lab view, and the story view a first visit opens.
  for (const [query, view] of [["?scenario=gc-pause&view=lab", "lab"], ["?scenario=gc-pause&view=story", "story view"]]) {
    await open(page, origin, query);
    const media = await page.evaluate(() => [matchMedia("(hover: none)").matches, matchMedia("(pointer: coarse)").matches]);
    if (!media.every(Boolean)) problems.push(`(a) the touch media features are not emulated: ${JSON.stringify(media)}`);
    const small = await page.evaluate(smallControls, MIN_PX - SLACK_PX);
    if (small.length > 0) problems.push(`(a) ${small.length} visible controls under ${MIN_PX}×${MIN_PX} px at 390×844 in the ${view}:\n    ${small.join("\n    ")}`);
    const legend = await page.$eval("#timeline-legend", (d) => d.open).catch(() => null);
    if (legend !== false) problems.push(`(a) the legend is ${legend === null ? "missing" : "open"} at 390×844 in the ${view} (want folded)`);
    const hover = await page.evaluate(hoverWords);
    if (hover.length > 0) problems.push(`(a) visible text says "hover" on a touch screen in the ${view}: ${JSON.stringify(hover)}`);
  }
  await open(page, origin, "?scenario=gc-pause&enforcement=off&view=presentation&t=120000");
  const covered = await page.evaluate(coveredControls, ".outcome");
  if (covered.length > 0) problems.push(`(a) in presentation view at 390×844 the outcome box covers ${covered.join(", ")}`);
  if (problems.length === 0) console.log(`touch: (a) passed: every visible control ≥ ${MIN_PX}×${MIN_PX} px, legend folded, no "hover", presentation outcome covers nothing`);
  return problems;
}

async function keyMoments(wide, phone, origin, stories) {
  const problems = [];
  const skipped = [];
  for (const id of stories) {
    const query = `?scenario=${encodeURIComponent(id)}&enforcement=on&view=lab`;
    await open(wide, origin, query);
    const end = Number(await wide.getAttribute("#scrubber", "max"));
    const link = `${query}&t=${end}`;
    await open(wide, origin, link);
    const want = await wide.evaluate(keyWriteTitle);
    if (want === null) {
      skipped.push(id);
      continue;
    }
    await open(phone, origin, link);
    await settle(phone);
    const found = await phone.evaluate(keyLabel, want);
    const where = `(b) ${link} at 390×844`;
    if (!found) problems.push(`${where}: the key moment's write ("${want}") is not drawn`);
    else if (!found.label) problems.push(`${where}: the key moment's write ("${want}", dot [${found.dot}]) has no label drawn`);
    else if (!found.inside || !found.hit || found.far > 200) {
      problems.push(`${where}: the key moment's label "${found.label}" [${found.box}] (${found.far} px from its dot [${found.dot}]) is ${!found.inside ? "outside the viewport" : !found.hit ? "covered" : "far from its write"}`);
    } else console.log(`touch: (b) ${id}: "${found.label}" [${found.box}] shown for "${want}"`);
  }
  if (skipped.length > 0) console.log(`touch: (b) no write, so no key moment, in: ${skipped.join(", ")}`);
  return problems;
}

async function lectern(page, origin) {
  await open(page, origin, "?scenario=gc-pause&view=presentation");
  const state = () => page.evaluate(() => ({ presenting: !!document.querySelector(".app.presenting"), help: !!document.querySelector("#help-overlay") }));
  const problems = [];
  await page.keyboard.press("?");
  await settle(page);
  const opened = await state();
  if (!opened.help || !opened.presenting) problems.push(`(c) after ? in presentation view: ${JSON.stringify(opened)} (want the help open, presentation on)`);
  await page.keyboard.press("Escape");
  await settle(page);
  const closed = await state();
  if (closed.help || !closed.presenting) problems.push(`(c) after ? then Esc in presentation view: ${JSON.stringify(closed)} (want the help closed, presentation on)`);
  if (problems.length === 0) console.log("touch: (c) passed: ? then Esc closes the help and keeps presentation view");
  return problems;
}

/** Runs in the page: where the playhead's line is against the viewport, or null when it is. */
function playheadOutOfView() {
  const line = document.querySelector(".timeline-playhead line");
  if (!line) return "no playhead is drawn";
  const r = line.getBoundingClientRect();
  const inside = r.bottom > 0 && r.top < innerHeight && r.left >= 0 && r.right <= innerWidth;
  return inside ? null : `the playhead's line is at x ${r.left.toFixed(0)}, y ${r.top.toFixed(0)}–${r.bottom.toFixed(0)} in a ${innerWidth}×${innerHeight} viewport`;
}

async function questionOnAPhone(page, origin) {
  await open(page, origin, "?scenario=gc-pause&view=story");
  const problems = [];
  for (let i = 0; i < 8 && !(await page.$("#question-card")); i++) {
    await page.keyboard.press("PageDown");
    await settle(page);
  }
  if (!(await page.$("#question-card"))) return ["(d) no question opened after 8 PageDowns in gc-pause's story view"];
  await page.waitForTimeout(300);
  const asking = await page.evaluate(playheadOutOfView);
  if (asking) problems.push(`(d) while a question is open: ${asking}`);
  await page.click("#question-card .answer");
  await settle(page);
  const watch = await page.$("#btn-question-watch");
  if (watch) await watch.click();
  await page.waitForFunction(() => !document.querySelector("#btn-question-watch") && !document.querySelector(".transport .playing"), null, { timeout: 15000 }).catch(() => {});
  await page.waitForTimeout(4000);
  const watched = await page.evaluate(playheadOutOfView);
  if (watched) problems.push(`(d) after ${watch ? "Watch that moment" : "a right answer"}: ${watched}`);
  if (problems.length === 0) console.log("touch: (d) passed: on a phone the playhead stays in view beside an open question and after its moment plays");
  return problems;
}

/** Runs in the page: the timeline drawings not wholly in the viewport, as "#i top–bottom" lines. */
function drawingsOutOfView() {
  const out = [];
  document.querySelectorAll(".timeline-card .timeline-svg").forEach((svg, i) => {
    const r = svg.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) out.push(`drawing ${i + 1} at y ${r.top.toFixed(0)}–${r.bottom.toFixed(0)} in a ${innerHeight} px window`);
  });
  return out;
}

async function chartFollows(page, origin) {
  await open(page, origin, "?scenario=gc-pause&view=lab");
  const problems = [];
  await page.keyboard.press("c");
  await settle(page);
  await page.waitForTimeout(500);
  for (const p of await page.evaluate(drawingsOutOfView)) problems.push(`(e) in compare mode: ${p}`);
  await page.keyboard.press("c");
  await settle(page);
  await page.locator("#btn-pause-app").scrollIntoViewIfNeeded();
  await page.click("#btn-pause-app");
  await settle(page);
  await page.waitForTimeout(500);
  for (const p of await page.evaluate(drawingsOutOfView)) problems.push(`(e) after Pause A now: ${p}`);
  if (problems.length === 0) console.log("touch: (e) passed: compare mode and the fault panel keep the chart in view at 1280×720");
  return problems;
}

async function phonePresentation(browser, origin, problems) {
  const found = [];
  for (const size of [PHONE, { width: PHONE.height, height: PHONE.width }]) {
    const page = await touchPage(browser, size, problems);
    await open(page, origin, "?scenario=gc-pause&enforcement=off&view=presentation&t=56000");
    await page.waitForTimeout(300);
    const at = `${size.width}×${size.height}`;
    for (const p of await page.evaluate(drawingsOutOfView)) found.push(`(f) at ${at}: ${p}`);
    const tall = await page.$eval(".timeline-svg", (svg) => svg.getBoundingClientRect().height);
    if (tall < 150) found.push(`(f) at ${at}: the drawing is ${tall.toFixed(0)} px tall (want ≥ 150)`);
    const covered = await page.evaluate(coveredControls, ".outcome");
    if (covered.length > 0) found.push(`(f) at ${at}: the outcome box covers ${covered.join(", ")}`);
    await page.close();
  }
  if (found.length === 0) console.log("touch: (f) passed: a phone's presentation view shows the whole drawing, portrait and landscape");
  return found;
}

// ---------------------------------------------------------------- main

const started = Date.now();
const { server, origin } = await serveDist(root);
const browser = await launchChromium();
const problems = [];
try {
  const phone = await touchPage(browser, PHONE, problems);
  const wide = await touchPage(browser, LAPTOP, problems);
  await open(phone, origin, "?scenario=gc-pause&enforcement=on&t=62000&view=lab");
  problems.push(...(await selfTest(phone)));
  if (!selfTestOnly) {
    problems.push(...(await touchTargets(phone, origin)));
    let stories = await phone.$$eval("#scenario-picker option", (os) => os.map((o) => o.value));
    if (stories.length === 0) throw new Error("the scenario picker lists no stories");
    if (only) stories = stories.filter((s) => s === only);
    problems.push(...(await keyMoments(wide, phone, origin, stories)));
    problems.push(...(await lectern(wide, origin)));
    problems.push(...(await questionOnAPhone(phone, origin)));
    problems.push(...(await chartFollows(wide, origin)));
    problems.push(...(await phonePresentation(browser, origin, problems)));
  }
} catch (e) {
  problems.push(`the touch check could not finish: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`touch FAILED (${seconds} s):\n  ` + problems.join("\n  "));
  process.exit(1);
}
console.log(`touch: passed (${seconds} s)`);
