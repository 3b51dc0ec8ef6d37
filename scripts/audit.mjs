// Lighthouse audit of the release bundle (Lighthouse 12.2.3, pinned in tools/package.json; mobile profile:
// simulated slow 4G and 4× CPU slowdown), opened in Debian's Chromium from 127.0.0.1 served two ways: gzip'd
// (every text and wasm file gzip -9 on the fly) and with the brotli copies (X.br from scripts/compress.mjs, sent
// as Content-Encoding: br when the browser accepts br; the rest gzip'd). Runs each RUNS times, alternating, and
// prints each run, then per serving the median of each category score and of FCP, LCP, TBT, CLS and Speed Index,
// the LCP element (see scripts/lcp-element.mjs for how it is found) and the machine's load average before and
// after (a busy machine stretches every task: the scores then say little). Fails when the median Accessibility
// or Best Practices score of either serving is below 100; Performance is printed against its goal.
// Usage: node scripts/audit.mjs dist [--runs 3] [--json target/audit] [--probe-lcp]
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { serveDist } from "./browser.mjs";
import { lcpConfig, lcpFromResult, probeLcp } from "./lcp-element.mjs";

const require = createRequire(import.meta.url);
const lighthouse = (await import(resolve("tools/node_modules/lighthouse/core/index.js"))).default;
const chromeLauncher = require("../tools/node_modules/chrome-launcher");

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg("--runs", "3"));
const reportDir = resolve(arg("--json", "target/audit"));
const dist = process.argv[2] ?? "dist";
const PERFORMANCE_GOAL = 98;
const MUST_BE_100 = ["accessibility", "best-practices"];
const BUSY_LOAD = 0.5;
// --probe-lcp: also find the LCP element by the separate throttled load (the fallback), to compare the two.
const PROBE_LCP = process.argv.includes("--probe-lcp");
const KEYS = ["performance", "accessibility", "best-practices", "seo", "fcp", "lcp", "tbt", "cls", "si", "bytes"];

/** Prints the load average; warns when the last minute's is above BUSY_LOAD. */
function reportLoad(when) {
  const [one, five, fifteen] = loadavg();
  console.log(`audit: load average ${when}: ${one.toFixed(2)}, ${five.toFixed(2)}, ${fifteen.toFixed(2)} (1, 5, 15 min; ${cpus().length} CPUs)`);
  if (one > BUSY_LOAD) {
    console.log(
      `audit: WARNING: the 1-min load ${when} is ${one.toFixed(2)}, above ${BUSY_LOAD}: other work is running, so TBT and ` +
        `the Performance score are worse than on an idle machine and say little; compare only figures taken idle`,
    );
  }
}

/** One Lighthouse run of `origin` in a fresh Chromium (nothing cached, no service worker: a first visit). */
async function audit(origin) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic"],
  });
  try {
    const result = await lighthouse(`${origin}/`, { port: chrome.port, output: "json", logLevel: "error" }, lcpConfig);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

/** The figures of one report, and the binary audits that count towards a score and did not pass. */
function figures(lhr) {
  const value = (id) => lhr.audits[id].numericValue;
  const weighted = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
  return {
    ...Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)])),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    bytes: value("total-byte-weight"),
    failing: Object.values(lhr.audits)
      .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id),
  };
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const line = (r) =>
  `performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r["best-practices"]}, SEO ${r.seo}; ` +
  `FCP ${s(r.fcp)}, LCP ${s(r.lcp)}, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, SI ${s(r.si)}; ` +
  `transfer ${(r.bytes / 1000).toFixed(1)} KB`;

/** Prints the LCP element, its time and how it was found. */
function printLcp(found) {
  if (!found?.label) {
    console.log(`audit: LCP element: not found (${found?.error})`);
    return;
  }
  const when =
    found.ms === undefined
      ? ""
      : `, painted ${found.ms.toFixed(0)} ms after navigation start ${found.throttled ? "under that throttling" : "in that unthrottled load (Lighthouse simulates the throttled LCP)"}`;
  console.log(`audit: LCP element: ${found.label} (${found.type || "?"}${when}; ${found.run}; found by ${found.method})`);
}

reportLoad("before");
const servings = [
  { name: "gzip", ...(await serveDist(dist, { gzip: true })) },
  { name: "brotli", ...(await serveDist(dist, { gzip: true, brotli: true })) },
];
const runs = new Map(servings.map((v) => [v.name, []]));
let lcp = null;
try {
  await mkdir(reportDir, { recursive: true });
  for (let i = 0; i < RUNS; i++) {
    for (const serving of servings) {
      const before = { ...serving.encodings };
      const result = await audit(serving.origin);
      await writeFile(join(reportDir, `run-${i + 1}-${serving.name}.json`), result.report);
      const run = figures(result.lhr);
      const sent = Object.entries(serving.encodings).map(([k, n]) => `${n - before[k]} ${k}`).join(", ");
      console.log(
        `audit run ${i + 1} ${serving.name}: ${line(run)} (responses: ${sent})` +
          (run.failing.length ? `; failed audits: ${run.failing.join(", ")}` : ""),
      );
      runs.get(serving.name).push(run);
      if (!lcp?.label) lcp = { ...lcpFromResult(result.lhr), run: `run ${i + 1} ${serving.name}` };
    }
  }
  if (!lcp?.label || PROBE_LCP) {
    if (!lcp?.label) console.log(`audit: LCP element: not in the Lighthouse trace (${lcp?.error}); loading the page once more to find it`);
    else printLcp(lcp);
    lcp = { ...(await probeLcp(`${servings[1].origin}/`).catch((e) => ({ error: e.message }))), run: "brotli serving" };
  }
} finally {
  for (const serving of servings) serving.server.close();
}

const median = (list, key) => {
  const xs = list.map((r) => r[key]).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)];
};
const medians = new Map([...runs].map(([name, list]) => [name, Object.fromEntries(KEYS.map((k) => [k, median(list, k)]))]));
for (const [name, m] of medians) {
  console.log(`audit ${name} (median of ${runs.get(name).length}, mobile): ${line(m)} (Performance goal ≥ ${PERFORMANCE_GOAL})`);
}
const brotliSent = servings[1].encodings.br;
if (brotliSent === 0) console.log("audit: WARNING: the brotli serving sent no br response (Chromium did not accept br, or dist/ has no .br files)");
printLcp(lcp);
console.log(`audit: reports in ${reportDir}`);
reportLoad("after");

const below = [...medians].flatMap(([name, m]) => MUST_BE_100.filter((id) => m[id] < 100).map((id) => `${id} (${name})`));
if (below.length) {
  console.error(`audit FAILED: ${below.join(" and ")} below 100`);
  process.exit(1);
}
