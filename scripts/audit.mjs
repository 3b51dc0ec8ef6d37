// Lighthouse audit of the release bundle (Lighthouse 12.2.3, pinned in tools/package.json; mobile profile:
// simulated slow 4G and 4× CPU slowdown), served gzip'd on 127.0.0.1 and opened in Debian's Chromium.
// Runs it RUNS times and prints the median of each category score and of LCP, TBT and CLS. Fails when the
// median Accessibility or Best Practices score is below 100; Performance is printed against its goal.
// Usage: node scripts/audit.mjs dist [--runs 3] [--json target/audit]
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { serveDist } from "./browser.mjs";

const require = createRequire(import.meta.url);
const lighthouse = (await import(resolve("tools/node_modules/lighthouse/core/index.js"))).default;
const chromeLauncher = require("../tools/node_modules/chrome-launcher");

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg("--runs", "3"));
const reportDir = resolve(arg("--json", "target/audit"));
const PERFORMANCE_GOAL = 98;
const MUST_BE_100 = ["accessibility", "best-practices"];

const { server, origin } = await serveDist(process.argv[2] ?? "dist", { gzip: true });
const runs = [];
try {
  await mkdir(reportDir, { recursive: true });
  for (let i = 0; i < RUNS; i++) {
    // A fresh browser each run: nothing cached, no service worker yet (a first visit).
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic"],
    });
    try {
      const result = await lighthouse(`${origin}/`, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      await writeFile(join(reportDir, `run-${i + 1}.json`), result.report);
      const run = {
        ...Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)])),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
      };
      // Pass/fail audits that count towards a category score and did not pass.
      const weighted = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
      const failing = Object.values(lhr.audits)
        .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      console.log(
        `audit run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
          `best practices ${run["best-practices"]}, SEO ${run.seo}; FCP ${run.fcp.toFixed(0)} ms, ` +
          `LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}` +
          (failing.length ? `; failed audits: ${failing.join(", ")}` : ""),
      );
      runs.push(run);
    } finally {
      await chrome.kill();
    }
  }
} finally {
  server.close();
}

const median = (key) => {
  const xs = runs.map((r) => r[key]).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)];
};
const m = Object.fromEntries(["performance", "accessibility", "best-practices", "seo", "fcp", "lcp", "tbt", "cls"].map((k) => [k, median(k)]));
console.log(
  `audit (median of ${runs.length}, mobile): Performance ${m.performance} (goal ≥ ${PERFORMANCE_GOAL}), ` +
    `Accessibility ${m.accessibility}, Best Practices ${m["best-practices"]}, SEO ${m.seo}; ` +
    `FCP ${(m.fcp / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}` +
    ` (reports in ${reportDir})`,
);
const below = MUST_BE_100.filter((id) => m[id] < 100);
if (below.length) {
  console.error(`audit FAILED: ${below.join(" and ")} below 100`);
  process.exit(1);
}
