// One table of criterion results: benchmark, mean time (with its 95 % confidence interval)
// and throughput where the bench declared one (criterion's Elements or Bytes per iteration).
// Reads <target>/criterion/**/new/{benchmark,estimates}.json, where <target> is
// $CARGO_TARGET_DIR or target/ (or $CRITERION_HOME instead of <target>/criterion).
// Then each of issue 52's goals met by a result in the table, with its figure and ✓ or ✗.
// Usage: node scripts/bench-summary.mjs [--since <epoch ms>]
//   --since  only results written at or after that time (the benches just run); default: all.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { home, resultDirs } from "./criterion.mjs";

const args = process.argv.slice(2);
const sinceAt = args.indexOf("--since");
const since = sinceAt >= 0 ? Number(args[sinceAt + 1]) : 0;
if (!Number.isFinite(since)) {
  console.error("bench-summary: --since takes a time in ms since the epoch");
  process.exit(2);
}

/** Nanoseconds in the largest unit that keeps the number at least 1. */
function duration(ns) {
  const units = [
    ["s", 1e9],
    ["ms", 1e6],
    ["µs", 1e3],
  ];
  for (const [unit, size] of units) if (ns >= size) return `${(ns / size).toFixed(2)} ${unit}`;
  return `${ns.toFixed(1)} ns`;
}

/** A rate with an SI prefix: (1234567, "elements/s") -> "1.23 M elements/s". */
function rate(perSecond, unit, gap = " ") {
  const prefixes = [
    ["G", 1e9],
    ["M", 1e6],
    ["k", 1e3],
  ];
  for (const [prefix, size] of prefixes) {
    if (perSecond >= size) return `${(perSecond / size).toFixed(2)} ${prefix}${gap}${unit}`;
  }
  return `${perSecond.toFixed(1)} ${unit}`;
}

function throughput(declared, meanNs) {
  if (!declared) return "";
  const [kind, amount] = Object.entries(declared)[0];
  const perSecond = amount / (meanNs / 1e9);
  const per = amount.toLocaleString("en-US");
  if (kind === "Bytes" || kind === "BytesDecimal") return `${rate(perSecond, "B/s", "")} (${per} B per iteration)`;
  return `${rate(perSecond, "elements/s")} (${per} per iteration)`;
}

if (!existsSync(home)) {
  console.error(`bench-summary: no criterion results in ${home} (run cargo bench first)`);
  process.exit(1);
}
const rows = resultDirs(home)
  .map((dir) => {
    const estimatesPath = join(dir, "estimates.json");
    const written = statSync(estimatesPath).mtimeMs;
    const bench = JSON.parse(readFileSync(join(dir, "benchmark.json"), "utf8"));
    const { mean } = JSON.parse(readFileSync(estimatesPath, "utf8"));
    const ns = mean.point_estimate;
    const { lower_bound: low, upper_bound: high } = mean.confidence_interval;
    return {
      written,
      ns,
      perSecond: bench.throughput ? Object.values(bench.throughput)[0] / (ns / 1e9) : 0,
      name: bench.full_id,
      mean: duration(ns),
      interval: `±${(((high - low) / 2 / ns) * 100).toFixed(1)} %`,
      throughput: throughput(bench.throughput, ns),
    };
  })
  .filter((row) => row.written >= since)
  .sort((a, b) => a.written - b.written);

if (rows.length === 0) {
  console.error(`bench-summary: no criterion results in ${home} written since ${new Date(since).toISOString()}`);
  process.exit(1);
}
const header = { name: "benchmark", mean: "mean", interval: "95 % CI", throughput: "throughput" };
const columns = ["name", "mean", "interval", "throughput"];
const width = Object.fromEntries(columns.map((c) => [c, Math.max(...[header, ...rows].map((r) => r[c].length))]));
const right = new Set(["mean", "interval"]);
const line = (r) =>
  columns
    .map((c) => (right.has(c) ? r[c].padStart(width[c]) : r[c].padEnd(width[c])))
    .join("  ")
    .trimEnd();
console.log(`\nBenchmark summary (${rows.length} benchmarks, ${home})`);
console.log(line(header));
console.log(columns.map((c) => "-".repeat(width[c])).join("  "));
for (const row of rows) console.log(line(row));

/** Issue 52's goals: a benchmark's full id, and the most time (ns) or the least throughput a second it may take. */
const GOALS = [
  ["explore leader-change, 3 members, services and cuts/enforcement on", { maxNs: 0.25e9 }],
  ["explore last-item, default bounds/enforcement off", { minPerSecond: 1e6 }],
  ["explore last-item, default bounds/enforcement on", { minPerSecond: 1e6 }],
  ["document scenario, full run", { maxNs: 2e3 }],
  ["busy hour/10 apps renewing every second, verdict only", { minPerSecond: 30e6 }],
  ["a busy day/draw 24 h of 10 apps, thinned, lab 860 px", { maxNs: 50e6 }],
];
const measured = GOALS.map(([name, goal]) => [rows.find((r) => r.name === name), goal]).filter(([row]) => row);
if (measured.length) console.log("\nIssue 52's goals");
for (const [row, { maxNs, minPerSecond }] of measured) {
  const [figure, target, met] = maxNs
    ? [row.mean, `at most ${duration(maxNs)}`, row.ns <= maxNs]
    : [rate(row.perSecond, "/s", ""), `at least ${rate(minPerSecond, "/s", "")}`, row.perSecond >= minPerSecond];
  console.log(`${met ? "✓" : "✗"} ${row.name}: ${figure}, ${target}`);
}
