// Loading progress while Pyodide boots. Honest stages from PyScript's own
// events: "py:progress" (window; detail "Loading Pyodide", "Loaded files", ...),
// "py:ready" (the <script type="py"> element, just before main.py runs).
// The app sets <html data-ready="1"> when it is interactive; then we hide.
// Stage texts come from hidden [data-boot-text] items (translated by the app).

const root = document.documentElement;
const box = document.getElementById("boot");
const bar = document.getElementById("boot-progress");
const stage = document.getElementById("boot-stage");
let done = false;
// The order things happened in, for tests and bench/resume.py (static/js/resume.js
// adds "snapshot-painted" / "continue-painted" before this module runs).
const bootLog = (window.spieltischBoot = window.spieltischBoot || []);

function text(name) {
  const el = document.querySelector(`[data-boot-text="${name}"]`);
  return el ? el.textContent : "";
}

const ORDER = ["runtime", "files", "rules", "ready"];
let reached = -1;

function show(name, value) {
  if (done || !box) return;
  const rank = ORDER.indexOf(name);
  if (rank >= 0 && rank < reached) return; // stages only move forward
  if (rank >= 0) reached = rank;
  if (bar && value > Number(bar.value)) bar.value = value;
  // a resumed game's quiet line (resume.js) stays; a failure is still said
  if (stage && (!root.hasAttribute("data-resume") || name === "failed")) {
    stage.textContent = text(name);
    stage.setAttribute("data-i18n", `boot.${name}`);
  }
}

function finish() {
  if (done) return;
  show("ready", 100);
  done = true;
  bootLog.push("interactive");
  // the live render has replaced a resume snapshot (if any): it is the page now
  const app = document.getElementById("app");
  if (app && app.hasAttribute("data-snapshot")) {
    app.removeAttribute("inert");
    app.removeAttribute("aria-busy");
    app.removeAttribute("data-snapshot");
  }
  window.setTimeout(() => box && (box.hidden = true), 400);
}

const STAGES = [
  // [PyScript progress text, our stage, bar value]; PyScript 0.7 sends
  // Loading Pyodide > Loading interpreter (the long part) > Loaded interpreter
  // > Loading files > Loaded files > Loaded Pyodide, then py:ready.
  ["Loading Pyodide", "runtime", 10],
  ["Loading interpreter", "runtime", 15],
  ["Loaded interpreter", "runtime", 65],
  ["Loading files", "files", 70],
  ["Loaded files", "files", 80],
  ["Loaded Pyodide", "files", 85],
];

window.addEventListener("py:progress", (event) => {
  const detail = String(event.detail || "");
  for (const [prefix, name, value] of STAGES) {
    if (detail.startsWith(prefix)) show(name, value);
  }
});

document.addEventListener("py:ready", () => {
  bootLog.push("py:ready");
  show("rules", 92);
});

if (root.dataset.ready === "1") {
  finish();
} else {
  new MutationObserver((_, observer) => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      finish();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// If Python never becomes ready, say so plainly (the rest of the page stays).
window.setTimeout(() => {
  const waiting = root.dataset.safeOffer === "1" && !root.dataset.safe; // the player has not chosen yet
  if (!done && root.dataset.ready !== "1" && !waiting) {
    reached = -1;
    show("failed", 0);
    if (box) box.classList.add("is-failed");
  }
}, 120000);

// ---- safe mode (docs/offline.md, "Safe mode") ------------------------------
// Every load counts itself in localStorage until the app is interactive. If
// the last two loads never got there, this one offers to start without the
// saved games (the Python side then sees no spieltisch.save.* key) and, if
// the app noted which save it was reading (spieltisch.boot.item), to
// download or remove that item -- removing only after a second, explicit
// click. Nothing is ever deleted otherwise. Python waits for the choice
// (html[data-safe-offer] without html[data-safe]; event "spieltisch:safe").
const ATTEMPTS = "spieltisch.boot.attempts";
const ITEM = "spieltisch.boot.item";
const SAFE = "spieltisch.safe"; // sessionStorage: this tab chose safe mode

function store(kind) {
  try {
    return kind === "session" ? window.sessionStorage : window.localStorage;
  } catch (err) {
    return null; // storage blocked: no safe mode, nothing to count
  }
}

function getItem(kind, key) {
  try {
    const s = store(kind);
    return s ? s.getItem(key) : null;
  } catch (err) {
    return null;
  }
}

function setItem(kind, key, value) {
  try {
    const s = store(kind);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch (err) {
    // full or blocked: the count is a convenience, never a reason to stop
  }
}

const safeBox = document.getElementById("safe-mode");
const safeNote = document.getElementById("safe-note");
const attempts = Number(getItem("local", ATTEMPTS)) || 0;
setItem("local", ATTEMPTS, String(attempts + 1));

function choose(safe) {
  if (safe) setItem("session", SAFE, "1");
  root.dataset.safe = safe ? "1" : "0";
  if (safeBox) safeBox.hidden = true;
  if (safeNote) safeNote.hidden = !safe;
  document.dispatchEvent(new CustomEvent("spieltisch:safe", { detail: { safe } }));
}

function downloadItem(key) {
  const text = getItem("local", key);
  if (text === null) return;
  const slot = key.replace(/^spieltisch\.[a-z]+\./, "").replace(/[^A-Za-z0-9_-]/g, "");
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `spieltisch-broken-${slot || "item"}.json`;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10000);
}

if (getItem("session", SAFE) === "1") {
  root.dataset.safe = "1"; // this tab chose it before a reload: keep it
  if (safeNote) safeNote.hidden = false;
} else if (attempts >= 2 && safeBox) {
  root.dataset.safeOffer = "1";
  // the key noted right before the read that stopped the last load (the app
  // and static/js/records.js note every save and derived record they read);
  // records.js kept the previous load's note before this load wrote any
  const R = window.spieltischRecords;
  const item = R ? R.previousItem : getItem("local", ITEM);
  const fam = R && item ? R.family(item) : null;
  if (item && getItem("local", item) !== null) {
    for (const el of safeBox.querySelectorAll("[data-safe-item]")) el.hidden = false;
    const code = safeBox.querySelector("[data-safe-key]");
    if (code) code.textContent = item;
    // a derived record (a resume snapshot) is made again from its save: say
    // so; removing it never touches the save
    const derived = safeBox.querySelector("[data-safe-derived]");
    if (derived) derived.hidden = !(fam && fam.kind === "derived");
    safeBox.setAttribute("data-safe-kind", fam ? fam.kind : "unknown");
  }
  safeBox.hidden = false;
  safeBox.addEventListener("click", (event) => {
    const button = event.target.closest("[data-safe]");
    if (!button) return;
    const what = button.getAttribute("data-safe");
    if (what === "without" || what === "with") choose(what === "without");
    else if (what === "export" && item) downloadItem(item);
    else if (what === "remove") safeBox.querySelector("[data-safe-confirm]").hidden = false;
    else if (what === "remove-yes" && item) {
      setItem("local", item, null);
      setItem("local", ITEM, null);
      for (const el of safeBox.querySelectorAll("[data-safe-item], [data-safe-confirm]")) el.hidden = true;
      safeBox.querySelector("[data-safe-removed]").hidden = false;
    }
  });
}

if (safeNote) {
  safeNote.addEventListener("click", (event) => {
    if (!event.target.closest('[data-safe="restore"]')) return;
    setItem("session", SAFE, null);
    window.location.reload();
  });
}

function interactive() {
  setItem("local", ATTEMPTS, null);
  setItem("local", ITEM, null);
}

if (root.dataset.ready === "1") interactive();
else {
  new MutationObserver((_, observer) => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      interactive();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// ---- a region re-rendered in parts (src/app/dom.py App.put, render/parts.py) ----
// One call per region instead of one Python-to-JS call per element and
// attribute. plan: JSON [attrs of the region's first element or null,
// {part key: {attrs: the wrapper's attributes, html: its new inner HTML,
// first: the attributes its first element now has}}] (each key optional).
// Returns false, having changed nothing, when the page is not what the plan
// expects (a part missing): the caller then replaces the region whole.
function setAttrs(el, attrs) {
  for (const name of el.getAttributeNames()) if (!Object.hasOwn(attrs, name)) el.removeAttribute(name);
  for (const [name, value] of Object.entries(attrs)) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
window.spieltischPatch = (region, json) => {
  const [attrs, parts] = JSON.parse(json);
  const first = region.firstElementChild;
  const targets = [];
  for (const [key, change] of Object.entries(parts)) {
    const el = region.querySelector(`[data-part="${CSS.escape(key)}"]`);
    if (!el || (change.first && !el.firstElementChild)) return false;
    targets.push([el, change, key]);
  }
  if (!first) return false;
  // a focused element about to be replaced lets go of focus first, while the
  // page's style is still clean: removed later, after other parts changed,
  // it would make the browser work out all the new style at once
  const active = document.activeElement;
  if (active && active !== document.body && targets.some(([el, c]) => (c.html !== undefined || c.remove) && el.contains(active))) {
    active.blur();
  }
  if (attrs) setAttrs(first, attrs);
  for (const [el, change, key] of targets) {
    if (change.remove) { el.remove(); continue; }
    if (change.attrs) setAttrs(el, change.attrs);
    // the part's end mark stays, as a fresh render of the region has it
    if (change.html !== undefined) el.innerHTML = `${change.html}<!--/${key}-->`;
    else if (change.first) setAttrs(el.firstElementChild, change.first);
  }
  return true;
};

// ---- a hand or a row of choices is one tab stop (roving tabindex, issue 29) ----
// A [data-rove] group (a hand's cards, Brauzeit's dice and choices, Saus und
// Braus's buttons) is one stop in the tab order: Tab enters it on one item --
// the focused one, else the chosen card (aria-pressed), else where the next
// step starts ([data-next]), else the one last moved to, else the first move,
// else the first item -- and the arrow keys (Left/Up back, Right/Down on, both
// wrapping; Home, End) move between its items. The renders never write the
// items' tabindex: this keeps it, after every change under #app.
const ROVE_ITEM = "button:not([disabled]):not([data-illegal])";
const roveItems = (group) => [...group.querySelectorAll(ROVE_ITEM)];

function roveSet(items, stop) {
  for (const e of items) {
    const want = e === stop ? "0" : "-1";
    if (e.getAttribute("tabindex") !== want) e.setAttribute("tabindex", want);
  }
}

function roveAll(scope) {
  const active = document.activeElement;
  for (const group of scope.querySelectorAll("[data-rove]")) {
    const items = roveItems(group);
    if (!items.length) continue;
    const stop = items.find((e) => e === active) || items.find((e) => e.getAttribute("aria-pressed") === "true")
      || items.find((e) => e.hasAttribute("data-next")) || items.find((e) => e.getAttribute("tabindex") === "0")
      || items.find((e) => e.hasAttribute("data-action")) || items[0];
    roveSet(items, stop);
  }
}
window.spieltischRove = roveAll; // for tests

const appRoot = document.getElementById("app");
if (appRoot) {
  roveAll(appRoot);
  // one pass per batch of changes (it runs before the next task: before any key)
  new MutationObserver(() => roveAll(appRoot)).observe(appRoot, {childList: true, subtree: true,
    attributes: true, attributeFilter: ["tabindex", "disabled", "data-illegal", "aria-pressed", "data-next"]});
}

document.addEventListener("focusin", (event) => {
  const el = event.target;
  const group = el instanceof Element ? el.closest("[data-rove]") : null;
  if (group && el.matches(ROVE_ITEM)) roveSet(roveItems(group), el);
});

const ROVE_KEYS = {ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last"};
document.addEventListener("keydown", (event) => {
  const step = ROVE_KEYS[event.key];
  const el = event.target;
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey || !(el instanceof Element)) return;
  const group = el.closest("[data-rove]");
  if (!group || !el.matches(ROVE_ITEM)) return;
  const items = roveItems(group);
  const at = items.indexOf(el);
  const next = step === "first" ? items[0] : step === "last" ? items[items.length - 1]
    : items[(at + step + items.length) % items.length];
  event.preventDefault(); // the hand's scroller does not scroll by itself; focus brings the card into view
  if (next && next !== el) {
    roveSet(items, next);
    next.focus();
  }
}, true); // capture: before the app's own key listener on <body> (src/app/dom.py on_key)
