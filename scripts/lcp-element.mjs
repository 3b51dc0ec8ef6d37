// Which element is the largest contentful paint, for scripts/audit.mjs. Lighthouse 12.2.3's own answer (the
// largest-contentful-paint-element audit) comes from its TraceElements gatherer, which fails with Debian's
// Chromium ("Required TraceElements gatherer encountered an error": its trace engine reads a `frame_sequence`
// that this Chromium's PipelineReporter events lack), and with it the whole artifact. So the audit adds a
// gatherer of its own that does only the LCP part: it takes the main frame's last
// largestContentfulPaint::Candidate from the same Lighthouse trace (its DOM node id and type) and, while the page
// is still open, asks the page for that element's tag, id, class and first 60 characters of text.
// When that finds nothing, `probeLcp` loads the page once more in playwright-core under Lighthouse's mobile
// throttling applied for real and reports what a PerformanceObserver('largest-contentful-paint') saw.
import { resolve } from "node:path";
import { launchChromium, throttle } from "./browser.mjs";

const lh = (path) => import(resolve("tools/node_modules/lighthouse/core", path));
const BaseGatherer = (await lh("gather/base-gatherer.js")).default;
const Trace = (await lh("gather/gatherers/trace.js")).default;
const { ProcessedNavigation } = await lh("computed/processed-navigation.js");
const { Audit } = await lh("audits/audit.js");
const { throttling } = await lh("config/constants.js");

const ARTIFACT = "LcpElementFromTrace";
const AUDIT = "lcp-element-from-trace";

/** In the page, with `this` the LCP node (or its text's element): what a person would recognise it by. */
function describeElement() {
  const el = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
  if (!el) return null;
  return {
    tag: el.tagName.toLowerCase(),
    id: el.id || "",
    class: el.getAttribute("class") || "",
    text: (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 60),
  };
}

/**
 * An init script (for `page.addInitScript`) that keeps, in `window.__lcp`, the latest largest-contentful-paint
 * entry as { ms, type, element, firstScreen }: the element described when the entry comes, since it may be gone
 * by the time anyone asks (the first screen written at build time is replaced by the app).
 */
export const WATCH_LCP = `(() => {
  const describe = ${describeElement.toString()};
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const element = e.element ? describe.call(e.element) : null;
      const firstScreen = !!e.element?.closest?.("#prerender");
      window.__lcp = { ms: e.startTime, type: e.url ? "image" : "text", element, firstScreen };
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
})()`;

/** The main frame's LCP candidate of Lighthouse's trace, described by the page it was painted in. */
class LcpElementFromTrace extends BaseGatherer {
  meta = { supportedModes: ["navigation"], dependencies: { Trace: Trace.symbol } };

  async getArtifact(context) {
    const navigation = await ProcessedNavigation.request(context.dependencies.Trace, context);
    const data = navigation.largestContentfulPaintEvt?.args?.data;
    if (data?.nodeId === undefined) return { error: "no largestContentfulPaint::Candidate with a node in the trace" };
    const found = { nodeId: data.nodeId, type: data.type ?? "", size: data.size ?? 0, ms: navigation.timings.largestContentfulPaint };
    const session = context.driver.defaultSession;
    try {
      const { object } = await session.sendCommand("DOM.resolveNode", { backendNodeId: data.nodeId });
      const { result } = await session.sendCommand("Runtime.callFunctionOn", {
        objectId: object.objectId,
        functionDeclaration: describeElement.toString(),
        returnByValue: true,
      });
      return { ...found, element: result.value };
    } catch (e) {
      return { ...found, error: `node ${data.nodeId} not found in the page (${e.message})` };
    }
  }
}

/** Carries the artifact into the report (Lighthouse drops artifacts no audit asks for); weight 0, no score. */
class LcpElementAudit extends Audit {
  static get meta() {
    return {
      id: AUDIT,
      title: "Largest Contentful Paint element (from the trace)",
      description: "The main frame's last LCP candidate in the trace, described by the page.",
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: [ARTIFACT],
    };
  }

  static audit(artifacts) {
    return { score: null, details: { type: "debugdata", candidate: artifacts[ARTIFACT] } };
  }
}

/** Lighthouse's default config plus the gatherer and its audit (in Performance with weight 0: scores unchanged). */
export const lcpConfig = {
  extends: "lighthouse:default",
  artifacts: [{ id: ARTIFACT, gatherer: { implementation: LcpElementFromTrace } }],
  audits: [{ implementation: LcpElementAudit }],
  categories: { performance: { auditRefs: [{ id: AUDIT, weight: 0 }] } },
};

/** `<tag#id.class> "text"` of a described element. */
export function formatElement(el) {
  const classes = el.class ? "." + el.class.trim().split(/\s+/).join(".") : "";
  return `<${el.tag}${el.id ? "#" + el.id : ""}${classes}>${el.text ? ` "${el.text}"` : ""}`;
}

/**
 * The LCP element of one Lighthouse result: Lighthouse's own audit when it worked, else this gatherer's.
 * Resolves to { method, element, type, ms } or { error } (ms: observed in that unthrottled load).
 */
export function lcpFromResult(lhr) {
  const own = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  if (own?.nodeLabel) {
    return { method: "Lighthouse's largest-contentful-paint-element audit", label: `${own.snippet} "${own.nodeLabel.slice(0, 60)}"` };
  }
  const d = lhr.audits[AUDIT]?.details?.candidate;
  if (d?.element) {
    return {
      method: "the Lighthouse trace's largestContentfulPaint::Candidate, resolved in the page",
      label: formatElement(d.element),
      type: d.type,
      ms: d.ms,
    };
  }
  return { error: d?.error ?? lhr.audits[AUDIT]?.errorMessage ?? "the LCP gatherer left no result" };
}

/**
 * Loads `url` once in headless Chromium as Lighthouse's mobile profile (412×823 at 1.75×, touch) with its slow 4G
 * and 4× CPU applied for real, and resolves to the last largest-contentful-paint entry's element and time.
 */
export async function probeLcp(url) {
  const slow = throttling.mobileSlow4G;
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(WATCH_LCP);
    await throttle(page, slow);
    await page.goto(url, { waitUntil: "load", timeout: 120000 });
    // LCP entries stop at the first input; the app keeps building panels after load, so wait for quiet.
    await page.waitForTimeout(5000);
    const found = await page.evaluate(() => (window.__lcp?.element ? window.__lcp : null));
    if (!found) return { error: "no largest-contentful-paint entry with an element" };
    return {
      method: `a separate playwright-core load under Lighthouse's mobile throttling applied for real (${slow.requestLatencyMs} ms, ${(slow.downloadThroughputKbps / 1000).toFixed(2)} Mbit/s, ${slow.cpuSlowdownMultiplier}× CPU) with a PerformanceObserver`,
      label: formatElement(found.element),
      type: found.type,
      ms: found.ms,
      throttled: true,
    };
  } finally {
    await browser.close();
  }
}
