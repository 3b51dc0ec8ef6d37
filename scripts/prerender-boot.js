// The first screen's few bytes of script, inlined into <head> by scripts/prerender.mjs (minified, and
// hashed into the Content-Security-Policy by scripts/csp.mjs). The page arrives with the story view's
// first screen already drawn (#prerender, written at build time by the app itself); this script
//
// - shows a neutral frame (the header, no run) when the address or the remembered place names another
//   run than the one drawn, so no link flashes the wrong story;
// - keeps every click, choice and key that arrives before the app is ready, marks the control as
//   starting, and hands them to the app once it is (a story chosen in the picker shows the neutral frame
//   until then: the drawn run is no longer the one asked for);
// - hides the app while it builds, and swaps it in for #prerender in one frame, once its chart is
//   drawn (or after a bounded wait), keeping the focus where it was.
//
// FIRST_RUN is the drawn run's address query, filled in by scripts/prerender.mjs.
(() => {
  const FIRST_RUN = "__FIRST_RUN__";
  const PLACE_KEY = "fencing-lab.place";
  const MAX_FRAMES = 180;
  const root = document.documentElement;
  let place = null;
  try {
    place = localStorage.getItem(PLACE_KEY);
  } catch (_) {
    place = null;
  }
  const drawn = (query) => !query || query === "?" || query === FIRST_RUN;
  if (!drawn(location.search) || !drawn(place)) root.classList.add("pr-neutral");

  const queue = [];
  const waiting = (target) => {
    const first = document.getElementById("prerender");
    return first && target instanceof Element && first.contains(target) ? first : null;
  };
  const starting = (control) => {
    control.setAttribute("aria-busy", "true");
    control.style.cursor = root.style.cursor = "progress";
  };
  addEventListener(
    "click",
    (event) => {
      const control = waiting(event.target) && event.target.closest("button[id], input[type=checkbox][id]");
      if (!control) return;
      event.preventDefault();
      queue.push({ id: control.dataset.id || control.id });
      starting(control);
    },
    true,
  );
  addEventListener(
    "change",
    (event) => {
      const control = waiting(event.target) && event.target.closest("select[id], input[type=range][id]");
      if (!control) return;
      const sent = control.tagName === "SELECT" ? "change" : "input";
      queue.push({ id: control.dataset.id || control.id, value: control.value, sent });
      starting(control);
      // The picker or the scrubber now names another run or moment than the one drawn: no run is shown
      // until the app draws it.
      root.classList.add("pr-neutral");
    },
    true,
  );
  addEventListener(
    "keydown",
    (event) => {
      if (!document.getElementById("prerender") || event.key === "Tab") return;
      if (event.target instanceof Element && event.target.closest("button, input, select, a")) return;
      const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
      queue.push({ key: { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true } });
      if (key === " ") event.preventDefault();
      root.style.cursor = "progress";
    },
    true,
  );

  const replay = (item) => {
    const control = item.id && document.getElementById(item.id);
    if (item.key) document.body.dispatchEvent(new KeyboardEvent("keydown", item.key));
    else if (control && item.value !== undefined) {
      control.value = item.value;
      control.dispatchEvent(new Event(item.sent, { bubbles: true }));
    } else if (control) control.click();
  };
  const swap = (app) => {
    const first = document.getElementById("prerender");
    if (!first) return;
    const active = document.activeElement;
    const focused = active && first.contains(active) ? active.dataset.id || active.id : "";
    first.remove();
    root.classList.remove("pr-neutral");
    for (const name of ["visibility", "position", "top", "left", "right"]) app.style.removeProperty(name);
    root.style.removeProperty("cursor");
    if (focused) document.getElementById(focused)?.focus();
    queue.splice(0).forEach(replay);
  };
  const watch = (app) => {
    let frames = 0;
    const tick = () => {
      if (app.querySelector("svg.timeline-svg .marks > *") || ++frames > MAX_FRAMES) swap(app);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  new MutationObserver((_, observer) => {
    const app = document.body && document.getElementById("prerender") && document.querySelector("body > .app");
    if (!app) return;
    observer.disconnect();
    Object.assign(app.style, { visibility: "hidden", position: "absolute", top: "0", left: "0", right: "0" });
    watch(app);
  }).observe(root, { childList: true, subtree: true });
})();
