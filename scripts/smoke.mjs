// Release smoke test: serves a built bundle on 127.0.0.1, loads it in headless Chromium and fails on any
// page error, console error (a Content-Security-Policy violation is one), request to another origin,
// or when the first screen and a simulated timeline do not appear, or when a first visit fetches the wasm module
// kept for written stories or a written story's link does not fetch it and draw its run (scripts/on-demand.mjs);
// last, it stops the server and checks that a reload still draws the timeline from the service worker's copy
// (scripts/offline.mjs), and that a written story's link does too.
// Usage: node scripts/smoke.mjs dist [--shots DIR]
import { readFile, mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { serveDist, launchChromium, exportProblem, APP_WAIT_MS } from "./browser.mjs";
import { checkNextBuildReplaces, checkOfflineReload, waitForDrawnTimeline } from "./offline.mjs";
import { checkOnDemand, WRITTEN_STORY_LINK, writtenStoryShown } from "./on-demand.mjs";
import { checkSearchWorkers } from "./search-workers.mjs";

const root = resolve(process.argv[2] ?? "dist");
const shotsAt = process.argv.indexOf("--shots");
const shotsDir = shotsAt > 0 ? resolve(process.argv[shotsAt + 1]) : resolve("target/smoke");
const { server, origin } = await serveDist(root);
const browser = await launchChromium();

const problems = [];
let failed = false;
try {
  await mkdir(shotsDir, { recursive: true });
  for (const [name, viewport] of [
    ["1280x720", { width: 1280, height: 720 }],
    ["390w", { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({ viewport });
    page.on("pageerror", (e) => problems.push(`[${name}] page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`[${name}] console error: ${m.text()}`);
    });
    page.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) {
        problems.push(`[${name}] request to another origin: ${url}`);
      }
    });
    const started = Date.now();
    await page.goto(origin + "/", { waitUntil: "load" });
    await page.waitForSelector("header h1", { timeout: 15000 });
    await page.waitForSelector("main.stage", { timeout: 15000 });
    const firstScreenMs = Date.now() - started;
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
    if (!csp || !csp.includes("default-src 'self'")) problems.push(`[${name}] no strict Content-Security-Policy`);
    await page.waitForSelector("html:not(:has(#prerender)) svg.timeline-svg .lease", { timeout: 15000, state: "attached" });
    const title = (await page.textContent("header h1"))?.trim();
    if (title !== "Fencing Lab") problems.push(`[${name}] header says ${JSON.stringify(title)}`);
    await page.waitForTimeout(300);
    if (name === "1280x720") {
      // A first visit opens the story view; "Experiment" opens the lab with its exports.
      if (!(await page.$(".app.story"))) problems.push(`[${name}] a first visit did not open the story view`);
      else await page.click("#toggle-story");
      // The exports must work in the optimised bundle, under the Content-Security-Policy.
      for (const [button, suffix] of [["#btn-export-svg", ".svg"], ["#btn-export-png", ".png"]]) {
        const [download] = await Promise.all([page.waitForEvent("download", { timeout: 10000 }), page.click(button)]);
        const file = download.suggestedFilename();
        if (!file.endsWith(suffix)) problems.push(`[${name}] ${button} downloaded ${file}`);
        else {
          const saved = join(shotsDir, file);
          await download.saveAs(saved);
          const bytes = await readFile(saved);
          const problem = exportProblem(bytes, suffix);
          if (problem) problems.push(`[${name}] ${problem}`);
          console.log(`smoke [${name}]: ${button} downloaded ${file} (${bytes.length} bytes)`);
        }
      }
    }
    const shot = join(shotsDir, `${name}.png`);
    await page.screenshot({ path: shot, fullPage: false });
    console.log(`smoke [${name}]: first screen in ${firstScreenMs} ms, screenshot ${shot}`);
    await page.close();
  }
  // Reduced motion: playing jumps from event to event (a few positions a second) instead of gliding
  // (one position a frame), and transitions are off.
  for (const reducedMotion of ["no-preference", "reduce"]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, reducedMotion });
    await page.goto(origin + "/?scenario=last-item&questions=off&view=lab");
    await page.waitForSelector("html:not(:has(#prerender)) svg.timeline-svg .lease", { timeout: 15000, state: "attached" });
    await page.click("#btn-play");
    const positions = await page.evaluate(
      () =>
        new Promise((done) => {
          const seen = new Set();
          const started = performance.now();
          const sample = () => {
            seen.add(document.querySelector("#time-readout").dataset.ms);
            if (performance.now() - started < 1200) requestAnimationFrame(sample);
            else done(seen.size);
          };
          requestAnimationFrame(sample);
        }),
    );
    const transition = await page.$eval(".btn", (b) => getComputedStyle(b).transitionDuration);
    const reduced = reducedMotion === "reduce";
    // Under reduced motion it still plays (at least two positions), just without gliding.
    const ok = reduced ? positions >= 2 && positions <= 7 && /^0s(, 0s)*$/.test(transition) : positions >= 20;
    if (!ok) problems.push(`[${reducedMotion}] playing for 1.2 s showed ${positions} playhead positions, transition ${transition}`);
    console.log(`smoke [motion ${reducedMotion}]: 1.2 s of play showed ${positions} playhead positions, button transition ${transition}`);
    await page.close();
  }
  // A link to a shipped recording opens it where the link says, and keeps saying so.
  {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on("pageerror", (e) => problems.push(`[recording link] page error: ${e.message}`));
    await page.goto(origin + "/?scenario=gc-pause&rec=gc-pause-on&t=4000");
    await page.waitForSelector("#recorded-title", { timeout: 15000 });
    const seen = await page.evaluate(() => ({
      title: document.querySelector("#recorded-title").textContent.trim(),
      at: document.querySelector("#time-readout").dataset.ms,
      timelines: document.querySelectorAll(".timeline-card svg.timeline-svg").length,
      search: location.search,
    }));
    if (seen.title !== "Recorded on etcd 3.4.23" || seen.at !== "4000" || seen.timelines !== 2 || !seen.search.includes("rec=gc-pause-on")) {
      problems.push(`[recording link] ${JSON.stringify(seen)}`);
    } else console.log(`smoke [recording link]: rec=gc-pause-on opened at ${seen.at} ms beside its simulation`);
    await page.close();
  }
  // The module fetched on demand (scripts/split.mjs): a first visit does not fetch it, a written story's link does.
  {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on("pageerror", (e) => problems.push(`[on demand] page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`[on demand] console error: ${m.text()}`);
    });
    const onDemand = await checkOnDemand(page, origin, root, "on demand");
    problems.push(...onDemand.problems);
    console.log(`smoke [on demand]: ${onDemand.line}`);
    await page.close();
  }
  // The explorer's search in Web Workers (scripts/search-workers.mjs): no long task on the page's thread.
  {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on("pageerror", (e) => problems.push(`[search workers] page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`[search workers] console error: ${m.text()}`);
    });
    const load = (url) => page.goto(url, { waitUntil: "load", timeout: APP_WAIT_MS });
    const run = (fn, arg) => page.evaluate(fn, arg);
    const workers = await checkSearchWorkers({ load, run, origin, label: "search workers", waitMs: 60000 });
    problems.push(...workers.problems);
    for (const line of workers.lines) console.log(`smoke [search workers]: ${line}`);
    await page.close();
  }
  // A reader that cannot be fetched (the module's request fails, no service worker): the link's notice says so,
  // the address keeps the story, the Write panel holds its text; once the module can be fetched, an edit runs it.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" });
    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push(`[unfetched reader] page error: ${e.message}`));
    const blocked = /split_[^/]*\.wasm$/;
    await context.route(blocked, (route) => route.abort());
    await page.goto(`${origin}/${WRITTEN_STORY_LINK}&view=lab`);
    try {
      await page.waitForSelector("#link-notice", { timeout: APP_WAIT_MS });
      const seen = await page.evaluate(() => ({
        notice: document.querySelector("#link-notice").textContent,
        search: location.search,
      }));
      if (!seen.notice.includes("could not be fetched") || !seen.search.includes("story=")) {
        problems.push(`[unfetched reader] ${JSON.stringify(seen)}`);
      }
      await page.waitForFunction(() => document.querySelector("#write-text")?.value.includes("Worker"), null, { timeout: APP_WAIT_MS });
      await context.unroute(blocked);
      await page.focus("#write-text");
      await page.keyboard.press("End");
      await page.keyboard.type(" ");
      const lanes = await page.evaluate(writtenStoryShown, APP_WAIT_MS);
      console.log(`smoke [unfetched reader]: notice shown, address kept; once fetchable, an edit drew lanes ${JSON.stringify(lanes)}`);
    } catch (e) {
      problems.push(`[unfetched reader] ${e.message}`);
    }
    await context.close();
  }
  // A new build deployed to the same origin (its own server, so its own service worker scope).
  {
    const served = await serveDist(root);
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on("pageerror", (e) => problems.push(`[new build] page error: ${e.message}`));
    try {
      await page.goto(served.origin + "/");
      await waitForDrawnTimeline(page);
      // Installable: Chromium finds nothing missing (manifest, icons, service worker). Playwright's
      // contexts are incognito, which alone blocks installing: that one is the browser's, not the app's.
      const cdp = await page.context().newCDPSession(page);
      const installabilityErrors = (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.filter(
        (e) => e.errorId !== "in-incognito",
      );
      if (installabilityErrors.length) {
        problems.push(`[install] not installable: ${installabilityErrors.map((e) => e.errorId).join(", ")}`);
      } else console.log("smoke [install]: Chromium finds the app installable (manifest, icons, service worker)");
      const update = await checkNextBuildReplaces(page, served, root, "new build");
      problems.push(...update.problems);
      console.log(`smoke [new build]: ${update.line}`);
    } finally {
      await page.close();
      served.server.close();
    }
  }
  // Last, as it stops the server: one visit, then offline.
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on("pageerror", (e) => problems.push(`[offline] page error: ${e.message}`));
  await page.goto(origin + "/?scenario=last-item&view=lab");
  await waitForDrawnTimeline(page);
  const offline = await checkOfflineReload(page, server, root, "offline");
  problems.push(...offline.problems);
  console.log(`smoke [offline]: ${offline.line}`);
  // A written story opens offline too: the service worker precached the module that reads it.
  await page.goto(`${origin}/${WRITTEN_STORY_LINK}`);
  const lanes = await page.evaluate(writtenStoryShown, APP_WAIT_MS).catch((e) => problems.push(`[offline] written story: ${e.message}`));
  if (Array.isArray(lanes)) console.log(`smoke [offline]: the written story's link drew lanes ${JSON.stringify(lanes)}`);
} catch (e) {
  problems.push(`smoke test could not finish: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}

if (problems.length > 0) {
  failed = true;
  console.error("release smoke test FAILED:\n  " + problems.join("\n  "));
}
console.log(failed ? "smoke: 0 passed, 1 failed" : "smoke: 1 passed, 0 failed");
process.exit(failed ? 1 : 0);
