// The README's pictures of the story view, taken from a built bundle in headless Chromium (every
// picture is the app itself, never drawn by hand):
//   docs/first-visit.png              a first visit at 1280×720, light
//   docs/first-visit-phone.png        a first visit on a 390×844 phone, dark
//   docs/question.png                 the GC-pause story's first question open, 1280×720
//   docs/presentation-compare.png     presentation view of compare mode at 1280×720, at the stale write
//
// Usage: node scripts/docs-shots.mjs DIST [OUT_DIR]    (make docs-shots)
import { join, resolve } from "node:path";
import { serveDist, launchChromium, waitForTimeline, settle, APP_WAIT_MS } from "./browser.mjs";

const root = resolve(process.argv[2] ?? "dist");
const out = resolve(process.argv[3] ?? "docs");
const SHOTS = [
  { file: "first-visit.png", width: 1280, height: 720, dark: false, query: "" },
  { file: "first-visit-phone.png", width: 390, height: 844, dark: true, query: "" },
  {
    file: "question.png", width: 1280, height: 720, dark: false, query: "?scenario=gc-pause&view=story",
    then: async (page) => {
      await page.click("#btn-play");
      await page.waitForSelector("#question-card", { timeout: APP_WAIT_MS });
    },
  },
  { file: "presentation-compare.png", width: 1280, height: 720, dark: false, query: "?scenario=gc-pause&compare=on&view=presentation&t=62000" },
];

const { server, origin } = await serveDist(root);
const browser = await launchChromium();
for (const shot of SHOTS) {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    colorScheme: shot.dark ? "dark" : "light",
    // A phone is a touch screen: (hover: none) and (pointer: coarse) match, as on a real one.
    hasTouch: shot.width < 600,
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    throw new Error(`${shot.file}: page error: ${e.message}`);
  });
  await page.goto(`${origin}/${shot.query}`, { waitUntil: "load", timeout: APP_WAIT_MS });
  await waitForTimeline(page);
  if (shot.then) await shot.then(page);
  await settle(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, shot.file), animations: "disabled" });
  console.log(`docs-shots: saved ${join(out, shot.file)} (${shot.width}×${shot.height}${shot.dark ? ", dark" : ""})`);
  await context.close();
}
await browser.close();
server.close();
