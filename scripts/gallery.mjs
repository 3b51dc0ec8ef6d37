// Screenshot gallery of a built bundle: every catalog story (read from the picker's <option> values) at
// its end state, in the light and the dark theme × the lab (1280×720, full page) and presentation view
// (1920×1080, the viewport only) × one timeline and compare mode. Writes OUT/<story>-<theme>-<view>-<mode>.png
// and OUT/index.html: thumbnails grouped by story, each captioned with its configuration and linking to
// the full picture.
//
// Usage: node scripts/gallery.mjs DIST OUT
//        node scripts/gallery.mjs DIST --lab-screen FILE
//   --lab-screen FILE  instead of the gallery, take only the README picture into FILE (docs/lab-screen.png):
//                      the warehouse story (last-item) in compare mode, light theme, lab view, 1280×720
//                      viewport (not full page), playhead at 70 s: the choice of the picture in the README
//                      (its playhead is not at the end, 2 min, but at 70 s, past the double promise at 45 s).
// Exits 1 on a page error, a console error or a picture that could not be taken.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { serveDist, launchChromium, showStoryEnd, waitForTimeline, readPlayhead, APP_WAIT_MS } from "./browser.mjs";

const args = process.argv.slice(2);
const labScreenAt = args.indexOf("--lab-screen");
const labScreen = labScreenAt >= 0 ? resolve(args[labScreenAt + 1] ?? "docs/lab-screen.png") : null;
const positional = args.filter((a, i) => !a.startsWith("--") && !(labScreenAt >= 0 && i === labScreenAt + 1));
const root = resolve(positional[0] ?? "dist");
const outDir = resolve(positional[1] ?? "target/gallery");

const THEMES = ["light", "dark"];
const VIEWS = [
  { name: "lab", label: "lab 1280×720, full page", width: 1280, height: 720, query: "&view=lab", fullPage: true },
  { name: "presentation", label: "presentation 1920×1080", width: 1920, height: 1080, query: "&view=presentation", fullPage: false },
];
const MODES = [
  { name: "single", label: "one timeline", query: "" },
  { name: "compare", label: "compare off/on", query: "&compare=on" },
];
/** The README picture (see --lab-screen). */
const LAB_SCREEN = { story: "last-item", theme: "light", width: 1280, height: 720, query: "&compare=on", atMs: 70000 };

const started = Date.now();
const { server, origin } = await serveDist(root);
const browser = await launchChromium();
const problems = [];

/** A page of `width`×`height` in `theme`, reporting page and console errors under `name`. */
async function openPage(name, width, height, theme) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme: theme });
  page.setDefaultTimeout(APP_WAIT_MS);
  page.on("pageerror", (e) => problems.push(`[${name}] page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`[${name}] console error: ${m.text()}`));
  return page;
}

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The gallery page: one section per story, one captioned thumbnail per picture. */
function indexHtml(stories, shots) {
  const sections = stories.map(({ id, title }) => {
    const figures = shots
      .filter((s) => s.story === id)
      .map(
        (s) => `      <figure class="${s.theme}">
        <a href="${escape(s.file)}"><img src="${escape(s.file)}" alt="${escape(`${title}: ${s.caption}`)}" loading="lazy"></a>
        <figcaption>${escape(s.caption)}</figcaption>
      </figure>`,
      )
      .join("\n");
    return `  <section id="${escape(id)}">
    <h2>${escape(title)} <code>${escape(id)}</code></h2>
    <div class="grid">
${figures}
    </div>
  </section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Fencing Lab gallery</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; background: #fafafa; }
  h2 { font-size: 1.1rem; margin: 1.8rem 0 0.6rem; }
  h2 code { font-weight: normal; color: #555; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 0.8rem; }
  figure { margin: 0; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 0.4rem; }
  figure.dark { background: #222; color: #eee; border-color: #444; }
  img { display: block; width: 100%; height: 180px; object-fit: cover; object-position: top left; border-radius: 3px; }
  figcaption { font-size: 0.85rem; margin-top: 0.3rem; }
</style>
</head>
<body>
<h1>Fencing Lab gallery</h1>
<p>Every story at its end state: light and dark theme, lab view (1280×720, full page) and presentation view
(1920×1080), one timeline and compare mode. Click a picture for full size. Made by <code>make gallery</code>
(<code>scripts/gallery.mjs</code>) on ${escape(new Date().toISOString().slice(0, 16).replace("T", " "))} UTC.</p>
<nav>${stories.map(({ id, title }) => `<a href="#${escape(id)}">${escape(title)}</a>`).join(" · ")}</nav>
${sections.join("\n")}
</body>
</html>
`;
}

try {
  if (labScreen) {
    const page = await openPage("lab-screen", LAB_SCREEN.width, LAB_SCREEN.height, LAB_SCREEN.theme);
    await page.goto(`${origin}/?scenario=${LAB_SCREEN.story}${LAB_SCREEN.query}&t=${LAB_SCREEN.atMs}`, { waitUntil: "load", timeout: APP_WAIT_MS });
    await waitForTimeline(page);
    const at = await readPlayhead(page);
    if (at !== LAB_SCREEN.atMs) throw new Error(`the README picture's playhead is at ${at} ms, not ${LAB_SCREEN.atMs} ms`);
    await mkdir(dirname(labScreen), { recursive: true });
    await page.screenshot({ path: labScreen, fullPage: false, animations: "disabled" });
    console.log(`gallery: saved ${labScreen} (${LAB_SCREEN.story}, compare, light, lab ${LAB_SCREEN.width}×${LAB_SCREEN.height}, at ${LAB_SCREEN.atMs / 1000} s)`);
  } else {
    await mkdir(outDir, { recursive: true });
    const shots = [];
    let stories = null;
    for (const view of VIEWS) {
      for (const theme of THEMES) {
        const name = `${view.name} ${theme}`;
        const page = await openPage(name, view.width, view.height, theme);
        if (!stories) {
          // The catalog, in picker order, with the titles the picker shows ("1. Title" → "Title").
          await page.goto(`${origin}/`, { waitUntil: "load", timeout: APP_WAIT_MS });
          await page.waitForSelector("#scenario-picker option", { state: "attached", timeout: APP_WAIT_MS });
          stories = await page.$$eval("#scenario-picker option", (os) =>
            os.map((o) => ({ id: o.value, title: o.textContent.trim().replace(/^\d+\.\s*/, "") })),
          );
          if (stories.length === 0) throw new Error("the scenario picker lists no stories");
        }
        for (const { id } of stories) {
          for (const mode of MODES) {
            const file = `${id}-${theme}-${view.name}-${mode.name}.png`;
            try {
              await showStoryEnd(page, origin, `?scenario=${encodeURIComponent(id)}${mode.query}${view.query}`);
              await page.screenshot({ path: join(outDir, file), fullPage: view.fullPage, animations: "disabled" });
              shots.push({ story: id, theme, file, caption: `${theme} · ${view.label} · ${mode.label}` });
            } catch (e) {
              problems.push(`[${name}] ${file}: ${e.message}`);
            }
          }
        }
        await page.close();
        console.log(`gallery: ${name}: ${stories.length * MODES.length} pictures`);
      }
    }
    // Group by story in picker order, then the order taken (view, theme, mode) within a story.
    await writeFile(join(outDir, "index.html"), indexHtml(stories, shots));
    console.log(`gallery: ${shots.length} pictures and index.html in ${outDir}`);
  }
} catch (e) {
  problems.push(`the gallery could not finish: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`gallery FAILED (${seconds} s):\n  ` + problems.join("\n  "));
  process.exit(1);
}
console.log(`gallery: done (${seconds} s)`);
