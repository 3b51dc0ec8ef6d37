// Shared by the release checks: serve a built bundle on 127.0.0.1 and start headless Chromium
// (Debian's, through playwright-core: nothing downloads a browser).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";

const require = createRequire(import.meta.url);
const { chromium } = require("../tools/node_modules/playwright-core");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};

/**
 * Trunk's content-hashed names (fencing-lab-<hash>.js, _bg.wasm, main-<hash>.css, and scripts/split.mjs's
 * split_<name>-<hash>.wasm and __wasm_split-<hash>.js): a 64-bit hash in hex, up to 16 digits (Trunk writes it
 * without leading zeros, so one build in 16 has 15 digits or fewer).
 */
const HASHED = /-[0-9a-f]{1,16}(_bg)?\.(js|wasm|css)$/;

/**
 * The Cache-Control a static host should send (README, "A static copy"): hashed files never change, so
 * they are kept for a year; everything else (index.html, sw.js, the manifest, icons) is revalidated.
 */
export function cacheControl(file) {
  return HASHED.test(file) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Serves folder `dir` on an ephemeral loopback port; resolves to { server, origin, deploy, inParts, encodings }. With
 * `gzip`, text and wasm are sent gzip'd (as a real host would) when the browser accepts it. With `brotli`, a
 * file X that has a precompressed X.br (scripts/compress.mjs) is sent as that, `Content-Encoding: br`, when the
 * browser accepts br (as nginx's brotli_static or Caddy's `precompressed br` would); otherwise as without it.
 * `encodings` counts the responses by the encoding they were sent in (br, gzip, identity).
 */
export async function serveDist(dir, { gzip = false, brotli = false } = {}) {
  let root = resolve(dir);
  let parts = null;
  const encodings = { br: 0, gzip: 0, identity: 0 };
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = normalize(join(root, path === "/" ? "index.html" : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      let body = await readFile(file);
      if (parts && path === "/") {
        await sendInParts(res, parts, body.toString("utf8"));
        return;
      }
      const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": cacheControl(file) };
      const accepts = req.headers["accept-encoding"] ?? "";
      const br = brotli && /\bbr\b/.test(accepts) ? await readFile(`${file}.br`).catch(() => null) : null;
      if (br) {
        body = br;
        headers["content-encoding"] = "br";
        headers["vary"] = "accept-encoding";
      } else if (gzip && extname(file) !== ".png" && /\bgzip\b/.test(accepts)) {
        body = gzipSync(body, { level: 9 });
        headers["content-encoding"] = "gzip";
        headers["vary"] = "accept-encoding";
      }
      encodings[headers["content-encoding"] ?? "identity"] += 1;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  // `deploy(dir)` serves another folder from the same origin from then on (a new build deployed).
  const deploy = (next) => (root = resolve(next));
  // `inParts({ at, pauseMs, edit })` sends the page (the bare address) from then on in two parts, cut at
  // `at(html)`, with `pauseMs` between them, after `edit(html)` if given: a page the browser parses, and
  // may paint, half-arrived. `inParts(null)` sends it whole again.
  const inParts = (next) => (parts = next);
  return { server, origin: `http://127.0.0.1:${server.address().port}`, deploy, inParts, encodings };
}

/** Writes `html` (edited) to `res` in two parts, as `parts` says (see serveDist's `inParts`). */
async function sendInParts(res, parts, html) {
  const page = parts.edit ? parts.edit(html) : html;
  const cut = Math.max(0, Math.min(page.length, parts.at(page)));
  res.writeHead(200, { "content-type": TYPES[".html"], "cache-control": "no-cache" });
  res.write(page.slice(0, cut));
  await new Promise((ok) => setTimeout(ok, parts.pauseMs));
  res.end(page.slice(cut));
}

/**
 * Applies a Lighthouse throttling profile (e.g. its constants' `mobileSlow4G`) to `page` for real: the
 * profile's request latency and down- and upload throughput, and its CPU slowdown.
 */
export async function throttle(page, slow) {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: slow.requestLatencyMs,
    downloadThroughput: (slow.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (slow.uploadThroughputKbps * 1024) / 8,
  });
  await session.send("Emulation.setCPUThrottlingRate", { rate: slow.cpuSlowdownMultiplier });
}

/** Headless Chromium with the flags this closed network needs. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * What is wrong with a downloaded export (`suffix` ".png" or ".svg"), or null: a PNG must be drawn at
 * 2× (at least 1500 px wide, read from its IHDR), an SVG must embed its styles.
 */
export function exportProblem(bytes, suffix) {
  if (suffix === ".png") {
    const width = bytes.readUInt32BE(16);
    return width < 1500 ? `PNG export is ${width} px wide, not 2×` : null;
  }
  return bytes.toString("utf8").includes("<style") ? null : "SVG export has no embedded styles";
}

/** Longest wait for the app in the story helpers below (the bundle comes from loopback: generous). */
export const APP_WAIT_MS = 15000;

/** Two animation frames after the fonts are ready (at most 2 s): the last change is laid out and painted. */
export function settle(page) {
  return page.evaluate(() =>
    Promise.race([
      document.fonts.ready.then(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))),
      new Promise((ok) => setTimeout(ok, 2000)),
    ]),
  );
}

/**
 * Waits (bounded) until the app's timeline shows text, then until it is laid out. The first screen
 * written at build time (#prerender, scripts/prerender.mjs) has a timeline too: the app's is the one
 * left once #prerender is gone.
 */
export async function waitForTimeline(page) {
  await page.waitForFunction(
    () =>
      !document.getElementById("prerender") &&
      [...document.querySelectorAll("svg.timeline-svg text")].some((t) => t.textContent.trim() !== ""),
    null,
    { timeout: APP_WAIT_MS },
  );
  await settle(page);
}

/** The playhead in ms, from the time readout's data-ms. */
export async function readPlayhead(page) {
  return Number(await page.getAttribute("#time-readout", "data-ms", { timeout: APP_WAIT_MS }));
}

/**
 * Loads `origin/query` (a link such as "?scenario=gc-pause&compare=on") and moves the playhead to the
 * run's end: the scrubber (whose max is the end) is set to its max and sent an `input` event, as a user
 * dragging it would. The scrubber steps by 100 ms, so when the end is not on a step the browser rounds
 * the value down; then the page is loaded again with `t=` at the end, as a shared link of the end state.
 * Resolves to the end in ms.
 */
export async function showStoryEnd(page, origin, query) {
  await page.goto(`${origin}/${query}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  await waitForTimeline(page);
  const end = Number(await page.getAttribute("#scrubber", "max", { timeout: APP_WAIT_MS }));
  if (!(end > 0)) throw new Error(`${query}: the scrubber has no max (${end})`);
  await page.$eval(
    "#scrubber",
    (input, end) => {
      input.value = String(end);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    },
    end,
  );
  if ((await readPlayhead(page)) !== end) {
    await page.goto(`${origin}/${query}&t=${end}`, { waitUntil: "load", timeout: APP_WAIT_MS });
    await waitForTimeline(page);
    const at = await readPlayhead(page);
    if (at !== end) throw new Error(`${query}: the playhead is at ${at} ms, not at the end ${end} ms`);
  }
  await settle(page);
  return end;
}

/**
 * In the page: opens the first shipped recording from the "Recorded runs" dialog (fetched from the
 * server, or the service worker's copy when offline) and waits (at most `ms`) until it is drawn beside
 * its simulation. Resolves to what a user would see: the caption, the number of timelines and the
 * comparison's summary line; rejects with the lab's notice if it could not be opened.
 */
export async function openShippedRecording(ms) {
  document.querySelector("#toggle-recordings").click();
  const started = performance.now();
  const wait = async (what, found) => {
    while (!found()) {
      const notice = document.querySelector("#action-notice-text")?.textContent;
      if (notice) throw new Error(`opening a recording: ${notice}`);
      if (performance.now() - started > ms) throw new Error(`no ${what} within ${ms} ms`);
      await new Promise((ok) => setTimeout(ok, 50));
    }
  };
  await wait("recordings dialog", () => document.querySelector(".recording-pick"));
  document.querySelector(".recording-pick").click();
  await wait("recorded run drawn", () => document.querySelectorAll(".timeline-card svg.timeline-svg .lease").length > 0 && document.querySelector("#recorded-title"));
  return {
    title: document.querySelector("#recorded-title").textContent.trim(),
    timelines: document.querySelectorAll(".timeline-card svg.timeline-svg").length,
    agreement: document.querySelector("#recorded-agreement")?.textContent.trim() ?? "",
  };
}

/** What is wrong with what `openShippedRecording` saw (null if nothing). */
export function recordingProblem(seen) {
  if (seen.title !== "Recorded on etcd 3.4.23") return `recorded run captioned ${JSON.stringify(seen.title)}`;
  if (seen.timelines !== 2) return `recorded run drawn with ${seen.timelines} timelines, not 2 (recorded, simulated)`;
  if (!seen.agreement.startsWith("All ")) return `recorded run: ${seen.agreement}`;
  return null;
}
