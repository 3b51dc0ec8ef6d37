// The first screen of a built bundle, in headless Chromium at 1280×720, as a new learner meets it:
//
// 1. A first visit (a bare address, nothing remembered) opens the story view: at most 12
//    interactive controls inside the viewport, and the chart, the play button, the narration and
//    the story's switch all inside it.
// 2. While playing, the top bar (the outcome banner) changes its text.
// 3. While a question is open, in the story view and in the lab, the lanes it asks about (the
//    whole timeline's lanes) are inside the viewport.
// 4. A returning visitor's bare address opens where they left (the lab, on the story they chose).
//
// Self-test: check 1 run on the lab view (`?scenario=gc-pause`) must fail, with more than 12
// controls, and its lanes scrolled out of view must fail check 3's test: the checks can fail.
//
// "Interactive control": a button, input, select, summary, link or focusable element whose box
// is wider and taller than 0, is visible, and intersects the viewport.
//
// Usage: node scripts/first-screen.mjs DIST
import { resolve } from "node:path";
import { serveDist, launchChromium, waitForTimeline, APP_WAIT_MS } from "./browser.mjs";

const root = resolve(process.argv[2] ?? "dist");
const MAX_CONTROLS = 12;
const problems = [];
const { server, origin } = await serveDist(root);
const browser = await launchChromium();

/** A fresh page (its own storage) at `query`, with the timeline drawn. */
async function open(query, context) {
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 720 } }));
  const page = await ctx.newPage();
  page.on("pageerror", (e) => problems.push(`page error at ${query || "/"}: ${e.message}`));
  await page.goto(`${origin}/${query}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  await waitForTimeline(page);
  return page;
}

/** What of the first screen is wrong: too many controls, or a part outside the viewport. */
async function firstScreenProblems(page) {
  return page.evaluate((max) => {
    const out = [];
    const inside = (r) => r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const shown = (e) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && style.visibility === "visible" && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    };
    const selector = "button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex='-1'])";
    const controls = [...document.querySelectorAll(selector)].filter(shown);
    if (controls.length > max) {
      const names = controls.map((c) => c.id || c.getAttribute("aria-label") || c.textContent.trim().slice(0, 24));
      out.push(`${controls.length} controls in the viewport (at most ${max}): ${names.join(" | ")}`);
    }
    const parts = {
      chart: document.querySelector("svg.timeline-svg"),
      "play button": document.querySelector("#btn-play"),
      narration: document.querySelector("#narration-line"),
      "the story's switch": [...document.querySelectorAll("#story-switch, #toggle-enforcement")].find(shown),
    };
    for (const [name, e] of Object.entries(parts)) {
      if (!e || !inside(e.getBoundingClientRect())) out.push(`${name} is not inside the viewport`);
    }
    return out;
  }, MAX_CONTROLS);
}

/** The timeline's lanes box is inside the viewport. */
function lanesInside(page) {
  return page.evaluate(() => {
    const r = document.querySelector("svg.timeline-svg").getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight ? null : `lanes at ${Math.round(r.top)}–${Math.round(r.bottom)} px`;
  });
}

// Self-test: the lab view breaks check 1.
{
  const page = await open("?scenario=gc-pause");
  const found = await firstScreenProblems(page);
  if (!found.some((p) => p.includes("controls in the viewport"))) problems.push(`self-test: the lab view passed check 1 (${found.join("; ") || "no problem found"})`);
  else console.log(`first-screen [self-test]: the lab view fails check 1 as it should (${found[0].split(":")[0]})`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  if (!(await lanesInside(page))) problems.push("self-test: lanes scrolled away still count as inside the viewport");
  await page.context().close();
}

// 1 and 2: a first visit.
{
  const page = await open("");
  const found = await firstScreenProblems(page);
  if (!(await page.$(".app.story"))) found.push("a first visit did not open the story view");
  problems.push(...found.map((p) => `[first visit] ${p}`));
  const count = await page.evaluate(() => document.querySelectorAll("button, input, select, summary").length);
  if (!found.length) console.log(`first-screen [first visit]: story view, chart, play, narration and switch in the viewport (${count} controls in the page)`);
  const before = await page.textContent("#outcome");
  await page.click("#btn-play");
  await page.waitForTimeout(1500);
  const during = await page.textContent("#outcome");
  if (before === during) problems.push(`[playing] the top bar still says ${JSON.stringify(during)}`);
  else console.log(`first-screen [playing]: the top bar went from ${JSON.stringify(before)} to ${JSON.stringify(during)}`);
  // 4: the learner opens the lab on another story, then comes back to the bare address.
  await page.click("#btn-play");
  await page.click("#toggle-story");
  await page.selectOption("#scenario-picker", "clock-skew");
  await page.waitForTimeout(300);
  const again = await open("", page.context());
  const back = await again.evaluate(() => ({ story: document.querySelector("#scenario-picker").value, storyView: !!document.querySelector(".app.story") }));
  if (back.story !== "clock-skew" || back.storyView) problems.push(`[returning] a bare address opened ${JSON.stringify(back)}`);
  else console.log("first-screen [returning]: a bare address opened the lab on the story left (clock-skew)");
  await page.context().close();
}

// 3: an open question keeps its lanes in view, in both views.
for (const query of ["?scenario=gc-pause&view=story", "?scenario=gc-pause"]) {
  const page = await open(query);
  await page.click("#btn-play");
  await page.waitForSelector("#question-card", { timeout: APP_WAIT_MS });
  await page.waitForTimeout(400);
  const off = await lanesInside(page);
  if (off) problems.push(`[question ${query}] the lanes are not in the viewport: ${off}`);
  else console.log(`first-screen [question ${query}]: the lanes stay in the viewport`);
  await page.context().close();
}

await browser.close();
server.close();
if (problems.length) {
  for (const p of problems) console.error(`first-screen: ${p}`);
  process.exit(1);
}
console.log("first-screen: all checks passed");
