// Browser performance probe of the release bundle. Prints figures; fails only if the page breaks.
//   - first paint: ms from navigation start until the first simulated timeline is in the DOM, in a
//     fresh browser (cold: nothing cached or compiled) and the median of three reloads (warm: the
//     hashed js, wasm and css come from the browser's cache, as for a returning visitor)
//   - playing the busiest story at ×16: frames, main-thread time per frame (Chromium's own task
//     accounting: script, style + layout, and the rest: paint, compositing and this probe's own
//     frame callback), frame interval, long tasks (> 50 ms)
//   - scrubbing across the whole run 120 times: slowest scrub step and long tasks
//   - throttled: first paint again (cold), with Lighthouse's mobile profile applied for real: its slow 4G
//     network (latency, down- and upload throughput from Lighthouse 12.2.3's constants) and 4× CPU slowdown,
//     the bundle served gzip'd, for a link to a story (?scenario=…: the app's own timeline)
//   - throttled the same way, a first visit (bare address), served brotli (the .br copies) and gzip'd: the
//     first meaningful paint (LCP: the first screen written into index.html at build time), when the app took
//     it over, and the first Play that works (pressed as soon as it is drawn; the time the playhead moves)
// Usage: node scripts/perf.mjs dist
import { resolve } from "node:path";
import { serveDist, launchChromium, throttle } from "./browser.mjs";
import { WATCH_LCP, formatElement } from "./lcp-element.mjs";

const { server, origin } = await serveDist(process.argv[2] ?? "dist");
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const errors = [];
page.on("pageerror", (e) => errors.push(e.message));
const watchLongTasks = () =>
  page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(e.duration))).observe({
      type: "longtask",
    });
  });
const longTasks = () => page.evaluate(() => window.__long.splice(0));
const fmt = (xs) => (xs.length ? `${xs.length} (max ${Math.max(...xs).toFixed(0)} ms)` : "0");

// 1. First timeline painted. Questions off: this measures playing straight through, and a
// question would stop playback before its moment.
await page.goto(`${origin}/?scenario=tokens-101-102-103&questions=off&view=lab`);
// The time is read in the same frame that finds the timeline.
const painted = async () =>
  (
    await page.waitForFunction(
      () => !document.getElementById("prerender") && document.querySelector("svg.timeline-svg .lease") && performance.now(),
      null,
      { polling: "raf" },
    )
  ).jsonValue();
const firstPaintMs = await painted();
const warm = [];
for (let i = 0; i < 3; i++) {
  await page.reload({ waitUntil: "commit" });
  warm.push(await painted());
}
warm.sort((a, b) => a - b);
console.log(
  `perf: first timeline painted ${firstPaintMs.toFixed(0)} ms after navigation start (cold), ` +
    `${warm[1].toFixed(0)} ms (warm reload, median of 3); goal ≤ 300 ms`,
);

// Main-thread time as Chromium accounts it (seconds, cumulative since the page started).
const cdp = await page.context().newCDPSession(page);
await cdp.send("Performance.enable");
const busy = async () => {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const m = Object.fromEntries(metrics.map(({ name, value }) => [name, value * 1000]));
  const render = m.RecalcStyleDuration + m.LayoutDuration;
  return { task: m.TaskDuration, script: m.ScriptDuration, render, other: m.TaskDuration - m.ScriptDuration - render };
};

// 2. Playing at ×16.
await watchLongTasks();
await page.evaluate(() => {
  const speed = document.querySelector("#speed");
  speed.value = speed.max;
  speed.dispatchEvent(new Event("input"));
});
await page.click("#btn-play");
const before = await busy();
const frames = await page.evaluate(
  () =>
    new Promise((done) => {
      const stamps = [];
      const tick = (t) => {
        stamps.push(t);
        if (stamps.length < 240 && document.querySelector("#btn-play[aria-pressed='true']")) requestAnimationFrame(tick);
        else done(stamps);
      };
      requestAnimationFrame(tick);
    }),
);
const after = await busy();
if (frames.length < 20) {
  // Playback stopped early (a question, an error): the figures below would measure nothing.
  console.error(`perf FAILED: playing ×16 lasted only ${frames.length} frames`);
  process.exit(1);
}
const intervals = frames.slice(1).map((t, i) => t - frames[i]);
const mean = intervals.reduce((a, b) => a + b, 0) / Math.max(1, intervals.length);
const perFrame = (key) => ((after[key] - before[key]) / Math.max(1, frames.length)).toFixed(2);
console.log(
  `perf: playing ×16: ${frames.length} frames, main thread ${perFrame("task")} ms per frame ` +
    `(script ${perFrame("script")}, style + layout ${perFrame("render")}, paint and the rest ${perFrame("other")}; ` +
    `goal ≤ 4 ms), ` +
    `mean frame interval ${mean.toFixed(1)} ms, slowest ${Math.max(0, ...intervals).toFixed(1)} ms, ` +
    `long tasks ${fmt(await longTasks())}`,
);

// 3. Scrubbing: each step's own work is the input's handling (the reducer and every update it
// wakes, to the next task) plus the rendering of the frame that shows it (style, layout, paint: from that frame's
// animation callback to the task after it); the wall time from input to the frame after also
// holds the wait for the next frame (up to 16.7 ms at 60 Hz), which no work of ours can shorten.
const scrubBefore = await busy();
const scrub = await page.evaluate(async () => {
  const input = document.querySelector("#scrubber");
  const max = Number(input.max);
  let slowest = 0;
  let slowestWork = 0;
  for (let i = 0; i <= 120; i++) {
    const t0 = performance.now();
    input.value = String(Math.round((max * ((i * 37) % 121)) / 120));
    input.dispatchEvent(new Event("input"));
    // The updates it wakes run as microtasks: the next task starts after them.
    await new Promise((r) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = r;
      channel.port2.postMessage(0);
    });
    const handled = performance.now() - t0;
    const rendered = await new Promise((r) =>
      requestAnimationFrame(() => {
        const t2 = performance.now();
        setTimeout(() => r(performance.now() - t2), 0);
      }),
    );
    slowest = Math.max(slowest, performance.now() - t0);
    slowestWork = Math.max(slowestWork, handled + rendered);
  }
  return { slowest, slowestWork };
});
const scrubAfter = await busy();
console.log(
  `perf: scrubbing 121 positions: slowest step's work ${scrub.slowestWork.toFixed(1)} ms (input handled + its frame rendered), ` +
    `main thread ${((scrubAfter.task - scrubBefore.task) / 121).toFixed(2)} ms per step; ` +
    `slowest step ${scrub.slowest.toFixed(1)} ms from input to the frame after (with the wait for that frame), long tasks ${fmt(await longTasks())}`,
);

// 4. Throttled as Lighthouse's mobile profile, gzip transfer, cold.
const { throttling } = await import(resolve("tools/node_modules/lighthouse/core/config/constants.js"));
const slow = throttling.mobileSlow4G;
{
  const zipped = await serveDist(process.argv[2] ?? "dist", { gzip: true });
  const throttled = await throttledPage(slow);
  await throttled.goto(`${zipped.origin}/?scenario=tokens-101-102-103&questions=off&view=lab`, { waitUntil: "commit" });
  const at = await appDrawn(throttled);
  await throttled.context().close();
  console.log(
    `perf: throttled (Lighthouse mobile: ${slow.requestLatencyMs} ms latency, ` +
      `${(slow.downloadThroughputKbps / 1000).toFixed(2)} Mbit/s down, ${slow.cpuSlowdownMultiplier}× CPU, gzip): ` +
      `first timeline painted ${at.toFixed(0)} ms after navigation start (cold, 412×823)`,
  );
  zipped.server.close();
}

// 5. A first visit throttled as above (bare address, cold, 412×823), served as a host that sends the
// bundle's .br copies would (and then gzip'd): the first meaningful paint (the largest contentful paint,
// which the first screen written at build time should be), the time the app takes over that screen, and
// the first Play that works: Play is pressed as soon as it is drawn, and the time is when the app's
// playhead moves. Two loads each: pressing a key or button ends LCP's watch.
for (const encoding of ["brotli", "gzip"]) {
  const served = await serveDist(process.argv[2] ?? "dist", { gzip: true, brotli: encoding === "brotli" });
  const f = await firstVisit(served.origin, slow);
  console.log(
    `perf: throttled first visit (${encoding}, cold, 412×823): first meaningful paint (LCP) ${f.lcp.ms.toFixed(0)} ms ` +
      `(${f.lcp.element}); the app took over at ${f.ready.toFixed(0)} ms; Play pressed at ${f.pressed.toFixed(0)} ms ` +
      `on the first screen, playing at ${f.playing.toFixed(0)} ms (first Play that works); goals ≤ 1200 ms and ≤ 2500 ms`,
  );
  served.server.close();
}

await browser.close();
server.close();
if (errors.length) {
  console.error("perf: page errors:\n  " + errors.join("\n  "));
  process.exit(1);
}

/** A fresh page (its own cache and storage) at 412×823 under `slow`'s network and CPU throttling. */
async function throttledPage(slow) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await throttle(page, slow);
  return page;
}

/** When (page time, ms) the app's own timeline has a lease drawn: the first screen written at build time is gone. */
async function appDrawn(page) {
  const found = await page.waitForFunction(
    () => !document.getElementById("prerender") && document.querySelector("svg.timeline-svg .lease") && performance.now(),
    null,
    { polling: "raf", timeout: 60000 },
  );
  return found.jsonValue();
}

/** In the page, from its start: presses the first Play button drawn (looked for each frame), once. */
function pressPlayWhenShown() {
  const look = () => {
    const play = [...document.querySelectorAll("#btn-play")].find((b) => b.getClientRects().length > 0 && getComputedStyle(b).visibility === "visible");
    if (!play) return requestAnimationFrame(look);
    window.__pressed = performance.now();
    play.click();
  };
  requestAnimationFrame(look);
}

/** A first visit at `origin` under `slow`: its LCP, when the app took over, when Play was pressed and played. */
async function firstVisit(origin, slow) {
  const quiet = await throttledPage(slow);
  await quiet.addInitScript(WATCH_LCP);
  await quiet.goto(`${origin}/`, { waitUntil: "commit" });
  const ready = await appDrawn(quiet);
  const seen = await quiet.evaluate(() => window.__lcp);
  const where = seen?.firstScreen ? ", in the first screen written at build time" : "";
  const lcp = { ms: seen?.ms ?? NaN, element: seen?.element ? formatElement(seen.element) + where : "none" };
  await quiet.context().close();
  // The press comes from inside the page, in the first frame that draws Play: a visitor's tap, without
  // the delay of a driver's round trip to a busy page.
  const pressing = await throttledPage(slow);
  await pressing.addInitScript(pressPlayWhenShown);
  await pressing.goto(`${origin}/`, { waitUntil: "commit" });
  const playing = await (
    await pressing.waitForFunction(() => !document.getElementById("prerender") && Number(document.querySelector("#time-readout")?.dataset.ms) > 0 && performance.now(), null, { polling: "raf", timeout: 60000 })
  ).jsonValue();
  const pressed = await pressing.evaluate(() => window.__pressed ?? NaN);
  await pressing.context().close();
  return { lcp, ready, pressed, playing };
}
