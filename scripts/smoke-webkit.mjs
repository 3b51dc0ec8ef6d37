// Release smoke test in WebKit: Debian's WebKitGTK MiniBrowser, driven by WebKitWebDriver (classic WebDriver
// over HTTP, no client library) on a virtual X display (xvfb-run: WebKitGTK has no headless mode).
// Classic WebDriver cannot watch the console, so this copy of the bundle gets one more same-origin script
// first in <head> (allowed by the Content-Security-Policy): it records page errors, unhandled rejections,
// console errors, CSP violations and the exports' downloads for the test to read.
// Checks: no such error, the timeline drawn, no wasm module kept for written stories fetched by the first visit,
// both exports downloaded, the lab view's panels built (and a pause injected from them), a written story's link
// fetching that module and drawing its run (scripts/on-demand.mjs), and an offline reload and written story (the
// watching script is not precached, so errors are read before the server stops).
// Usage: xvfb-run -a node scripts/smoke-webkit.mjs dist
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createServer } from "node:net";
import { serveDist, APP_WAIT_MS, openShippedRecording, recordingProblem } from "./browser.mjs";
import { drawnAndIdle, fetchedOf, onDemandModules, WRITTEN_STORY_LINK, writtenStoryShown } from "./on-demand.mjs";
import { checkSearchWorkers } from "./search-workers.mjs";

const WATCH = `(() => {
  const seen = (window.__smoke = { errors: [], downloads: [] });
  addEventListener("error", (e) => seen.errors.push("page error: " + e.message));
  addEventListener("unhandledrejection", (e) => seen.errors.push("unhandled rejection: " + e.reason));
  addEventListener("securitypolicyviolation", (e) => seen.errors.push("CSP violation: " + e.violatedDirective));
  const error = console.error.bind(console);
  console.error = (...args) => { seen.errors.push("console error: " + args.join(" ")); error(...args); };
  const blobs = new Map();
  const make = URL.createObjectURL;
  URL.createObjectURL = (blob) => { const url = make(blob); blobs.set(url, blob); return url; };
  HTMLAnchorElement.prototype.click = function () {
    const blob = blobs.get(this.href);
    let width = 0;
    if (this.href.startsWith("data:image/png;base64,")) {
      const head = atob(this.href.slice(22, 22 + 44));
      width = ((head.charCodeAt(16) << 24) | (head.charCodeAt(17) << 16) | (head.charCodeAt(18) << 8) | head.charCodeAt(19)) >>> 0;
    }
    seen.downloads.push({ name: this.download, type: blob ? blob.type : this.href.slice(5, this.href.indexOf(";")), width });
  };
})();
`;

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

async function webdriver(base, method, path, body) {
  const res = await fetch(base + path, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error} ${json.value?.message}`);
  return json.value;
}

const copy = await mkdtemp(join(tmpdir(), "fencing-lab-webkit-"));
await cp(resolve(process.argv[2] ?? "dist"), copy, { recursive: true });
await writeFile(join(copy, "smoke-watch.js"), WATCH);
const html = await readFile(join(copy, "index.html"), "utf8");
await writeFile(join(copy, "index.html"), html.replace(/(<head>\s*<meta http-equiv="Content-Security-Policy"[^>]*>)/, `$1\n<script src="smoke-watch.js"></script>`));

const { server, origin } = await serveDist(copy);
const port = await freePort();
const driver = spawn(process.env.WEBKIT_WEBDRIVER ?? "WebKitWebDriver", [`--port=${port}`], { stdio: "ignore" });
const base = `http://127.0.0.1:${port}`;
const problems = [];
let session;
try {
  for (let i = 0; i < 100 && !session; i++) {
    try {
      session = await webdriver(base, "POST", "/session", {
        capabilities: { alwaysMatch: { browserName: "MiniBrowser", "webkitgtk:browserOptions": { args: ["--automation"] } } },
      });
    } catch (e) {
      if (!/fetch failed|ECONNREFUSED/.test(String(e.cause ?? e.message))) throw e;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  if (!session) throw new Error("WebKitWebDriver did not start");
  const s = `/session/${session.sessionId}`;
  const run = (fn, ...args) =>
    webdriver(base, "POST", `${s}/execute/async`, {
      script: `const done = arguments[arguments.length - 1]; Promise.resolve((${fn}).apply(null, Array.from(arguments).slice(0, -1))).then((v) => done({ ok: v }), (e) => done({ fail: String(e && e.message || e) }));`,
      args,
    }).then((r) => {
      if (r && "fail" in r) throw new Error(r.fail);
      return r?.ok;
    });
  await webdriver(base, "POST", `${s}/timeouts`, { script: APP_WAIT_MS * 2 });
  const version = `${session.capabilities.browserName} ${session.capabilities.browserVersion}`;
  const drawn = String(async (ms) => {
    const started = performance.now();
    while (document.getElementById("prerender") || !document.querySelector("svg.timeline-svg .lease")) {
      if (performance.now() - started > ms) throw new Error(`no timeline drawn within ${ms} ms`);
      await new Promise((ok) => setTimeout(ok, 50));
    }
    return document.querySelector("header h1")?.textContent.trim();
  });
  await webdriver(base, "POST", `${s}/url`, { url: origin + "/" });
  const title = await run(drawn, APP_WAIT_MS);
  if (title !== "Fencing Lab") problems.push(`header says ${JSON.stringify(title)}`);
  console.log(`smoke [webkit ${version}]: timeline drawn`);
  // The module fetched on demand (scripts/split.mjs): not by this first visit (a written story's link, below, does).
  const modules = await onDemandModules(copy);
  if (modules.length === 0) problems.push("the bundle has no wasm module fetched on demand");
  await run(String(drawnAndIdle), 1500);
  const early = await run(String(fetchedOf), modules);
  if (early.length) problems.push(`a first visit fetched ${early.join(", ")}, which only a written story needs`);
  for (const button of ["#btn-export-svg", "#btn-export-png"]) {
    await run(String((sel) => document.querySelector(sel).click()), button);
  }
  const downloads = await run(String(async () => {
    for (let i = 0; i < 100 && window.__smoke.downloads.length < 2; i++) await new Promise((ok) => setTimeout(ok, 100));
    return window.__smoke.downloads;
  }));
  const svg = downloads.find((d) => d.name.endsWith(".svg") && d.type.startsWith("image/svg+xml"));
  const png = downloads.find((d) => d.name.endsWith(".png") && d.width >= 1500);
  if (!svg || !png) problems.push(`exports: ${JSON.stringify(downloads)}`);
  else console.log(`smoke [webkit]: exports ${svg.name}, ${png.name} (${png.width} px wide)`);
  // The lab view: its panels are built on first use (a module of their own once the bundle is split), and a pause
  // injected from them raises no error (read with the others below).
  const panels = await run(String(async (ms) => {
    document.querySelector("#toggle-story").click();
    const started = performance.now();
    while (!document.querySelector("#btn-explore")) {
      if (performance.now() - started > ms) return `no lab panels within ${ms} ms`;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    document.querySelector("#btn-pause-app").click();
    return "built";
  }), APP_WAIT_MS);
  if (panels !== "built") problems.push(`lab view: ${panels}`);
  else console.log("smoke [webkit]: the lab view built its panels, and a pause injected from them raised no error");
  // The explorer's search in Web Workers (scripts/search-workers.mjs): no long task on the page's thread.
  const workers = await checkSearchWorkers({
    load: (url) => webdriver(base, "POST", `${s}/url`, { url }),
    run: (fn, arg) => run(String(fn), arg),
    origin,
    label: "search workers",
    waitMs: 60000,
  });
  problems.push(...workers.problems);
  for (const line of workers.lines) console.log(`smoke [webkit]: ${line}`);
  const controlled = await run(String(async (ms) => {
    if (!("serviceWorker" in navigator)) return "no service workers";
    const ready = navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller || new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true })));
    return Promise.race([ready.then(() => "controlled"), new Promise((ok) => setTimeout(() => ok(`not controlled within ${ms} ms`), ms))]);
  }), APP_WAIT_MS);
  // Errors are read before going offline: smoke-watch.js is not in the service worker's precache list.
  problems.push(...(await run(String(() => window.__smoke.errors))));
  // A written story's link fetches the module and draws the run (its page's errors read too); then back.
  const left = await webdriver(base, "GET", `${s}/url`);
  await webdriver(base, "POST", `${s}/url`, { url: `${origin}/${WRITTEN_STORY_LINK}` });
  const lanes = await run(String(writtenStoryShown), APP_WAIT_MS).catch((e) => {
    problems.push(`written story: ${e.message}`);
    return null;
  });
  const late = await run(String(fetchedOf), modules);
  // The reader's module (split_script), not the explorer's (split_search, which a search fetches).
  const reader = modules.filter((m) => m.startsWith("split_script-"));
  if (late.join() !== reader.join()) problems.push(`the written story's link fetched ${late.join(", ") || "no module"}, not ${reader.join(", ")}`);
  else if (lanes && !early.length) {
    console.log(`smoke [webkit]: a first visit fetched none of ${modules.join(", ")}; the written story's link fetched ${late.join(", ")} and drew lanes ${JSON.stringify(lanes)}`);
  }
  problems.push(...(await run(String(() => window.__smoke.errors))));
  await webdriver(base, "POST", `${s}/url`, { url: left });
  await run(drawn, APP_WAIT_MS);
  if (controlled !== "controlled") problems.push(`offline: ${controlled}`);
  else {
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
    await webdriver(base, "POST", `${s}/refresh`, {});
    const offlineTitle = await run(drawn, APP_WAIT_MS);
    if (offlineTitle !== "Fencing Lab") problems.push(`offline reload: header says ${JSON.stringify(offlineTitle)}`);
    else console.log("smoke [webkit]: offline: server stopped, reload drew the timeline");
    const recording = await run(String(openShippedRecording), APP_WAIT_MS).catch((e) => ({ title: e.message }));
    const problem = recordingProblem(recording);
    if (problem) problems.push(`offline: ${problem}`);
    else console.log(`smoke [webkit]: offline: opened a recorded run (${recording.agreement})`);
    // A written story opens offline too: the service worker precached the module that reads it.
    await webdriver(base, "POST", `${s}/url`, { url: `${origin}/${WRITTEN_STORY_LINK}` });
    const offlineLanes = await run(String(writtenStoryShown), APP_WAIT_MS).catch((e) => problems.push(`offline: written story: ${e.message}`));
    if (Array.isArray(offlineLanes)) console.log(`smoke [webkit]: offline: the written story's link drew lanes ${JSON.stringify(offlineLanes)}`);
  }
} catch (e) {
  problems.push(`smoke test could not finish: ${e.message}`);
} finally {
  if (session) await webdriver(base, "DELETE", `/session/${session.sessionId}`).catch(() => {});
  driver.kill();
  server.close();
  await rm(copy, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error("release smoke test in WebKit FAILED:\n  " + problems.join("\n  "));
  console.log("smoke-webkit: 0 passed, 1 failed");
  process.exit(1);
}
console.log("smoke-webkit: 1 passed, 0 failed");
