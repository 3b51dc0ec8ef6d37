// The explorer's speed in the browser against native: reads the `web-bench <name> <schedules>
// <ms> [workers]` lines tests/web_bench.rs (the page's own thread) and scripts/bench-worker.mjs
// (Web Workers, with how many) print (files, or standard input) and criterion's native mean for
// the same search (<target>/criterion, as scripts/bench-summary.mjs finds it), and prints
// schedules a second for each and their ratio (wasm / native, a worker's share against one
// native thread).
// Usage: node scripts/bench-ratio.mjs [web-bench-output-file ...]
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { home, resultDirs } from "./criterion.mjs";

// Each browser search and the criterion benchmark (its full id) that runs the same one natively.
const SAME = {
  "explore-last-item-enforcement-off": "explore last-item, default bounds/enforcement off",
  "explore-last-item-enforcement-on": "explore last-item, default bounds/enforcement on",
  "explore-leader-change-3-members": "explore leader-change, 3 members, services and cuts/enforcement on",
  "worker-leader-change-3-members": "explore leader-change, 3 members, services and cuts/enforcement on",
};

/** Criterion's mean time (ns) per iteration of each finished benchmark, by full id. */
function nativeMeans() {
  const out = new Map();
  if (!existsSync(home)) return out;
  for (const dir of resultDirs(home)) {
    const { full_id: id } = JSON.parse(readFileSync(join(dir, "benchmark.json"), "utf8"));
    const { mean } = JSON.parse(readFileSync(join(dir, "estimates.json"), "utf8"));
    out.set(id, mean.point_estimate);
  }
  return out;
}

const files = process.argv.length > 2 ? process.argv.slice(2) : [0];
const input = files.map((file) => readFileSync(file, "utf8")).join("\n");
const lines = [...input.matchAll(/web-bench (\S+) (\d+) ([\d.]+)(?: (\d+))?/g)];
if (lines.length === 0) {
  console.error("bench-ratio: no `web-bench` lines in the input (did tests/web_bench.rs run?)");
  process.exit(1);
}
const native = nativeMeans();
const perSecond = (n) => Math.round(n).toLocaleString("en-US");
console.log("\nThe explorer in the browser (release wasm, headless Chromium) against native");
for (const [, name, schedules, ms, workers] of lines) {
  const each = Number(workers ?? 1);
  const wasm = Number(schedules) / (Number(ms) / 1e3) / each;
  const ns = native.get(SAME[name]);
  const where = workers ? `a worker of ${each}` : "the page's own thread";
  const mine = `${name}: ${perSecond(wasm)} schedules/s in wasm (${where})`;
  if (ns === undefined) {
    console.log(`${mine}; no native figure (run cargo bench --bench explore first)`);
    continue;
  }
  const fast = Number(schedules) / (ns / 1e9);
  const ratio = wasm / fast;
  // Issue 52's goal for the worker: at least half of native speed.
  const goal = workers ? ` (${ratio >= 0.5 ? "✓" : "✗"} goal: at least 0.5)` : "";
  console.log(`${mine}, ${perSecond(fast)} native: wasm / native = ${ratio.toFixed(2)}${goal}`);
}
