// The offline checks shared by the smoke tests (Playwright's and Puppeteer's pages both have evaluate and
// reload): after one visit the service worker controls the page and has precached the bundle; with the
// server stopped, a reload still draws the timeline and opens a shipped recording; and a next build replaces the offline copy whole.
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { APP_WAIT_MS, openShippedRecording, recordingProblem } from "./browser.mjs";
import { sri } from "./integrity.mjs";
import { writeServiceWorker } from "./sw.mjs";

/**
 * In the page: resolves once the app's timeline shows text (the first screen written at build time,
 * #prerender, is gone), rejects after `ms`.
 */
function timelineDrawn(ms) {
  return new Promise((ok, fail) => {
    const started = performance.now();
    const look = () => {
      const texts = [...document.querySelectorAll("svg.timeline-svg text")];
      const app = !document.getElementById("prerender");
      if (app && texts.some((t) => t.textContent.trim() !== "") && document.querySelector("svg.timeline-svg .lease")) ok(true);
      else if (performance.now() - started > ms) fail(new Error(`no timeline drawn within ${ms} ms`));
      else setTimeout(look, 50);
    };
    look();
  });
}

/** Waits (bounded) until the page shows a drawn timeline. */
export function waitForDrawnTimeline(page) {
  return page.evaluate(timelineDrawn, APP_WAIT_MS);
}

/** In the page: waits for an active service worker that controls the page; lists what it precached. */
function controlledAndCached(ms) {
  const wait = (async () => {
    if (!("serviceWorker" in navigator)) throw new Error("this browser has no service workers");
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
    const names = await caches.keys();
    const urls = [];
    for (const name of names) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname.slice(1));
    }
    return { caches: names, urls };
  })();
  const late = new Promise((_, fail) => setTimeout(() => fail(new Error(`no service worker in control within ${ms} ms`)), ms));
  return Promise.race([wait, late]);
}

/**
 * On a page that has loaded the app from `server` (a node:http server) serving `dist`: waits until the service
 * worker controls it, checks that the precache holds one app script and every wasm module of `dist`, stops the
 * server, reloads and waits for the timeline. Returns problems found (empty when all is well) and a line to print.
 */
export async function checkOfflineReload(page, server, dist, label) {
  const problems = [];
  const modules = await wasmModules(dist);
  const { caches, urls } = await page.evaluate(controlledAndCached, APP_WAIT_MS);
  const wasm = urls.filter((u) => u.endsWith(".wasm"));
  const scripts = urls.filter((u) => /^fencing-lab-[0-9a-f]{1,16}\.js/.test(u));
  if (wasm.length !== modules || scripts.length !== 1) {
    problems.push(
      `[${label}] the offline cache holds ${wasm.length} wasm and ${scripts.length} app scripts, not ${modules} and 1`,
    );
  }
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  await page.reload();
  await waitForDrawnTimeline(page);
  const title = await page.evaluate(() => document.querySelector("header h1")?.textContent.trim());
  if (title !== "Fencing Lab") problems.push(`[${label}] offline reload: header says ${JSON.stringify(title)}`);
  // A shipped recording opens offline too: the service worker precached it.
  const recording = await page.evaluate(openShippedRecording, APP_WAIT_MS).catch((e) => ({ title: e.message }));
  const problem = recordingProblem(recording);
  if (problem) problems.push(`[${label}] offline: ${problem}`);
  return {
    problems,
    line: `offline: server stopped, reload drew the timeline${problem ? "" : " and opened a recorded run"} (${urls.length} files precached in ${caches.join(", ")})`,
  };
}

/** How many wasm modules the bundle in `dist` has: the app's, and one per module fetched on demand (scripts/split.mjs). */
async function wasmModules(dist) {
  return (await readdir(dist)).filter((f) => f.endsWith(".wasm")).length;
}

/**
 * A copy of the bundle in `dist` as the next build would be: every file named with the build's hash under a new
 * one (a script that names another by it is rewritten, and its integrity hash with it), index.html pointing at
 * them, its Content-Security-Policy and sw.js made again for them. Resolves to { dir, hash, oldHash }.
 */
export async function nextBuildOf(dist) {
  const dir = await mkdtemp(join(tmpdir(), "fencing-lab-next-"));
  await cp(dist, dir, { recursive: true });
  const app = (await readdir(dir)).filter((f) => /^fencing-lab-[0-9a-f]{1,16}(_bg\.wasm|\.js)$/.test(f));
  if (app.length !== 2) throw new Error(`expected the app's js and wasm in ${dist}, found ${app.join(", ")}`);
  // Trunk's hash has up to 16 hex digits (it drops leading zeros).
  const oldHash = app[0].match(/^fencing-lab-([0-9a-f]{1,16})/)[1];
  const hash = (BigInt(`0x${oldHash}`) ^ 0xffffffffffffffffn).toString(16).padStart(16, "0");
  // That is Trunk's script and wasm, and the modules fetched on demand and their loader, which scripts/split.mjs
  // names with the same hash (the scripts import each other by it).
  const index = join(dir, "index.html");
  let html = await readFile(index, "utf8");
  for (const name of (await readdir(dir)).filter((f) => f.includes(oldHash) && !/\.(br|gz)$/.test(f))) {
    const to = join(dir, name.replace(oldHash, hash));
    if (name.endsWith(".js")) {
      const text = await readFile(join(dir, name), "utf8");
      const next = text.replaceAll(oldHash, hash);
      html = html.replaceAll(sri(text), sri(next));
      await writeFile(to, next);
      await rm(join(dir, name));
    } else await rename(join(dir, name), to);
  }
  await writeFile(index, html.replaceAll(oldHash, hash));
  execFileSync(process.execPath, [fileURLToPath(new URL("./csp.mjs", import.meta.url)), dir], { stdio: "ignore" });
  await writeServiceWorker(dir);
  return { dir, hash, oldHash };
}

/** In the page: waits until the offline copy holds build `hash` and nothing of build `oldHash`. */
function cacheSwitched([hash, oldHash, ms]) {
  return (async () => {
    const started = performance.now();
    for (;;) {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      }
      const has = (h) => urls.some((u) => u.includes(h));
      if (has(hash) && !has(oldHash)) return urls.filter((u) => u.endsWith(".wasm")).length;
      if (performance.now() - started > ms) throw new Error(`the offline copy did not switch builds within ${ms} ms`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  })();
}

/**
 * On a page that has visited the bundle in `dist` from `served` (serveDist's result): deploys the next
 * build to the same origin, reloads (the browser finds the new sw.js, which installs the new build, takes
 * over and drops the old files), reloads again and checks that the page runs the new build's script and
 * wasm, and that the offline copy holds the new build's wasm modules and no other. Returns problems and a line to print.
 */
export async function checkNextBuildReplaces(page, served, dist, label) {
  await page.evaluate(controlledAndCached, APP_WAIT_MS);
  const { dir, hash, oldHash } = await nextBuildOf(dist);
  const problems = [];
  let wasms = 0;
  try {
    served.deploy(dir);
    await page.reload();
    wasms = await page.evaluate(cacheSwitched, [hash, oldHash, APP_WAIT_MS]);
    await page.reload();
    await waitForDrawnTimeline(page);
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    const app = loaded.filter((u) => /fencing-lab-[0-9a-f]{1,16}(_bg\.wasm|\.js)$/.test(u));
    if (app.length !== 2 || !app.every((u) => u.includes(hash))) {
      problems.push(`[${label}] after the new build, the page loaded ${app.join(", ") || "no app files"}`);
    }
    const modules = await wasmModules(dist);
    if (wasms !== modules) {
      problems.push(`[${label}] the offline copy holds ${wasms} wasm files after the new build, not ${modules}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { problems, line: `new build: its service worker replaced the offline copy (old files dropped, ${wasms} wasm module(s), as built), the page runs the new js and wasm` };
}
