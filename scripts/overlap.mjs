// Timeline text layout checks of a built bundle, in headless Chromium:
//
// 1. Overlapping labels. For every catalog story (read from the picker's <option> values) × token
//    enforcement off/on × four viewports (lab 1280×720, presentation 1920×1080 and 1280×720, lab
//    390×844), the story is shown at its end state and every rendered <text> of every timeline is
//    collected; two texts whose boxes intersect by more than 0.5 px in both directions are one
//    overlapping pair (touching is fine). One line per configuration with overlaps, then a summary.
// 2. The presentation climax. gc-pause with enforcement on, in presentation view at 1920×1080 and
//    1280×720: PageDown (like a clicker) until the narration reaches the rejected write, then the
//    timeline's "101 < 102" label must be rendered, fully inside the viewport and not clipped (hit by
//    elementsFromPoint at its centre, and inside the rect of every clip path on it or its ancestors).
// 3. Type size and the axis. At lab 390×844 no rendered timeline text is below 11 CSS px, and in
//    compare mode in presentation view at 1280×720 (gc-pause, ?scenario=gc-pause&compare=on&view=presentation,
//    at the start and with &t=120000, the end)
//    none is below 14 px and every axis tick label of both halves lies inside the viewport (and inside
//    its half's .timeline-room, which hides what overflows it). The
//    rendered size is the computed font-size × the SVG's scale (its rendered width over its viewBox width).
//
// Before either, a self-test injects two texts onto the same spot of a timeline (plus hidden copies
// that must not count) and checks the counter finds exactly that pair: the check can fail.
//
// "Rendered" text: non-empty drawn text (textContent without <title> tooltips), a box wider and taller than 0, no display:none on it or an
// ancestor, computed visibility "visible", computed opacity > 0 on it and every ancestor. Clip paths
// are NOT considered for the overlap count (at the end state only the part past the run's end is
// clipped away, and labels there are the climax check's business).
//
// Every page opens a link that names its story (the lab view), with deviceScaleFactor 1.
//
// Usage: node scripts/overlap.mjs DIST [--self-test] [--no-climax] [--only STORY_ID]
//   (check 3 runs with check 2; --no-climax skips both)
//   --self-test   run only the self-test
//   --no-climax   skip check 2
//   --only ID     check 1 for one story only (for quick iteration)
// Exits 1 when any overlap is found, the climax check fails, the self-test fails, or the page errors.
import { resolve } from "node:path";
import { serveDist, launchChromium, settle, waitForTimeline, readPlayhead, showStoryEnd, APP_WAIT_MS } from "./browser.mjs";

const args = process.argv.slice(2);
const root = resolve(args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--only") ?? "dist");
const selfTestOnly = args.includes("--self-test");
const climaxToo = !args.includes("--no-climax");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;

/** The viewports of check 1. Phones: deviceScaleFactor 1, not a mobile emulation (layout is what counts). */
const VIEWPORTS = [
  { name: "lab 1280x720", view: "lab", width: 1280, height: 720 },
  { name: "presentation 1920x1080", view: "presentation", width: 1920, height: 1080 },
  { name: "presentation 1280x720", view: "presentation", width: 1280, height: 720 },
  { name: "lab 390x844", view: "lab", width: 390, height: 844 },
];
const CLIMAX_VIEWPORTS = VIEWPORTS.filter((v) => v.view === "presentation");
/** Longest wait for anything on the page. */
const WAIT_MS = APP_WAIT_MS;
/** Boxes must intersect by more than this many px, horizontally and vertically, to overlap. */
const SLACK_PX = 0.5;
/** Most PageDown presses the climax check spends looking for the rejection step. */
const MAX_STEPS = 20;

// ---------------------------------------------------------------- in the page

/**
 * Runs in the page: every rendered <text> in every svg.timeline-svg and the playhead drawn over it (its own
 * svg.timeline-playhead) as { text, box: [left, top, right, bottom] }.
 * `text` is what is drawn: the text's content without its <title> (a tooltip, e.g. on the refusal ✕ marks).
 */
function renderedTimelineTexts() {
  const drawn = (t) => {
    const copy = t.cloneNode(true);
    copy.querySelectorAll("title").forEach((n) => n.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  };
  const shown = (el) => {
    const own = getComputedStyle(el);
    if (own.visibility !== "visible") return false;
    for (let p = el; p && p.nodeType === 1; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.display === "none" || !(parseFloat(cs.opacity) > 0)) return false;
    }
    return true;
  };
  const out = [];
  for (const svg of document.querySelectorAll("svg.timeline-svg, svg.timeline-playhead")) {
    for (const t of svg.querySelectorAll("text")) {
      const text = drawn(t);
      if (!text) continue;
      const r = t.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0) || !shown(t)) continue;
      out.push({ text, box: [r.left, r.top, r.right, r.bottom] });
    }
  }
  return out;
}

/** Pairs of texts whose boxes intersect by more than SLACK_PX in both directions. */
function overlappingPairs(texts) {
  const pairs = [];
  for (let i = 0; i < texts.length; i++) {
    const [al, at, ar, ab] = texts[i].box;
    for (let j = i + 1; j < texts.length; j++) {
      const [bl, bt, br, bb] = texts[j].box;
      const dx = Math.min(ar, br) - Math.max(al, bl);
      const dy = Math.min(ab, bb) - Math.max(at, bt);
      if (dx > SLACK_PX && dy > SLACK_PX) pairs.push([texts[i].text, texts[j].text]);
    }
  }
  return pairs;
}

/** Runs in the page: the smallest rendered timeline text size (px) and the tick labels outside the viewport. */
function typeAndAxis() {
  let smallest = { px: Infinity, text: "" };
  for (const svg of document.querySelectorAll("svg.timeline-svg, svg.timeline-playhead")) {
    // The playhead's drawing has no viewBox: its units are pixels.
    const box = svg.viewBox.baseVal;
    const scale = box?.width ? svg.getBoundingClientRect().width / box.width : 1;
    for (const t of svg.querySelectorAll("text")) {
      const r = t.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0) || getComputedStyle(t).visibility !== "visible") continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (px < smallest.px) smallest = { px: Math.round(px * 10) / 10, text: t.textContent };
    }
  }
  const ticks = [...document.querySelectorAll("svg.timeline-svg .tick-label")];
  // Inside the viewport and the timeline's own room (a half's room hides what overflows it).
  const outside = ticks
    .map((t) => [t.textContent, t.getBoundingClientRect(), t.closest(".timeline-room")?.getBoundingClientRect()])
    .filter(([, r, room]) => {
      const [w, h] = [innerWidth, innerHeight];
      const out = (b, l, t, rt, bt) => b.left < l - 0.5 || b.top < t - 0.5 || b.right > rt + 0.5 || b.bottom > bt + 0.5;
      return out(r, 0, 0, w, h) || (room && out(r, room.left, room.top, room.right, room.bottom));
    })
    .map(([text, r]) => `${text} at [${[r.left, r.top, r.right, r.bottom].map(Math.round).join(", ")}]`);
  return { smallest, ticks: ticks.length, outside, svgs: document.querySelectorAll("svg.timeline-svg").length };
}

/** Check 3 on `page` (already at `viewport`'s size): text at least `minPx`, and (if `axis`) the ticks inside. */
async function typeCheck(page, origin, viewport, query, minPx, axis) {
  const where = `type [${viewport.name} ${query}]`;
  await page.goto(`${origin}/${query}`, { waitUntil: "load", timeout: WAIT_MS });
  await waitForTimeline(page);
  await settle(page);
  const got = await page.evaluate(typeAndAxis);
  const problems = [];
  if (got.smallest.px < minPx) problems.push(`${where}: ${JSON.stringify(got.smallest.text)} is ${got.smallest.px} px, below ${minPx} px`);
  if (axis && (got.ticks === 0 || got.outside.length > 0)) {
    problems.push(`${where}: ${got.outside.length} of ${got.ticks} axis tick labels outside the viewport or their half: ${got.outside.slice(0, 4).join("; ")}`);
  }
  if (problems.length === 0) {
    console.log(`overlap: ${where} passed: smallest text ${got.smallest.px} px, ${got.ticks} ticks in ${got.svgs} timelines inside the viewport`);
  }
  return problems;
}

/** The self-test of check 3: text shrunk below the floor and a tick pushed off screen must be caught. */
async function typeSelfTest(page) {
  const got = await page.evaluate(() => {
    const t = document.querySelector("svg.timeline-svg .tick-label");
    const was = [t.getAttribute("font-size"), t.getAttribute("y")];
    t.setAttribute("font-size", "6");
    t.setAttribute("y", "5000");
    return was;
  });
  const bad = await page.evaluate(typeAndAxis);
  await page.evaluate(([size, y]) => {
    const t = document.querySelector("svg.timeline-svg .tick-label");
    t.setAttribute("font-size", size);
    t.setAttribute("y", y);
  }, got);
  if (!(bad.smallest.px <= 6.5 && bad.outside.length === 1)) {
    throw new Error(`type self-test: a 6 px tick moved off screen was read as ${JSON.stringify(bad)}`);
  }
  console.log(`overlap: type self-test passed (a 6 px tick pushed off screen is caught)`);
}

// ---------------------------------------------------------------- the self-test

/**
 * Injects two texts onto the same spot of the first timeline (straight into the <svg>, outside its clip
 * path), copies that are not rendered (display none, visibility hidden, opacity 0, empty) onto the same
 * spot, and one touching the pair's right edge; among them the counter must report exactly one pair.
 * (Pairs with the app's own labels under the spot are left out: they depend on the story.)
 */
async function selfTest(page) {
  const injected = await page.evaluate(() => {
    const svg = document.querySelector("svg.timeline-svg");
    const NS = "http://www.w3.org/2000/svg";
    const add = (text, x, attrs = {}) => {
      const t = document.createElementNS(NS, "text");
      t.setAttribute("x", String(x));
      t.setAttribute("y", "40");
      t.setAttribute("font-size", "14");
      t.setAttribute("data-overlap-self-test", "");
      for (const [k, v] of Object.entries(attrs)) t.setAttribute(k, v);
      t.textContent = text;
      svg.appendChild(t);
      return t;
    };
    const a = add("SELFTEST-A", 200);
    const b = add("SELFTEST-B", 200);
    // Presentation attributes, not style="": the page's Content-Security-Policy forbids inline styles.
    add("SELFTEST-none", 200, { display: "none" });
    add("SELFTEST-hidden", 200, { visibility: "hidden" });
    add("SELFTEST-transparent", 200, { opacity: "0" });
    add("", 200);
    // Touching (not overlapping) on the right: starts where the wider of A and B ends, in user units.
    const right = Math.max(...[a, b].map((t) => t.getBBox().x + t.getBBox().width));
    add("SELFTEST-touching", right);
    return [...svg.querySelectorAll("[data-overlap-self-test]")].length;
  });
  const pairs = overlappingPairs(await page.evaluate(renderedTimelineTexts)).filter(
    ([a, b]) => a.startsWith("SELFTEST") && b.startsWith("SELFTEST"),
  );
  await page.evaluate(() => document.querySelectorAll("[data-overlap-self-test]").forEach((t) => t.remove()));
  const want = JSON.stringify([["SELFTEST-A", "SELFTEST-B"]]);
  if (injected !== 7 || JSON.stringify(pairs) !== want) {
    throw new Error(`self-test: injected ${injected} texts, the counter found ${JSON.stringify(pairs)}, want ${want}`);
  }
  console.log(`overlap: self-test passed (two texts on one spot make 1 pair; hidden, empty and touching ones make none)`);
}

// ---------------------------------------------------------------- the climax

/**
 * Presentation view of gc-pause with enforcement on: PageDown until the narration reaches the rejected
 * write, then the "101 < 102" label must be rendered, inside the viewport and not clipped.
 * Returns a list of problems (empty when it passes).
 */
async function climax(page, origin, viewport) {
  const where = `climax [${viewport.name}]`;
  await page.goto(`${origin}/?scenario=gc-pause&enforcement=on&view=presentation`, { waitUntil: "load", timeout: WAIT_MS });
  await waitForTimeline(page);
  // The narration line is the step's title (<strong>) and text (<span>), with no space between them.
  const narration = () =>
    page.$eval("#narration-line", (n) => [...n.children].map((c) => c.textContent.replace(/\s+/g, " ").trim()).join(" — "));
  let line = await narration();
  let presses = 0;
  while (!/reject|bounce/i.test(line) && presses < MAX_STEPS) {
    await page.keyboard.press("PageDown");
    presses++;
    await settle(page);
    line = await narration();
  }
  if (!/reject|bounce/i.test(line)) {
    return [`${where}: after ${presses} PageDown presses the narration never mentions the rejection (last: "${line}")`];
  }
  await waitForStillPlayhead(page);
  const found = await page.evaluate(() => {
    const target = [...document.querySelectorAll("svg.timeline-svg text")].find((t) => t.textContent === "101 < 102");
    if (!target) return null;
    const r = target.getBoundingClientRect();
    const box = [r.left, r.top, r.right, r.bottom].map((v) => Math.round(v * 10) / 10);
    let shown = getComputedStyle(target).visibility === "visible";
    for (let p = target; p && p.nodeType === 1; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.display === "none" || !(parseFloat(cs.opacity) > 0)) shown = false;
    }
    const rendered = shown && r.width > 0 && r.height > 0;
    const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    // Hit test at the centre: the text or its group must be among what is painted there.
    const cx = (r.left + r.right) / 2;
    const cy = (r.top + r.bottom) / 2;
    const hits = document.elementsFromPoint(cx, cy);
    const hit = hits.includes(target) || hits.includes(target.parentElement);
    // Every clip path on the text or an ancestor: its rects' boxes must contain the text's box.
    const clips = [];
    for (let p = target; p && p.nodeType === 1; p = p.parentElement) {
      const ref = p.getAttribute("clip-path") ?? getComputedStyle(p).clipPath;
      const m = ref && ref.match(/url\(\s*["']?#([^"')\s]+)["']?\s*\)/);
      if (!m) continue;
      const clip = document.getElementById(m[1]);
      // A rect inside a <clipPath> is never rendered itself, so its getBoundingClientRect() is all
      // zeros: map its x/y/width/height from the user space of the element that references the clip
      // (clipPathUnits="userSpaceOnUse", the default) to the screen with that element's CTM.
      const ctm = p.getScreenCTM?.();
      for (const rect of clip ? clip.querySelectorAll("rect") : []) {
        const [x, y, w, h] = ["x", "y", "width", "height"].map((k) => rect[k].animVal.value);
        const corners = [[x, y], [x + w, y + h]].map(([cx, cy]) => new DOMPoint(cx, cy).matrixTransform(ctm));
        const c = {
          left: Math.min(corners[0].x, corners[1].x),
          top: Math.min(corners[0].y, corners[1].y),
          right: Math.max(corners[0].x, corners[1].x),
          bottom: Math.max(corners[0].y, corners[1].y),
        };
        const cbox = [c.left, c.top, c.right, c.bottom].map((v) => Math.round(v * 10) / 10);
        const contains = c.left <= r.left + 0.5 && c.top <= r.top + 0.5 && c.right >= r.right - 0.5 && c.bottom >= r.bottom - 0.5;
        clips.push({ id: m[1], box: cbox, contains });
      }
      if (!clip) clips.push({ id: m[1], box: null, contains: false });
    }
    return { box, rendered, inside, hit, clips, view: [innerWidth, innerHeight], playhead: document.querySelector("#time-readout")?.dataset.ms };
  });
  if (!found) return [`${where}: no timeline <text> reads exactly "101 < 102" (narration: "${line}")`];
  const problems = [];
  const step = line.split(" — ")[0];
  const at = `text box [${found.box.join(", ")}] in a ${found.view.join("×")} viewport, playhead ${found.playhead} ms, after ${presses} PageDown, at step "${step}"`;
  if (!found.rendered) problems.push(`${where}: "101 < 102" is not rendered (${at})`);
  if (!found.inside) problems.push(`${where}: "101 < 102" is not fully inside the viewport (${at})`);
  if (!found.hit) problems.push(`${where}: "101 < 102" is not hit at its centre, so something covers it or clips it away (${at})`);
  for (const c of found.clips.filter((c) => !c.contains)) {
    const how = !c.box ? "which does not exist" : c.box[2] <= found.box[0] || c.box[0] >= found.box[2] ? "which hides it entirely" : "which cuts part of it off";
    problems.push(`${where}: "101 < 102" lies outside clip path #${c.id} (clip box [${c.box?.join(", ")}]), ${how} (${at})`);
  }
  if (problems.length === 0) console.log(`overlap: ${where} passed: "101 < 102" is shown whole (${at})`);
  return problems;
}

/** Waits (bounded) until the playhead stops moving: jumping to a step may animate it. */
async function waitForStillPlayhead(page) {
  let last = await readPlayhead(page);
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(100);
    const now = await readPlayhead(page);
    if (now === last) break;
    last = now;
  }
  await settle(page);
}

// ---------------------------------------------------------------- main

const started = Date.now();
const { server, origin } = await serveDist(root);
const browser = await launchChromium();
const problems = [];
let total = 0;
let withOverlaps = 0;
const byViewport = new Map(VIEWPORTS.map((v) => [v.name, 0]));
let configurations = 0;
try {
  const pages = [];
  for (const viewport of VIEWPORTS) {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(WAIT_MS);
    page.on("pageerror", (e) => problems.push(`[${viewport.name}] page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`[${viewport.name}] console error: ${m.text()}`));
    pages.push(page);
  }

  // The stories, in picker order, and the self-test on the first page.
  const first = pages[0];
  await first.goto(`${origin}/`, { waitUntil: "load", timeout: WAIT_MS });
  await waitForTimeline(first);
  let stories = await first.$$eval("#scenario-picker option", (os) => os.map((o) => o.value));
  if (stories.length === 0) throw new Error("the scenario picker lists no stories");
  await selfTest(first);
  await typeSelfTest(first);

  if (!selfTestOnly) {
    if (only) {
      if (!stories.includes(only)) throw new Error(`--only ${only}: no such story (the picker lists ${stories.join(", ")})`);
      stories = [only];
    }
    for (const id of stories) {
      for (const enforcement of ["off", "on"]) {
        for (const [i, viewport] of VIEWPORTS.entries()) {
          const page = pages[i];
          const view = viewport.view === "presentation" ? "&view=presentation" : "&view=lab";
          await showStoryEnd(page, origin, `?scenario=${encodeURIComponent(id)}&enforcement=${enforcement}${view}`);
          const pairs = overlappingPairs(await page.evaluate(renderedTimelineTexts));
          configurations++;
          if (pairs.length === 0) continue;
          total += pairs.length;
          withOverlaps++;
          byViewport.set(viewport.name, byViewport.get(viewport.name) + pairs.length);
          const examples = pairs
            .slice(0, 3)
            .map(([a, b]) => `${JSON.stringify(a)} × ${JSON.stringify(b)}`)
            .join(", ");
          console.log(`overlap: ${id} enforcement ${enforcement} ${viewport.name}: ${pairs.length} pairs, e.g. ${examples}`);
        }
      }
    }
    console.log(`overlap: by viewport: ${[...byViewport].map(([name, n]) => `${name} ${n}`).join(", ")}`);
    console.log(`overlap: ${total} overlapping text pairs in ${withOverlaps} configurations (of ${configurations} checked)`);
    if (total > 0) problems.push(`${total} overlapping text pairs in ${withOverlaps} configurations`);

    if (climaxToo) {
      for (const viewport of CLIMAX_VIEWPORTS) {
        const page = pages[VIEWPORTS.indexOf(viewport)];
        problems.push(...(await climax(page, origin, viewport)));
      }
      const phone = VIEWPORTS.find((v) => v.name === "lab 390x844");
      const projector = VIEWPORTS.find((v) => v.name === "presentation 1280x720");
      for (const id of stories) {
        const query = `?scenario=${encodeURIComponent(id)}&enforcement=on&view=lab`;
        problems.push(...(await typeCheck(pages[VIEWPORTS.indexOf(phone)], origin, phone, query, 11, false)));
      }
      // At the start and at the story's end (its narration is longer there, leaving the halves less room).
      for (const compare of ["?scenario=gc-pause&compare=on&view=presentation", "?scenario=gc-pause&compare=on&view=presentation&t=120000"]) {
        problems.push(...(await typeCheck(pages[VIEWPORTS.indexOf(projector)], origin, projector, compare, 14, true)));
      }
    }
  }
} catch (e) {
  problems.push(`the overlap check could not finish: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`overlap FAILED (${seconds} s):\n  ` + problems.join("\n  "));
  process.exit(1);
}
console.log(`overlap: passed (${seconds} s)`);
