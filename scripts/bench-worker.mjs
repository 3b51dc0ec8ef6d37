// The explorer's speed in a Web Worker, for `make bench` (never run by `make test`): serves the release bundle
// (dist/), opens the lab's leader-change story in headless Chromium, turns on the services' faults and cuts (the same
// 9 592 schedules as benches/explore.rs's replicated search) and times the search as a learner starts it, from the
// click to the headline: the worker's start and its wasm's compile included (the page is loaded anew for each
// round, since a page keeps its workers for its next search). Best of three, printed as one
// `web-bench worker-leader-change-3-members <schedules> <ms> <workers>` line for scripts/bench-ratio.mjs, which
// divides by the workers (one on a two-core machine) to set one worker against one native thread.
// Usage: node scripts/bench-worker.mjs [dist]
import { serveDist, launchChromium, APP_WAIT_MS } from "./browser.mjs";
import { SEARCH_LINK, searchWatched, workerFetches } from "./search-workers.mjs";

const ROUNDS = 3;
const root = process.argv[2] ?? "dist";
const { server, origin } = await serveDist(root);
const browser = await launchChromium();
let status = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const times = [];
  let seen = null;
  for (let round = 0; round < ROUNDS; round += 1) {
    await page.goto(`${origin}/${SEARCH_LINK}`, { waitUntil: "load", timeout: APP_WAIT_MS });
    seen = await page.evaluate(searchWatched, { switchId: "#explore-services", ms: 60000 });
    if (!seen.headline?.includes("were explored")) throw new Error(`no full search: ${seen.headline}`);
    times.push(seen.tookMs);
  }
  if (!(await page.evaluate(workerFetches, null)).length) throw new Error("the search ran on the page: no worker");
  const cores = await page.evaluate(() => navigator.hardwareConcurrency, null);
  const workers = Math.min(Math.max(1, (cores | 0) >> 1), 8);
  const schedules = Number(seen.plan.split(": ").pop().split(" ")[0]);
  console.log(`worker searches (ms): ${times.join(", ")}`);
  console.log(`web-bench worker-leader-change-3-members ${schedules} ${Math.min(...times)} ${workers}`);
} catch (error) {
  console.error(`bench-worker: ${error.message}`);
  status = 1;
} finally {
  await browser.close();
  server.close();
}
process.exit(status);
