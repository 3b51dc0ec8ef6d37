// Takes a screenshot of a built bundle in headless Chromium, optionally after running some page JS.
// Usage: node scripts/screenshot.mjs DIST OUT.png [WIDTHxHEIGHT] [JS to run first] [--full] [--dark]
// Example: node scripts/screenshot.mjs dist docs/lab.png 1280x720 "document.querySelector('#btn-next').click()"
import { serveDist, launchChromium } from "./browser.mjs";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith("--")));
const [dist, out, size = "1280x720", script = ""] = args;
const [width, height] = size.split("x").map(Number);
const { server, origin } = await serveDist(dist);
const query = process.env.QUERY ?? "";
const browser = await launchChromium();
const page = await browser.newPage({
  viewport: { width, height },
  colorScheme: flags.has("--dark") ? "dark" : "light",
});
page.on("pageerror", (e) => console.error("page error:", e.message));
page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
await page.goto(`${origin}/${query}`);
await page.waitForSelector("header h1", { state: "attached" });
await page.waitForSelector("html:not(:has(#prerender)) svg.timeline-svg .lease", { state: "attached", timeout: 15000 }).catch(() => {});
await page.waitForTimeout(300);
if (script) {
  await page.evaluate(script);
  await page.waitForTimeout(400);
}
await page.screenshot({ path: out, fullPage: flags.has("--full") });
console.log(`saved ${out}`);
await browser.close();
server.close();
