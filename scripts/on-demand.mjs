// The wasm modules fetched on demand (cut off by scripts/split.mjs), as the release smoke tests check them in
// Chromium, Firefox and WebKit: a first visit fetches none of them, and a link with a written story fetches them
// and shows its run. The page-side functions take one argument and close over nothing, so each runs as it is in
// Playwright's and Puppeteer's `evaluate` and, as a string, in WebKit's classic WebDriver.
import { readdir } from "node:fs/promises";
import { APP_WAIT_MS } from "./browser.mjs";

/** A link to a small written story (docs/story-format.md): one app, A, a "Worker" that acquires and writes. */
export const WRITTEN_STORY_LINK =
  "?story=1:service%20lease%2030s%3B%20app%20A%20%22Worker%22%20does%20acquire%2C%20write%3B%20run%20for%2060s";

/**
 * The wasm modules of `dist` fetched on demand: every wasm but the app's own (fencing-lab-<hash>_bg.wasm) and the
 * explorer's worker (explore-worker-<hash>_bg.wasm, which a search starts: scripts/search-workers.mjs).
 */
export async function onDemandModules(dist) {
  const own = /^(fencing-lab|explore-worker)-[0-9a-f]{1,16}_bg\.wasm$/;
  return (await readdir(dist)).filter((f) => f.endsWith(".wasm") && !own.test(f));
}

/**
 * In the page: which of the file names `names` it has fetched, from its resource timing entries (every fetch the
 * document made, answered by the network or by the service worker).
 */
export function fetchedOf(names) {
  const files = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname.split("/").pop());
  return names.filter((n) => files.includes(n));
}

/**
 * In the page: waits (at most `ms`) until the app (not the first screen written at build time) draws the written
 * story's run, app A's lane, whose tooltip names its role "Worker" (no catalog story has one); resolves to the
 * lanes' names, rejects with the lab's notice, if any, when it does not come.
 */
export async function writtenStoryShown(ms) {
  const started = performance.now();
  for (;;) {
    const lanes = document.getElementById("prerender") ? [] : [...document.querySelectorAll("svg.timeline-svg .lane-label")];
    const worker = lanes.some((l) => /\bA\b/.test(l.textContent) && l.parentNode.querySelector("title")?.textContent.includes("Worker"));
    if (worker) return lanes.map((l) => l.textContent.trim());
    if (performance.now() - started > ms) {
      const notice = document.querySelector("#action-notice-text")?.textContent.trim();
      throw new Error(`no lane of app A "Worker" within ${ms} ms${notice ? ` (notice: ${notice})` : ""}`);
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** In the page: resolves once it has been idle `ms` after the app drew its timeline (panels built after it). */
export async function drawnAndIdle(ms) {
  const started = performance.now();
  while (document.getElementById("prerender") || !document.querySelector("svg.timeline-svg .lease")) {
    if (performance.now() - started > 15000) throw new Error("no timeline drawn within 15000 ms");
    await new Promise((ok) => setTimeout(ok, 50));
  }
  await new Promise((ok) => setTimeout(ok, ms));
}

/**
 * With a Playwright or Puppeteer `page` (a fresh one, for `origin` serving `dist`): a first visit fetches no module
 * of `dist` fetched on demand, and the written story's link fetches every one and draws the run. Returns
 * problems found and a line to print.
 */
export async function checkOnDemand(page, origin, dist, label) {
  const modules = await onDemandModules(dist);
  if (modules.length === 0) return { problems: [`[${label}] ${dist} has no wasm module fetched on demand`], line: "" };
  const problems = [];
  await page.goto(`${origin}/`, { waitUntil: "load", timeout: APP_WAIT_MS });
  await page.evaluate(drawnAndIdle, 1500);
  const early = await page.evaluate(fetchedOf, modules);
  if (early.length) problems.push(`[${label}] a first visit fetched ${early.join(", ")}, which only a written story needs`);
  await page.goto(`${origin}/${WRITTEN_STORY_LINK}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  const lanes = await page.evaluate(writtenStoryShown, APP_WAIT_MS).catch((e) => {
    problems.push(`[${label}] written story: ${e.message}`);
    return null;
  });
  const late = await page.evaluate(fetchedOf, modules);
  // The reader's module (split_script), not the explorer's (split_search, which a search fetches).
  const reader = modules.filter((m) => m.startsWith("split_script-"));
  if (late.join() !== reader.join()) problems.push(`[${label}] the written story's link fetched ${late.join(", ") || "no module"}, not ${reader.join(", ")}`);
  const line = `a first visit fetched ${early.join(", ") || "none"} of ${modules.join(", ")}; the written story's link fetched ` +
    `${late.join(", ") || "none"} and drew ${lanes ? `lanes ${JSON.stringify(lanes)}` : "no run"}`;
  return { problems, line };
}
