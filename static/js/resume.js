// Resume paint and the hub's "Continue" card, before any Python runs
// (docs/performance.md, "Resume paint"; issue 15).
//
// A classic script right after <main id="app"> in index.html and embed.html:
// it runs while the page is parsed, so a returning player never sees the hub
// flash before their game. static/build/build-id.js (loaded just before)
// sets <html data-app-build>; src/app/snapshot.py stores, for each saved game,
// the play screen a fresh open of that save shows (never a seat's private
// view behind the hot-seat curtain), as
//
//   localStorage["spieltisch.snap.<slot>"] = {"v": 1, "build", "slot", "game",
//     "revision", "updated", "over", "lang", "html",
//     "label": {"en": {"title", "detail"}, "de": {...}},
//     "ready": {"en": "Getting the table ready…", "de": ...},
//     "shell": {"nav.hub": "All games", ...}}   (the page's own texts, in "lang")
//
// A record of another build, of another revision of the save, of a save that
// is gone, or malformed in any way, is ignored. Stored HTML is untrusted
// (another tab or an extension may write localStorage): it is parsed in an
// inert document and only known elements and attributes are copied over;
// no script, handler, style, frame or off-site link survives. The painted
// screen is inert until the live render replaces it (src/app/dom.py renders
// #app on start; static/js/boot.js then drops the marks).
//
// Events for tests and bench/resume.py: window.spieltischBoot (a list of
// names in order: "snapshot-painted", "continue-painted"; boot.js adds
// "py:ready" and "interactive") and performance marks "spieltisch:<name>".

(function () {
  "use strict";

  const SNAP = "spieltisch.snap.";
  const SAVE = "spieltisch.save.";
  const MAX_RECORD = 400000; // characters; the writer keeps them under 200,000
  const LANGS = ["en", "de"];
  const root = document.documentElement;
  const app = document.getElementById("app");
  const log = (window.spieltischBoot = window.spieltischBoot || []);

  function note(name) {
    log.push(name);
    try {
      performance.mark("spieltisch:" + name);
    } catch (err) {
      // marks are for benches only
    }
  }

  function storage(kind) {
    try {
      return kind === "session" ? window.sessionStorage : window.localStorage;
    } catch (err) {
      return null;
    }
  }

  function get(key, kind) {
    try {
      const s = storage(kind);
      return s ? s.getItem(key) : null;
    } catch (err) {
      return null;
    }
  }

  function snapKeys() {
    const out = [];
    try {
      const s = storage("local");
      for (let i = 0; s && i < s.length; i += 1) {
        const key = s.key(i);
        if (typeof key === "string" && key.startsWith(SNAP)) out.push(key);
      }
    } catch (err) {
      return [];
    }
    return out;
  }

  function pageLang() {
    // as spieltisch.i18n.pick_lang(saved preference, navigator.language)
    for (const cand of [R ? R.text("spieltisch.lang") : null, navigator.language]) {
      if (typeof cand === "string" && cand) {
        const base = cand.trim().toLowerCase().replace("_", "-").split("-")[0];
        if (LANGS.includes(base)) return base;
      }
    }
    return "en";
  }

  function isText(value, max) {
    return typeof value === "string" && value.length <= max;
  }

  function texts(obj, max) {
    // {"en": ..., "de": ...}: every language a string (or {title, detail})
    if (!obj || typeof obj !== "object") return false;
    return LANGS.every((l) => {
      const v = obj[l];
      if (max === 0) return v && typeof v === "object" && isText(v.title, 200) && isText(v.detail, 300);
      return isText(v, max);
    });
  }

  // The record for a slot, checked; null if it must not be shown. Read through
  // the bounded reader (static/js/records.js): a record too big, nested too
  // deeply, not valid UTF-16 or of the wrong shape is dropped (it is made again
  // from its save, which is never touched); another build's or revision's is
  // only ignored.
  const R = window.spieltischRecords;
  function record(slot) {
    const build = root.getAttribute("data-app-build") || "";
    if (!build || !R) return null;
    const r = R.read(SNAP + slot);
    if (r === null) return null;
    const shaped = r.v === 1 && r.slot === slot && isText(r.html, MAX_RECORD) && Number.isSafeInteger(r.revision) &&
      Number.isSafeInteger(r.updated) && isText(r.game, 40) && typeof r.over === "boolean" && LANGS.includes(r.lang) &&
      texts(r.label, 0) && texts(r.ready, 200);
    if (!shaped) {
      R.drop(SNAP + slot);
      return null;
    }
    if (r.build !== build) return null;
    const save = R.read(SAVE + slot); // a save is never dropped by a reader
    if (save === null) return null; // deleted or unreadable: nothing to continue
    const meta = save.meta;
    const revision = meta && Number.isSafeInteger(meta.revision) ? meta.revision : 0;
    if (revision !== r.revision) return null; // written for another state of the game
    return r;
  }

  // ---- untrusted HTML -> inert, known nodes only ------------------------------------
  const TAGS = new Set(("a aside b br button circle clippath defs desc details div dd dl dt ellipse em " +
    "fieldset figcaption figure footer g h1 h2 h3 h4 h5 h6 header hr i input kbd label legend li line " +
    "lineargradient radialgradient stop main mark meter nav ol option output p path pattern polygon " +
    "polyline progress rect section select small span strong sub summary sup svg symbol table tbody td " +
    "text textarea tfoot th thead title tr tspan u ul use").split(" "));
  const ATTRS = new Set(("class id role tabindex title lang hidden disabled type value name for " +
    "reversed start rows cols maxlength readonly spellcheck checked selected open colspan rowspan " +
    "max min low high optimum download focusable viewbox preserveaspectratio xmlns width height " +
    "x y x1 x2 y1 y2 cx cy r rx ry d points transform fill stroke stroke-width stroke-dasharray " +
    "stroke-linecap stroke-linejoin opacity fill-opacity stroke-opacity font-size font-weight " +
    "text-anchor dominant-baseline clip-path offset stop-color gradientunits patternunits").split(" "));

  function safeHref(el, value) {
    if (el.localName === "use") return /^#[A-Za-z0-9_:.-]+$/.test(value); // a symbol in the same SVG
    if (value.startsWith("#")) return true;
    try {
      const url = new URL(value, window.location.href);
      return url.origin === window.location.origin && (url.protocol === "http:" || url.protocol === "https:");
    } catch (err) {
      return false;
    }
  }

  function keepAttr(el, name) {
    const lower = name.toLowerCase();
    if (lower === "href") return safeHref(el, el.getAttribute(name));
    if (ATTRS.has(lower)) return true;
    return (lower.startsWith("data-") || lower.startsWith("aria-")) && /^(data|aria)-[a-z0-9-]+$/.test(lower);
  }

  function clean(root) {
    // one walk over the tree (a TreeWalker, attribute names as strings: no
    // Attr objects), dropping what is not known and all that it holds
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    const drop = [];
    let node = walker.nextNode();
    while (node) {
      if (node.nodeType === 3) {
        node = walker.nextNode(); // text
        continue;
      }
      if (node.nodeType !== 1 || !TAGS.has(node.localName.toLowerCase())) {
        drop.push(node); // comments, scripts, styles, frames, objects, forms, images, animations...
        let next = walker.nextSibling();
        while (!next && walker.parentNode()) next = walker.nextSibling();
        node = next;
        continue;
      }
      for (const name of node.getAttributeNames()) if (!keepAttr(node, name)) node.removeAttribute(name);
      node = walker.nextNode();
    }
    for (const gone of drop) gone.remove();
  }

  function sanitized(html) {
    // DOMParser's document has no browsing context: nothing in it runs or loads
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html");
    clean(doc.body);
    const frag = document.createDocumentFragment();
    for (const child of Array.from(doc.body.childNodes)) frag.appendChild(document.adoptNode(child));
    return frag;
  }

  // ---- painting ---------------------------------------------------------------------
  function slotOfHash() {
    const m = /^#\/play\/([^/?#]+)\/?$/.exec(window.location.hash || "");
    if (!m) return null;
    try {
      return decodeURIComponent(m[1]);
    } catch (err) {
      return null;
    }
  }

  function blocked() {
    // safe mode (boot.js): the player starts without saves, or is about to be asked
    return get("spieltisch.safe", "session") === "1" || (Number(get("spieltisch.boot.attempts", "local")) || 0) >= 2;
  }

  function painting() {
    return !app || root.dataset.ready === "1" || blocked();
  }

  // On a phone the mine (Saboteur) opens zoomed on the tunnel's end, as
  // static/js/panzoom.js shows the live board (same attribute, same 520 px):
  // the live render then lands on the view the snapshot already shows.
  function focusMine() {
    for (const svg of app.querySelectorAll("[data-panzoom] svg[data-fit][data-focus]")) {
      if (svg.getBoundingClientRect().width < 520) svg.setAttribute("viewBox", svg.getAttribute("data-focus"));
    }
  }

  // The page's own texts around the snapshot (header, progress line, offline
  // note) in the snapshot's language, as src/app/dom.py translate_static
  // sets them once live; text only, each checked. An old record without
  // them leaves the page's as they are.
  function shellIn(lang, shell) {
    if (!shell || typeof shell !== "object") return;
    for (const el of document.querySelectorAll("[data-i18n]")) {
      if (app.contains(el) || el.hasAttribute("data-i18n-args")) continue;
      const value = shell[el.getAttribute("data-i18n")];
      if (isText(value, 300)) el.textContent = value;
    }
    if (isText(shell["site.title"], 300)) document.title = shell["site.title"];
    for (const button of document.querySelectorAll("[data-lang-switch] [data-ui^='lang:']")) {
      const on = button.getAttribute("data-ui") === "lang:" + lang;
      button.setAttribute("aria-pressed", String(on));
      button.classList.toggle("is-current", on);
    }
  }

  function paintSnapshot(slot) {
    if (painting()) return false;
    const r = record(slot);
    if (!r) return false;
    app.replaceChildren(sanitized(r.html));
    focusMine();
    app.setAttribute("inert", "");
    app.setAttribute("aria-busy", "true");
    app.setAttribute("data-snapshot", r.game.replace(/[^a-z_]/g, ""));
    app.dataset.screen = r.over ? "over" : "play";
    root.lang = r.lang;
    root.setAttribute("data-resume", "");
    shellIn(r.lang, r.shell);
    const stage = document.getElementById("boot-stage");
    if (stage) stage.textContent = r.ready[r.lang];
    note("snapshot-painted");
    return true;
  }

  function newest() {
    let best = null;
    for (const key of snapKeys()) {
      const r = record(key.slice(SNAP.length));
      if (r && !r.over && (!best || r.updated > best.updated)) best = r;
    }
    return best;
  }

  function paintContinue() {
    if (painting()) return;
    const hub = app.querySelector(".hub");
    if (!hub || hub.querySelector("[data-continue]")) return;
    const r = newest();
    if (!r) return;
    const label = r.label[pageLang()];
    // the same markup as spieltisch.ui.screens.continue_card, built from text only
    const section = document.createElement("section");
    section.className = "hub-continue";
    section.setAttribute("data-continue", "");
    section.setAttribute("aria-labelledby", "continue-h");
    const link = document.createElement("a");
    link.className = "continue-card";
    link.href = "#/play/" + encodeURIComponent(r.slot);
    const h = document.createElement("h2");
    h.id = "continue-h";
    h.className = "continue-title";
    h.textContent = label.title;
    const p = document.createElement("p");
    p.className = "continue-detail";
    p.textContent = label.detail;
    link.append(h, p);
    section.append(link);
    hub.prepend(section);
    note("continue-painted");
  }

  const slot = slotOfHash();
  try {
    if (slot !== null) paintSnapshot(slot);
  } finally {
    root.removeAttribute("data-resume-pending"); // static/js/records.js hid the hub meanwhile
  }
  if (slot === null && (!window.location.hash || window.location.hash === "#/" || window.location.hash === "#")) paintContinue();

  // "Continue" (or any play link) followed before Python is ready: paint it too.
  window.addEventListener("hashchange", () => {
    const next = slotOfHash();
    if (next !== null && paintSnapshot(next)) window.scrollTo(0, 0);
  });
})();
