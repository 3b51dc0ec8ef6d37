// Makes a built bundle installable and usable offline, after Trunk and scripts/csp.mjs:
//   - icons: icon.svg (+ a maskable one) and PNGs of every size the manifest names, drawn by scripts/icons.mjs
//   - manifest.webmanifest: name, icons, theme and background colours, standalone display
//   - index.html: the manifest link, theme colours for the light and dark themes, the touch icon, and
//     static/sw-register.js (registers the service worker after the page has loaded); the tab's icon
//     becomes a 32 px PNG written into the page: Chromium builds an SVG icon anew (a whole SVG document)
//     on every rewrite of the address, which the lab does each time the playhead moves while paused,
//     about 3 ms of every scrubbing step (measured), where a PNG costs nothing measurable
//   - sw.js (scripts/sw.mjs): Workbox precaches every file of this bundle, the list read from dist/
// Usage: node scripts/pwa.mjs dist
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ACCENT, iconPng, iconSvg } from "./icons.mjs";
import { writeServiceWorker } from "./sw.mjs";

const dist = resolve(process.argv[2] ?? "dist");
// --bg of the light and dark themes (style/main.css): the browser's bar matches the page.
const THEME = { light: "#f6f7fb", dark: "#0f141c" };
const PNG_SIZES = [192, 512];
const TOUCH_SIZE = 180;

await writeFile(join(dist, "icon.svg"), iconSvg());
await writeFile(join(dist, "icon-maskable.svg"), iconSvg(true));
for (const size of PNG_SIZES) {
  await writeFile(join(dist, `icon-${size}.png`), iconPng(size));
  await writeFile(join(dist, `icon-maskable-${size}.png`), iconPng(size, true));
}
await writeFile(join(dist, `icon-${TOUCH_SIZE}.png`), iconPng(TOUCH_SIZE, true));

const manifest = {
  name: "Fencing Lab: leases and fencing tokens",
  short_name: "Fencing Lab",
  description: "An interactive lab for leases and fencing tokens, simulated in your browser.",
  id: "./",
  start_url: "./",
  scope: "./",
  display: "standalone",
  background_color: THEME.light,
  theme_color: ACCENT,
  icons: [
    { src: "icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    { src: "icon-maskable.svg", sizes: "any", type: "image/svg+xml", purpose: "maskable" },
    ...PNG_SIZES.flatMap((s) => [
      { src: `icon-${s}.png`, sizes: `${s}x${s}`, type: "image/png", purpose: "any" },
      { src: `icon-maskable-${s}.png`, sizes: `${s}x${s}`, type: "image/png", purpose: "maskable" },
    ]),
  ],
};
await writeFile(join(dist, "manifest.webmanifest"), JSON.stringify(manifest, null, 2) + "\n");

await copyFile(resolve("static/sw-register.js"), join(dist, "sw-register.js"));
const file = join(dist, "index.html");
let html = await readFile(file, "utf8");
if (html.includes('rel="manifest"')) throw new Error(`pwa: ${file} already has a manifest (run Trunk first)`);
const SVG_ICON = /<link rel="icon" href="data:image\/svg\+xml,[^"]*" \/>/;
if (!SVG_ICON.test(html)) throw new Error(`pwa: ${file} has no SVG tab icon to replace`);
const png = `data:image/png;base64,${iconPng(32).toString("base64")}`;
html = html.replace(SVG_ICON, `<link rel="icon" type="image/png" sizes="32x32" href="${png}" />`);
const head = [
  `<link rel="manifest" href="manifest.webmanifest" />`,
  `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME.light}" />`,
  `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME.dark}" />`,
  `<link rel="apple-touch-icon" href="icon-${TOUCH_SIZE}.png" />`,
  `<script src="sw-register.js" defer></script>`,
];
html = html.replace("</head>", `  ${head.join("\n    ")}\n  </head>`);
await writeFile(file, html);

const { count, size } = await writeServiceWorker(dist);
console.log(`pwa: manifest, ${PNG_SIZES.length * 2 + 1} PNG icons, sw.js precaching ${count} files (${size} B)`);
