// The offline check shared by the smoke tests of every engine (Playwright's and Puppeteer's pages both
// have evaluate and reload): after one visit the service worker controls the page and has precached the
// bundle; with the server stopped, a reload still draws the timeline.
import { APP_WAIT_MS } from "./browser.mjs";

/** In the page: resolves once a timeline shows text, rejects after `ms`. */
function timelineDrawn(ms) {
  return new Promise((ok, fail) => {
    const started = performance.now();
    const look = () => {
      const texts = [...document.querySelectorAll("svg.timeline-svg text")];
      if (texts.some((t) => t.textContent.trim() !== "") && document.querySelector("svg.timeline-svg .lease")) ok(true);
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
 * On a page that has loaded the app from `server` (a node:http server): waits until the service worker
 * controls it, checks that the precache holds one wasm and one app script (this build's), stops the
 * server, reloads and waits for the timeline. Returns problems found (empty when all is well) and a line to print.
 */
export async function checkOfflineReload(page, server, label) {
  const problems = [];
  const { caches, urls } = await page.evaluate(controlledAndCached, APP_WAIT_MS);
  const wasm = urls.filter((u) => u.endsWith(".wasm"));
  const scripts = urls.filter((u) => /^fencing-lab-[0-9a-f]{16}\.js/.test(u));
  if (wasm.length !== 1 || scripts.length !== 1) {
    problems.push(`[${label}] the offline cache holds ${wasm.length} wasm and ${scripts.length} app scripts, not one each`);
  }
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  await page.reload();
  await waitForDrawnTimeline(page);
  const title = await page.evaluate(() => document.querySelector("header h1")?.textContent.trim());
  if (title !== "Fencing Lab") problems.push(`[${label}] offline reload: header says ${JSON.stringify(title)}`);
  return { problems, line: `offline: server stopped, reload drew the timeline (${urls.length} files precached in ${caches.join(", ")})` };
}
