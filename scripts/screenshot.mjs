// Takes a screenshot of a built bundle in headless Chromium, optionally after running some page JS.
// Usage: node scripts/screenshot.mjs DIST OUT.png [WIDTHxHEIGHT] [JS to run first] [--full] [--dark]
// Example: node scripts/screenshot.mjs dist docs/lab.png 1280x720 "document.querySelector('#btn-next').click()"
import { createRequire } from "node:module";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const require = createRequire(import.meta.url);
const { chromium } = require("../tools/node_modules/playwright-core");
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith("--")));
const [dist, out, size = "1280x720", script = ""] = args;
const [width, height] = size.split("x").map(Number);
const root = resolve(dist);
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };

const server = createServer(async (req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  const file = normalize(join(root, path === "/" ? "index.html" : path));
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const query = process.env.QUERY ?? "";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const page = await browser.newPage({
  viewport: { width, height },
  colorScheme: flags.has("--dark") ? "dark" : "light",
});
page.on("pageerror", (e) => console.error("page error:", e.message));
page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
await page.goto(`http://127.0.0.1:${server.address().port}/${query}`);
await page.waitForSelector("header h1");
if (script) {
  await page.evaluate(script);
  await page.waitForTimeout(400);
}
await page.screenshot({ path: out, fullPage: flags.has("--full") });
console.log(`saved ${out}`);
await browser.close();
server.close();
