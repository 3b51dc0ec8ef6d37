// The first screen of a built bundle, in headless Chromium at 1280×720, as a new learner meets it:
//
// 1. A first visit (a bare address, nothing remembered) opens the story view: at most 12
//    interactive controls inside the viewport, and the chart, the play button, the narration and
//    the story's switch all inside it.
// 2. While playing, the top bar (the outcome banner) changes its text.
// 3. While a question is open, in the story view and in the lab, the lanes it asks about (the
//    whole timeline's lanes) are inside the viewport.
// 4. A returning visitor's bare address opens where they left (the lab, on the story they chose).
// 5. The first screen written at build time (index.html's #prerender) shows the same texts in the same
//    places as the app once mounted, at 1280×720, 412×823 and 1920×1080; the takeover shifts nothing (CLS 0); Play
//    pressed before the app is ready plays once it is, a story chosen then opens (the drawn run hidden
//    meanwhile); a link to another run shows a neutral frame; a page that arrives in parts paints no
//    half-laid-out screen that then moves.
//
// Self-test: check 1 run on the lab view (`?scenario=gc-pause`) must fail, with more than 12
// controls, and its lanes scrolled out of view must fail check 3's test: the checks can fail.
//
// "Interactive control": a button, input, select, summary, link or focusable element whose box
// is wider and taller than 0, is visible, and intersects the viewport.
//
// Usage: node scripts/first-screen.mjs DIST
import { resolve } from "node:path";
import { serveDist, launchChromium, waitForTimeline, APP_WAIT_MS } from "./browser.mjs";

const root = resolve(process.argv[2] ?? "dist");
const MAX_CONTROLS = 12;
const problems = [];
const { server, origin, inParts } = await serveDist(root);
const browser = await launchChromium();

/** A fresh page (its own storage) at `query`, with the timeline drawn. */
async function open(query, context) {
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 720 } }));
  const page = await ctx.newPage();
  page.on("pageerror", (e) => problems.push(`page error at ${query || "/"}: ${e.message}`));
  await page.goto(`${origin}/${query}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  await waitForTimeline(page);
  return page;
}

/** What of the first screen is wrong: too many controls, or a part outside the viewport. */
async function firstScreenProblems(page) {
  return page.evaluate((max) => {
    const out = [];
    const inside = (r) => r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const shown = (e) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && style.visibility === "visible" && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    };
    const selector = "button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex='-1'])";
    const controls = [...document.querySelectorAll(selector)].filter(shown);
    if (controls.length > max) {
      const names = controls.map((c) => c.id || c.getAttribute("aria-label") || c.textContent.trim().slice(0, 24));
      out.push(`${controls.length} controls in the viewport (at most ${max}): ${names.join(" | ")}`);
    }
    const parts = {
      chart: document.querySelector("svg.timeline-svg"),
      "play button": document.querySelector("#btn-play"),
      narration: document.querySelector("#narration-line"),
      "the story's switch": [...document.querySelectorAll("#story-switch, #toggle-enforcement")].find(shown),
    };
    for (const [name, e] of Object.entries(parts)) {
      if (!e || !inside(e.getBoundingClientRect())) out.push(`${name} is not inside the viewport`);
    }
    return out;
  }, MAX_CONTROLS);
}

/** The timeline's lanes box is inside the viewport. */
function lanesInside(page) {
  return page.evaluate(() => {
    const r = document.querySelector("svg.timeline-svg").getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight ? null : `lanes at ${Math.round(r.top)}–${Math.round(r.bottom)} px`;
  });
}

// Self-test: the lab view breaks check 1.
{
  const page = await open("?scenario=gc-pause&view=lab");
  const found = await firstScreenProblems(page);
  if (!found.some((p) => p.includes("controls in the viewport"))) problems.push(`self-test: the lab view passed check 1 (${found.join("; ") || "no problem found"})`);
  else console.log(`first-screen [self-test]: the lab view fails check 1 as it should (${found[0].split(":")[0]})`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  if (!(await lanesInside(page))) problems.push("self-test: lanes scrolled away still count as inside the viewport");
  await page.context().close();
}

// 1 and 2: a first visit.
{
  const page = await open("");
  const found = await firstScreenProblems(page);
  if (!(await page.$(".app.story"))) found.push("a first visit did not open the story view");
  problems.push(...found.map((p) => `[first visit] ${p}`));
  const count = await page.evaluate(() => document.querySelectorAll("button, input, select, summary").length);
  if (!found.length) console.log(`first-screen [first visit]: story view, chart, play, narration and switch in the viewport (${count} controls in the page)`);
  const before = await page.textContent("#outcome");
  await page.click("#btn-play");
  await page.waitForTimeout(1500);
  const during = await page.textContent("#outcome");
  if (before === during) problems.push(`[playing] the top bar still says ${JSON.stringify(during)}`);
  else console.log(`first-screen [playing]: the top bar went from ${JSON.stringify(before)} to ${JSON.stringify(during)}`);
  // 4: the learner opens the lab on another story, then comes back to the bare address.
  await page.click("#btn-play");
  await page.click("#toggle-story");
  await page.selectOption("#scenario-picker", "clock-skew");
  await page.waitForTimeout(300);
  const again = await open("", page.context());
  const back = await again.evaluate(() => ({ story: document.querySelector("#scenario-picker").value, storyView: !!document.querySelector(".app.story") }));
  if (back.story !== "clock-skew" || back.storyView) problems.push(`[returning] a bare address opened ${JSON.stringify(back)}`);
  else console.log("first-screen [returning]: a bare address opened the lab on the story left (clock-skew)");
  await page.context().close();
}

// 3: an open question keeps its lanes in view, in both views.
for (const query of ["?scenario=gc-pause&view=story", "?scenario=gc-pause&view=lab"]) {
  const page = await open(query);
  await page.click("#btn-play");
  await page.waitForSelector("#question-card", { timeout: APP_WAIT_MS });
  await page.waitForTimeout(400);
  const off = await lanesInside(page);
  if (off) problems.push(`[question ${query}] the lanes are not in the viewport: ${off}`);
  else console.log(`first-screen [question ${query}]: the lanes stay in the viewport`);
  await page.context().close();
}

// 5: the first screen written at build time (scripts/prerender.mjs), at the three widths it was drawn for.
//   a. without the wasm, the page shows the same texts (page and chart) as the app once mounted, and
//      the same boxes for the picker, the chart, the play button, the narration and the switch;
//   b. the app takes it over with no layout shift (CLS 0);
//   c. Play pressed before the app is ready is not lost: the app plays once it is;
//   d. a link to another run shows a neutral frame (the header, no run) until the app is ready;
//   e. (below) a page that arrives in parts shifts nothing.
// Self-test: the app on another story (gc-pause) must not pass check a against the first screen.
const PARTS = ["#scenario-picker, [data-id=scenario-picker]", "svg.timeline-svg", "#btn-play", "#narration-line", "#story-switch, #toggle-enforcement", "#toggle-story"];
for (const viewport of [{ width: 1280, height: 720 }, { width: 412, height: 823 }, { width: 1920, height: 1080 }]) {
  const size = `${viewport.width}×${viewport.height}`;
  const written = await firstScreen(viewport, "", { wasm: false });
  if (!written.present) {
    problems.push(`[first screen ${size}] index.html holds no first screen (#prerender)`);
    continue;
  }
  const mounted = await firstScreen(viewport, "", { wasm: true });
  const differences = compareScreens(written, mounted);
  problems.push(...differences.map((d) => `[first screen ${size}] ${d}`));
  if (!differences.length) console.log(`first-screen [first screen ${size}]: the written screen and the app show the same ${mounted.texts.length} texts and ${mounted.chart.length} chart texts, in the same places`);
  if (mounted.shift > 0) problems.push(`[first screen ${size}] the app's takeover shifted the layout (CLS ${mounted.shift.toFixed(4)}): ${mounted.moved.join("; ")}`);
  const other = await firstScreen(viewport, "?scenario=gc-pause&view=story", { wasm: true });
  if (!compareScreens(written, other).length) problems.push(`[self-test ${size}] the first screen matched the app on another story`);
  const neutral = await firstScreen(viewport, "?scenario=gc-pause&view=story", { wasm: false });
  if (neutral.chartShown) problems.push(`[neutral ${size}] a link to gc-pause shows the first story's chart before the app is ready`);
  else if (!neutral.headerShown) problems.push(`[neutral ${size}] a link to gc-pause shows no header before the app is ready`);
  else console.log(`first-screen [neutral ${size}]: a link to another run shows the header and no run until the app is ready`);
}
// e. A page that arrives (or is parsed) in parts paints no half-laid-out screen that then moves: the page
//    is cut at 15 points through the copy for each width, with a pause between its parts. Self-test: with
//    the end mark moved to the start (the rule that hides the screen until its end is parsed then holds
//    from the first byte), a cut must shift the layout.
const COPIES = [["pr-w", { width: 1280, height: 720 }], ["pr-n", { width: 412, height: 823 }], ["pr-x", { width: 1920, height: 1080 }]];
const CUTS = Array.from({ length: 15 }, (_, i) => (i + 1) / 16);
const PAUSES_MS = [150, 600, 2000];
for (const [copy, viewport] of COPIES) {
  const shifted = [];
  const unpainted = [];
  for (const fraction of CUTS) {
    const seen = await arrivingInParts(viewport, copy, fraction);
    if (seen.shift > 0) shifted.push(`cut at ${fraction} of .${copy}: CLS ${seen.shift.toFixed(4)} (${seen.moved.join("; ")})`);
    if (!seen.halfFrames) unpainted.push(fraction);
  }
  const size = `${viewport.width}×${viewport.height}`;
  if (shifted.length) problems.push(`[in parts ${size}] the written screen moved while the page arrived: ${shifted.join(" | ")}`);
  else if (unpainted.length) problems.push(`[in parts ${size}] the browser drew no frame of the half-arrived page at cuts ${unpainted.join(", ")} of .${copy}, even ${PAUSES_MS.at(-1)} ms apart: the check saw nothing`);
  else console.log(`first-screen [in parts ${size}]: the page cut at ${CUTS.length} points in .${copy} shifted nothing (each half-arrived page drawn)`);
}
{
  // The end mark moved to the start: the rule finds it at once (the style itself must stay as hashed).
  const unguarded = (html) => html.replace('<i id="pr-end"></i>', "").replace('<div id="prerender">', '<div id="prerender"><i id="pr-end"></i>');
  let moved = false;
  let drawn = 0;
  for (const fraction of CUTS) {
    const seen = await arrivingInParts({ width: 1920, height: 1080 }, "pr-x", fraction, unguarded);
    drawn += seen.halfFrames ? 1 : 0;
    moved = seen.shift > 0;
    if (moved) break;
  }
  if (!moved) problems.push(`[self-test in parts] without the end-mark rule no cut shifted the layout (${drawn} of ${CUTS.length} half-arrived pages drawn): the check cannot fail`);
  else console.log("first-screen [self-test in parts]: without the end-mark rule a cut shifts the layout, as it should");
}

/**
 * The layout shift (and what moved) while the page arrives in two parts, cut at `fraction` of copy `copy`'s
 * markup, the wasm blocked (the written screen alone); `edit` changes the page first. The parts come
 * PAUSES_MS[0] apart; if the browser drew no frame of the half-arrived page (a busy machine), the cut is
 * tried again with the next, longer pause: a page never drawn half-arrived cannot show a shift.
 */
async function arrivingInParts(viewport, copy, fraction, edit) {
  let seen;
  for (const pauseMs of PAUSES_MS) {
    seen = await arrivingOnce(viewport, copy, fraction, edit, pauseMs);
    if (seen.halfFrames || seen.shift > 0) break;
  }
  return seen;
}

/** One try of `arrivingInParts`, with the parts `pauseMs` apart. */
async function arrivingOnce(viewport, copy, fraction, edit, pauseMs) {
  const at = (html) => {
    const start = html.indexOf(`<div class="${copy}">`);
    const next = html.indexOf('<div class="pr-', start + 1);
    const end = next > 0 ? next : html.indexOf("</body>", start);
    if (start < 0 || end < 0) problems.push(`[in parts] index.html has no .${copy} copy`);
    return Math.round(start + (end - start) * fraction);
  };
  inParts({ at, pauseMs, edit });
  try {
    return await firstScreen(viewport, "", { wasm: false });
  } finally {
    inParts(null);
  }
}

{
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const { page, release } = await openHoldingWasm(context);
  await page.click("#prerender .pr-n #btn-play", { timeout: APP_WAIT_MS });
  const busy = await page.getAttribute("#prerender .pr-n #btn-play", "aria-busy");
  release();
  await waitForTimeline(page);
  await page.waitForTimeout(800);
  const ms = Number(await page.getAttribute("#time-readout", "data-ms"));
  if (!(ms > 0)) problems.push(`[early Play] Play pressed before the app was ready did not play (playhead ${ms} ms)`);
  else if (busy !== "true") problems.push("[early Play] the pressed button did not show that the lab is starting (aria-busy)");
  else console.log(`first-screen [early Play]: Play pressed on the written screen showed "starting", then played (playhead ${ms} ms)`);
  await context.close();
}

{
  // A story chosen before the app is ready: no run is shown until then, and the app opens that story.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, release } = await openHoldingWasm(context);
  await page.selectOption("#prerender .pr-w [data-id=scenario-picker]", "clock-skew", { timeout: APP_WAIT_MS });
  const hidden = await page.evaluate(() => getComputedStyle(document.querySelector("#prerender .pr-w main")).visibility === "hidden");
  release();
  await waitForTimeline(page);
  const chosen = await page.evaluate(() => document.querySelector("#scenario-summary")?.textContent ?? "");
  const picked = await page.evaluate(() => document.querySelector("#scenario-picker").value);
  if (!hidden) problems.push("[early choice] a story chosen before the app was ready left the first story's run on screen");
  else if (picked !== "clock-skew") problems.push(`[early choice] the app opened ${picked}, not the story chosen before it was ready (clock-skew): ${chosen}`);
  else console.log("first-screen [early choice]: a story chosen before the app was ready hid the drawn run, then the app opened it");
  await context.close();
}

/** A first visit in `context` whose wasm is held back until `release()`: the written screen alone, then the app. */
async function openHoldingWasm(context) {
  const page = await context.newPage();
  let release;
  const held = new Promise((ok) => (release = ok));
  await page.route(/_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${origin}/`, { waitUntil: "domcontentloaded", timeout: APP_WAIT_MS });
  return { page, release };
}

/**
 * What a visitor sees at `query`: the texts of the page (innerText lines) and of its chart, the boxes of
 * PARTS, whether the written first screen is there, and (with the wasm) the layout shift until it is
 * taken over. Without the wasm, the app never starts: what shows is the written screen alone.
 */
async function firstScreen(viewport, query, { wasm }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // Without the wasm, the page's failed fetch of it is the expected error.
  page.on("pageerror", (e) => wasm && problems.push(`page error at ${query || "/"}: ${e.message}`));
  if (!wasm) await page.route(/_bg\.wasm$/, (route) => route.abort());
  await page.addInitScript(() => {
    window.__shift = 0;
    window.__moved = [];
    // Frames drawn while the page was still arriving (parsed in part, its body begun).
    window.__halfFrames = 0;
    const frame = () => {
      if (document.readyState !== "loading") return;
      if (document.body) window.__halfFrames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // What moved, for the failure's message: each source's element and its box before and after.
    const named = (n) => (n ? `${n.nodeName.toLowerCase()}${n.id ? `#${n.id}` : ""}${typeof n.className === "string" && n.className ? `.${n.className.split(" ")[0]}` : ""}` : "?");
    const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(",");
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => {
        if (e.hadRecentInput) return;
        window.__shift += e.value;
        for (const s of e.sources ?? []) window.__moved.push(`${named(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)} at ${Math.round(e.startTime)} ms`);
      }),
    ).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${origin}/${query}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  if (wasm) await waitForTimeline(page);
  else await page.waitForTimeout(300);
  await page.waitForTimeout(500);
  const seen = await page.evaluate((parts) => {
    const first = document.getElementById("prerender");
    const shown = (e) => e && getComputedStyle(e).visibility === "visible" && e.getClientRects().length > 0;
    const root = first ? [...first.children].find(shown) : document.querySelector("body > .app");
    const visible = (selector) => [...(root?.querySelectorAll(selector) ?? [])].filter(shown);
    const box = (e) => (e ? [e.getBoundingClientRect()].map((r) => [r.left, r.top, r.width, r.height].map(Math.round).join(","))[0] : "none");
    return {
      present: !!first,
      texts: (root?.innerText ?? "").split("\n").map((t) => t.trim()).filter(Boolean),
      chart: visible("svg.timeline-svg text").map((t) => t.textContent.trim()).filter(Boolean),
      boxes: Object.fromEntries(parts.map((p) => [p, box(visible(p)[0])])),
      chartShown: visible("svg.timeline-svg .lease").length > 0 && shown(root.querySelector("main")),
      headerShown: shown(root?.querySelector("header h1")),
      shift: window.__shift,
      moved: window.__moved,
      halfFrames: window.__halfFrames,
    };
  }, PARTS);
  await context.close();
  return seen;
}

/** How two screens differ: texts missing on either side, chart texts, and boxes more than 1 px apart. */
function compareScreens(a, b) {
  const out = [];
  const missing = (xs, ys) => xs.filter((x) => !ys.includes(x));
  const onlyA = missing(a.texts, b.texts);
  const onlyB = missing(b.texts, a.texts);
  if (onlyA.length || onlyB.length) out.push(`texts differ: only written ${JSON.stringify(onlyA.slice(0, 5))}, only the app ${JSON.stringify(onlyB.slice(0, 5))}`);
  if (a.chart.join("|") !== b.chart.join("|")) out.push(`chart texts differ: written ${a.chart.length} (${a.chart.slice(0, 4).join(" | ")}…), the app ${b.chart.length} (${b.chart.slice(0, 4).join(" | ")}…)`);
  for (const part of Object.keys(b.boxes)) {
    const [p, q] = [a.boxes[part], b.boxes[part]].map((s) => s.split(",").map(Number));
    if (p.length !== q.length || p.some((v, i) => Math.abs(v - q[i]) > 1)) out.push(`${part} is at ${a.boxes[part]} written and ${b.boxes[part]} in the app`);
  }
  return out;
}

await browser.close();
server.close();
if (problems.length) {
  for (const p of problems) console.error(`first-screen: ${p}`);
  process.exit(1);
}
console.log("first-screen: all checks passed");
