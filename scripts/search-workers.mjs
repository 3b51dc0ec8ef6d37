// The explorer's search in Web Workers (issue 52), as the release smoke tests check it in Chromium, Firefox and
// WebKit: a first visit starts no worker; the leader-change search on three members with restarts, failovers and
// cut-off leaders (9 592 schedules) runs with no long task on the page's thread (no gap over 50 ms between timer
// ticks, and none of Chromium's longtask entries) and explores every schedule; a cancel answers within 100 ms with
// what the workers had found, and one clicked at once on a first search (before any worker starts) is answered; and
// the last item's search gives the same findings in workers (twice: the second in the first one's workers, which
// stay) as on the page's own thread (the worker's meta tag removed, as a bundle without the worker would run it). The
// page-side functions take one argument and close over nothing, so each runs as it is in Playwright's and
// Puppeteer's `evaluate` and, as a string, in WebKit's classic WebDriver.

/** The lab view of the leader-change story, where the checks start. */
export const SEARCH_LINK = "?scenario=leader-change&view=lab";

/** A main-thread task longer than this is a long task (the issue's and the browsers' own figure). */
export const LONG_TASK_MS = 50;

/** A cancel must be answered within this. */
export const CANCEL_MS = 100;

/**
 * A cancel clicked at once must be answered within this: it waits for the search's own module where that is still
 * on its way (a fetch, slow on a busy machine), then answers without starting any worker.
 */
export const CANCEL_AT_ONCE_MS = 2000;

/** In the page: the worker scripts it has fetched (resource timing), by file name. */
export function workerFetches() {
  const files = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname.split("/").pop());
  return files.filter((f) => f.startsWith("explore-worker-"));
}

/**
 * In the page: turns on the switch `switchId` (if given), starts the search and waits (at most `ms`) for its
 * headline, watching the page's thread meanwhile: a timer every 10 ms (the longest gap between two ticks, less the
 * 10 ms asked) and, where the browser has them, longtask entries. Resolves to what it saw.
 */
export async function searchWatched({ switchId, ms }) {
  const started = performance.now();
  while (!document.querySelector("#btn-explore") || document.querySelector("#btn-explore").disabled) {
    if (performance.now() - started > ms) throw new Error(`no explorer within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  const box = switchId && document.querySelector(switchId);
  if (box && !box.checked) box.click();
  await new Promise((ok) => setTimeout(ok, 300));
  const plan = document.querySelector("#explore-plan")?.textContent.trim() ?? "";
  const longTasks = [];
  let observer = null;
  if ((PerformanceObserver.supportedEntryTypes ?? []).includes("longtask")) {
    observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))));
    observer.observe({ type: "longtask" });
  }
  let watching = true;
  let last = performance.now();
  let longestGap = 0;
  let longestAt = 0;
  const tick = () => {
    const now = performance.now();
    if (now - last - 10 > longestGap) {
      longestGap = now - last - 10;
      longestAt = last;
    }
    last = now;
    if (watching) setTimeout(tick, 10);
  };
  setTimeout(tick, 10);
  // The same watch for a second before the search: what the page's thread shows with nothing to do.
  await new Promise((ok) => setTimeout(ok, 1000));
  const idleGap = longestGap;
  longestGap = 0;
  const begun = performance.now();
  document.querySelector("#btn-explore").click();
  // A start drops the last search's findings: wait for them to go, then for this one's.
  while (document.querySelector("#explore-headline") && performance.now() - begun < 2000) {
    await new Promise((ok) => setTimeout(ok, 5));
  }
  let headline = null;
  while (!(headline = document.querySelector("#explore-headline")?.textContent.trim())) {
    if (performance.now() - begun > ms) break;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  const tookMs = Math.round(performance.now() - begun);
  await new Promise((ok) => setTimeout(ok, 100));
  watching = false;
  observer?.disconnect();
  const kinds = [...document.querySelectorAll(".explore-kind")].map((k) => k.textContent.trim());
  const idleGapMs = Math.round(idleGap);
  const gapAtMs = Math.round(longestAt - begun);
  return { plan, headline, kinds, tookMs, longestGapMs: Math.round(longestGap), gapAtMs, idleGapMs, longTasks };
}

/**
 * In the page: starts the search shown, waits (at most `ms`) until it has reported progress, cancels it and
 * measures how long the headline takes to say what was found.
 */
export async function cancelWatched({ ms }) {
  document.querySelector("#btn-explore").click();
  const started = performance.now();
  // The bar keeps the last search's figure until this one starts: wait for it to start again.
  while (document.querySelector("#explore-headline") || Number(document.querySelector("#explore-progress")?.value) > 0) {
    if (performance.now() - started > ms) throw new Error(`the search did not start within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 5));
  }
  while (!(Number(document.querySelector("#explore-progress")?.value) > 0)) {
    if (performance.now() - started > ms) throw new Error(`no progress within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
  await new Promise((ok) => setTimeout(ok, 150));
  const cancelled = performance.now();
  document.querySelector("#btn-explore-cancel").click();
  let headline = null;
  while (!(headline = document.querySelector("#explore-headline")?.textContent.trim())) {
    if (performance.now() - cancelled > ms) break;
    await new Promise((ok) => setTimeout(ok, 2));
  }
  return { headline, answeredMs: Math.round(performance.now() - cancelled) };
}

/**
 * In the page: starts the search shown and cancels it as soon as the cancel button shows, on a first search while
 * the explorer's modules may still be on their way (the setup not yet written out for the workers); measures how
 * long the headline takes to say what was found, and notes whether the story module had arrived by the cancel.
 */
export async function cancelAtOnce({ ms }) {
  const started = performance.now();
  while (!document.querySelector("#btn-explore") || document.querySelector("#btn-explore").disabled) {
    if (performance.now() - started > ms) throw new Error(`no explorer within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  document.querySelector("#btn-explore").click();
  while (document.querySelector("#btn-explore-cancel")?.disabled !== false) {
    if (performance.now() - started > ms) throw new Error(`no cancel button within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 0));
  }
  const files = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname.split("/").pop());
  const storyModuleIn = files.some((f) => f.startsWith("split_script"));
  const cancelled = performance.now();
  document.querySelector("#btn-explore-cancel").click();
  let headline = null;
  while (!(headline = document.querySelector("#explore-headline")?.textContent.trim())) {
    if (performance.now() - cancelled > 5000) break;
    await new Promise((ok) => setTimeout(ok, 2));
  }
  return { headline, answeredMs: Math.round(performance.now() - cancelled), storyModuleIn };
}

/** In the page: removes the bundle's worker, so the next search runs on the page's own thread. */
export function withoutWorker() {
  document.querySelector("meta[name=explore-worker]")?.remove();
  return true;
}

/** The schedules a plan line counts ("…: 9592 schedules …"), or NaN. */
const schedulesOf = (plan) => Number(plan.split(": ").pop().split(" ")[0]);

/**
 * Runs the checks with `load(url)` (navigates and waits for load) and `run(fn, arg)` (evaluates a page function)
 * on `origin`. Returns problems found and lines to print.
 */
export async function checkSearchWorkers({ load, run, origin, label, waitMs }) {
  const problems = [];
  const lines = [];
  await load(`${origin}/${SEARCH_LINK}`);
  const before = await run(workerFetches, null);
  if (before.length) problems.push(`[${label}] a visit fetched ${before.join(", ")} before any search`);
  const atOnce = await run(cancelAtOnce, { ms: waitMs });
  lines.push(`cancel at once answered in ${atOnce.answeredMs} ms (the story module ` +
    `${atOnce.storyModuleIn ? "had arrived" : "was still on its way"}): ${atOnce.headline}`);
  if (!/^Stopped (after \d+ of|before any)/.test(atOnce.headline ?? "") || atOnce.answeredMs > CANCEL_AT_ONCE_MS) {
    problems.push(`[${label}] cancel at once: ${atOnce.answeredMs} ms, ${atOnce.headline}`);
  }
  const seen = await run(searchWatched, { switchId: "#explore-services", ms: waitMs });
  const fetched = await run(workerFetches, null);
  const total = schedulesOf(seen.plan);
  lines.push(`leader-change on 3 members (${seen.plan}): ${seen.headline} in ${seen.tookMs} ms; longest gap between ` +
    `ticks ${seen.longestGapMs} ms over 10, ${seen.gapAtMs} ms after the click (${seen.idleGapMs} ms in the second ` +
    `before, idle); longtask entries ${JSON.stringify(seen.longTasks)}; fetched ${fetched.join(", ")}`);
  if (!fetched.length) problems.push(`[${label}] the search fetched no worker script: it ran on the page`);
  const cores = await run(() => navigator.hardwareConcurrency, null);
  lines.push(`workers: ${Math.min(Math.max(1, (cores | 0) >> 1), 8)} (half of navigator.hardwareConcurrency ${cores}, at most 8)`);
  if (!(total > 9000) || !seen.headline?.includes(`all ${total} were explored`)) {
    problems.push(`[${label}] the search did not explore every schedule: ${seen.headline}`);
  }
  if (seen.longestGapMs > LONG_TASK_MS || seen.longTasks.length) {
    problems.push(`[${label}] a long task on the page's thread during the search: gap ${seen.longestGapMs} ms, ` +
      `longtask entries ${JSON.stringify(seen.longTasks)}`);
  }
  const cancel = await run(cancelWatched, { ms: waitMs });
  lines.push(`cancel answered in ${cancel.answeredMs} ms: ${cancel.headline}`);
  const stoppedAfter = Number(cancel.headline?.match(/^Stopped after (\d+) of/)?.[1]);
  if (!(stoppedAfter > 0) || cancel.answeredMs > CANCEL_MS) {
    problems.push(`[${label}] cancel: ${cancel.answeredMs} ms, ${cancel.headline}`);
  }
  await load(`${origin}/?scenario=last-item&view=lab`);
  const inWorkers = await run(searchWatched, { ms: waitMs });
  // A second search is handed to the workers of the first, which finished: no worker script fetched again.
  const startedBefore = (await run(workerFetches, null)).length;
  const again = await run(searchWatched, { ms: waitMs });
  const startedAgain = (await run(workerFetches, null)).length - startedBefore;
  lines.push(`last item again: ${again.tookMs} ms, ${startedAgain} worker scripts fetched (the first's workers kept)`);
  if (startedAgain !== 0 || again.headline !== inWorkers.headline) {
    problems.push(`[${label}] a second search: ${startedAgain} worker scripts fetched, ${again.headline}`);
  }
  await run(withoutWorker, null);
  const onPage = await run(searchWatched, { ms: waitMs });
  const same = inWorkers.headline === onPage.headline && JSON.stringify(inWorkers.kinds) === JSON.stringify(onPage.kinds);
  lines.push(`last item: in workers ${inWorkers.tookMs} ms, on the page ${onPage.tookMs} ms (longest gap ` +
    `${onPage.longestGapMs} ms); ${same ? "the same findings" : "DIFFERENT findings"}: ${inWorkers.headline}`);
  if (!same || !inWorkers.headline) {
    problems.push(`[${label}] workers found ${JSON.stringify([inWorkers.headline, inWorkers.kinds])}, the page ` +
      `${JSON.stringify([onPage.headline, onPage.kinds])}`);
  }
  return { problems, lines };
}
