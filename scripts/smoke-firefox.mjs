// Release smoke test in Firefox (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core; nothing
// downloads a browser): serves the built bundle on 127.0.0.1 and fails on any page error, console error,
// request to another origin, a missing timeline, an export that does not download, a first visit that fetches the
// wasm module kept for written stories or a written story's link that does not fetch it and draw its run
// (scripts/on-demand.mjs), or a failed offline reload (scripts/offline.mjs) or written story offline.
// Usage: node scripts/smoke-firefox.mjs dist [--shots DIR]
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { serveDist, APP_WAIT_MS, exportProblem } from "./browser.mjs";
import { checkOfflineReload, waitForDrawnTimeline } from "./offline.mjs";
import { checkOnDemand, WRITTEN_STORY_LINK, writtenStoryShown } from "./on-demand.mjs";
import { checkSearchWorkers } from "./search-workers.mjs";

const require = createRequire(import.meta.url);
const puppeteer = require("../tools/node_modules/puppeteer-core");

const root = resolve(process.argv[2] ?? "dist");
const shotsAt = process.argv.indexOf("--shots");
const shotsDir = shotsAt > 0 ? resolve(process.argv[shotsAt + 1]) : resolve("target/smoke-firefox");
const downloads = join(shotsDir, "downloads");
await rm(downloads, { recursive: true, force: true });
await mkdir(downloads, { recursive: true });

const { server, origin } = await serveDist(root);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX ?? (existsSync("/usr/bin/firefox-esr") ? "/usr/bin/firefox-esr" : "/usr/bin/firefox"),
  headless: true,
  extraPrefsFirefox: {
    // Exports go straight to `downloads` (no dialog), as Chromium's do in the other smoke test.
    "browser.download.folderList": 2,
    "browser.download.dir": downloads,
    "browser.download.useDownloadDir": true,
    "browser.download.always_ask_before_handling_new_types": false,
    "browser.helperApps.neverAsk.saveToDisk": "image/svg+xml,image/png",
  },
});

/** Waits (bounded) for a finished file ending in `suffix` in the download folder. */
async function downloaded(suffix) {
  // Firefox may still be writing the file when its name appears: it is done once its size holds.
  let last = -1;
  for (let waited = 0; waited < 10000; waited += 100) {
    const done = (await readdir(downloads)).filter((f) => f.endsWith(suffix));
    if (done.length) {
      const size = (await stat(join(downloads, done[0]))).size;
      if (size > 0 && size === last) return join(downloads, done[0]);
      last = size;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`no ${suffix} file was downloaded within 10 s`);
}

const problems = [];
try {
  const version = await browser.version();
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) {
      problems.push(`request to another origin: ${url}`);
    }
  });
  const started = Date.now();
  await page.goto(origin + "/", { waitUntil: "load", timeout: APP_WAIT_MS });
  await waitForDrawnTimeline(page);
  console.log(`smoke [firefox ${version}]: timeline drawn ${Date.now() - started} ms after navigation`);
  const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content);
  if (!csp || !csp.includes("default-src 'self'")) problems.push("no strict Content-Security-Policy");
  const title = await page.evaluate(() => document.querySelector("header h1")?.textContent.trim());
  if (title !== "Fencing Lab") problems.push(`header says ${JSON.stringify(title)}`);
  // A first visit opens the story view; "Experiment" opens the lab with its exports.
  if (!(await page.$(".app.story"))) problems.push("a first visit did not open the story view");
  else await page.click("#toggle-story");
  for (const [button, suffix] of [["#btn-export-svg", ".svg"], ["#btn-export-png", ".png"]]) {
    await page.click(button);
    const file = await downloaded(suffix);
    const bytes = await readFile(file);
    const problem = exportProblem(bytes, suffix);
    if (problem) problems.push(problem);
    console.log(`smoke [firefox]: ${button} downloaded ${file} (${bytes.length} bytes)`);
  }
  await page.screenshot({ path: join(shotsDir, "1280x720.png") });
  // The module fetched on demand (scripts/split.mjs), in a page of its own: a visit does not fetch it, a written
  // story's link does.
  {
    const other = await browser.newPage();
    other.on("pageerror", (e) => problems.push(`[on demand] page error: ${e.message}`));
    other.on("console", (m) => {
      if (m.type() === "error") problems.push(`[on demand] console error: ${m.text()}`);
    });
    const onDemand = await checkOnDemand(other, origin, root, "on demand");
    problems.push(...onDemand.problems);
    console.log(`smoke [firefox]: ${onDemand.line}`);
    await other.close();
  }
  // The explorer's search in Web Workers (scripts/search-workers.mjs): no long task on the page's thread.
  {
    const other = await browser.newPage();
    other.on("pageerror", (e) => problems.push(`[search workers] page error: ${e.message}`));
    const load = (url) => other.goto(url, { waitUntil: "load", timeout: APP_WAIT_MS });
    const run = (fn, arg) => other.evaluate(fn, arg);
    const workers = await checkSearchWorkers({ load, run, origin, label: "search workers", waitMs: 60000 });
    problems.push(...workers.problems);
    for (const line of workers.lines) console.log(`smoke [firefox]: ${line}`);
    await other.close();
  }
  const offline = await checkOfflineReload(page, server, root, "firefox");
  problems.push(...offline.problems);
  console.log(`smoke [firefox]: ${offline.line}`);
  // A written story opens offline too: the service worker precached the module that reads it.
  await page.goto(`${origin}/${WRITTEN_STORY_LINK}`, { timeout: APP_WAIT_MS });
  const lanes = await page.evaluate(writtenStoryShown, APP_WAIT_MS).catch((e) => problems.push(`offline: written story: ${e.message}`));
  if (Array.isArray(lanes)) console.log(`smoke [firefox]: offline: the written story's link drew lanes ${JSON.stringify(lanes)}`);
} catch (e) {
  problems.push(`smoke test could not finish: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}

if (problems.length > 0) {
  console.error("release smoke test in Firefox FAILED:\n  " + problems.join("\n  "));
  console.log("smoke-firefox: 0 passed, 1 failed");
  process.exit(1);
}
console.log("smoke-firefox: 1 passed, 0 failed");
