// Writes the story view's first screen into a built bundle's index.html, drawn by the app itself at
// build time: the bundle is served, a first visit is opened in headless Chromium at a phone (412×823), a
// laptop (1280×720) and a large screen (1920×1080), and the mounted app's markup is copied into <body>
// (#prerender, one copy per width; scripts/prerender.css, inlined as a hashed <style>, shows the one that
// fits, and keeps a chart within its box between those widths until the app draws its own). The engine ran the first story, the words
// layer wrote its texts and the timeline drew its Scene: the same code, words and CSS as the live page,
// never a picture drawn by hand. scripts/prerender-boot.js (inlined into <head>) swaps the app in once it
// is ready, keeps early input, and shows a neutral frame for links to other runs.
//
// What the copy changes, and why:
// - elements the snapshot's width does not display (display: none) are left out: they would only add bytes;
// - SVG ids get the copy's prefix (and so do their url(#…) references), so no id inside a chart is there
//   twice: each copy was drawn by a page of its own, and the app draws its own too;
// - a form control's live state (the chosen story, the scrubber, a switch) becomes its attributes;
// - a control named by a <label for> gets the copy's prefix too (the app's id kept in data-id), so each
//   copy's label names its own control;
//
// Usage: node scripts/prerender.mjs DIST   (after minify.mjs, before csp.mjs, which hashes the inline script
// and style)
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { serveDist, launchChromium, waitForTimeline, APP_WAIT_MS } from "./browser.mjs";
import { minifyCss } from "./css-min.mjs";

const require = createRequire(import.meta.url);
const { minify } = require("../tools/node_modules/terser");
const root = resolve(process.argv[2] ?? "dist");
const file = join(root, "index.html");
/** The copies: a phone (up to 600 px wide), a laptop or projector (601–1499 px), a large screen (1500 px on). */
const WIDTHS = [
  ["pr-n", { width: 412, height: 823 }],
  ["pr-w", { width: 1280, height: 720 }],
  ["pr-x", { width: 1920, height: 1080 }],
];
/** Above this many bytes the written screens are a defect (the page must stay light). */
const MAX_BYTES = 160_000;

let html = await readFile(file, "utf8");
if (html.includes('id="prerender"')) fail("index.html already holds a first screen: build it again (make dist)");
if (!html.includes("<body></body>")) fail("index.html has no empty <body></body> to write the first screen into");

const { server, origin } = await serveDist(root);
const browser = await launchChromium();
const screens = [];
let firstRun = null;
try {
  for (const [kind, viewport] of WIDTHS) {
    const shot = await snapshot(viewport, kind);
    if (firstRun !== null && shot.query !== firstRun) fail(`the first visit's address differs by width: ${firstRun} and ${shot.query}`);
    firstRun = shot.query;
    screens.push(`<div class="${kind}">${shot.markup}</div>`);
  }
} finally {
  await browser.close();
  server.close();
}

// The end mark: until the parser has read it, the written screen is not shown (scripts/prerender.css), so a
// page that arrives or is parsed in parts never paints half a layout that then moves.
const body = `<body><div id="prerender">${screens.join("")}<i id="pr-end"></i></div></body>`;
if (body.length > MAX_BYTES) fail(`the first screens are ${body.length} B, over ${MAX_BYTES} B`);
const source = await readFile(new URL("./prerender-boot.js", import.meta.url), "utf8");
const boot = (await minify(source.replace("__FIRST_RUN__", firstRun), { compress: true, mangle: true })).code;
const style = minifyCss(await readFile(new URL("./prerender.css", import.meta.url), "utf8"));
html = html.replace("<body></body>", body).replace("<head>", `<head>\n    <script>${boot}</script>\n    <style>${style}</style>`);
await writeFile(file, html);
console.log(`prerender: first screens for ${WIDTHS.map(([, v]) => `${v.width}×${v.height}`).join(" and ")} ` +
  `(${firstRun || "bare address"}), ${body.length} B of markup, ${boot.length} B of inline script, ${style.length} B of inline style`);

/** The app's first-visit markup at `viewport` (SVG ids prefixed `prefix`), and its address's query. */
async function snapshot(viewport, prefix) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/`, { waitUntil: "networkidle", timeout: APP_WAIT_MS });
  await waitForTimeline(page);
  await page.waitForTimeout(300);
  const shot = await page.evaluate(copyApp, prefix);
  await context.close();
  if (errors.length) fail(`page errors at ${viewport.width} px: ${errors.join("; ")}`);
  if (!shot.markup) fail(`no .app was mounted at ${viewport.width} px`);
  return shot;
}

/** In the page: a copy of the mounted app without what is not displayed, its SVG ids prefixed. */
function copyApp(prefix) {
  const app = document.querySelector("body > .app");
  if (!app) return { markup: "", query: location.search };
  const copy = app.cloneNode(true);
  const live = [app, ...app.querySelectorAll("*")];
  const copied = [copy, ...copy.querySelectorAll("*")];
  const gone = [];
  live.forEach((element, i) => {
    const twin = copied[i];
    // A hidden option stays (hidden): a select's text is all its options', shown or not.
    if (getComputedStyle(element).display === "none" && !(element instanceof HTMLOptionElement)) gone.push(twin);
    if (element instanceof HTMLSelectElement) {
      for (const option of twin.options) option.toggleAttribute("selected", option.value === element.value);
    }
    if (element instanceof HTMLInputElement) {
      twin.setAttribute("value", element.value);
      twin.toggleAttribute("checked", element.checked);
    }
  });
  gone.forEach((element) => element.remove());
  // A label names its control by id, and three copies share the app's ids: each copy's labelled control
  // gets an id of its own, and keeps the app's in data-id (the first screen's script hands input over by it).
  for (const label of copy.querySelectorAll("label[for]")) {
    const control = copy.querySelector(`#${CSS.escape(label.htmlFor)}`);
    if (!control) continue;
    control.dataset.id = control.id;
    control.id = label.htmlFor = `${prefix}-${control.id}`;
  }
  const ids = new Set();
  for (const element of copy.querySelectorAll("svg [id]")) {
    ids.add(element.id);
    element.id = `${prefix}-${element.id}`;
  }
  for (const element of copy.querySelectorAll("svg *")) {
    for (const attr of [...element.attributes]) {
      const value = attr.value.replace(/url\(#([^)]+)\)/g, (all, id) => (ids.has(id) ? `url(#${prefix}-${id})` : all));
      const href = (attr.name === "href" || attr.name === "xlink:href") && value.startsWith("#") && ids.has(value.slice(1));
      element.setAttribute(attr.name, href ? `#${prefix}-${value.slice(1)}` : value);
    }
  }
  // The written chart shrinks to its box between the widths it was drawn for (scripts/prerender.css); the
  // playhead, a drawing of its own laid over it, shrinks with it: the chart's viewBox, drawn from the left.
  for (const playhead of copy.querySelectorAll("svg.timeline-playhead")) {
    const chart = playhead.parentElement.querySelector("svg.timeline-svg");
    if (!chart) continue;
    playhead.setAttribute("viewBox", chart.getAttribute("viewBox"));
    playhead.setAttribute("preserveAspectRatio", "xMinYMid meet");
  }
  return { markup: copy.outerHTML, query: location.search };
}

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}
