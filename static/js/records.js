// The one bounded reader of what the browser stores, for the page's own
// scripts (issue 27; docs/reliability.md). A classic script, first in <head>;
// tools/build.py writes static/build/records.js as the family table
// (src/spieltisch/ui/records.py FAMILIES, the same table the Python side
// reads through) followed by this file.
//
//   spieltischRecords.family(key)      -> {key, kind, max_chars, max_depth, type, ...} | null
//   spieltischRecords.problem(key, s)  -> null | "too-big" | "too-deep" | "bad-text" | ...
//   spieltischRecords.read(key)        -> the checked value, or null; a bad DERIVED record is removed
//   spieltischRecords.text(key)        -> the stored text if it passes (not parsed), else null
//
// Every read while the page is booting notes the key first
// (spieltisch.boot.item), so safe mode (static/js/boot.js) names the record
// that really stopped the page. Nothing here parses a text before its length,
// nesting depth (counted in one loop, no recursion; brackets inside strings do
// not count) and UTF-16 (no lone surrogate, raw or escaped) are checked.
//
// It also does what resume-guard.js did: when the URL opens a saved game that
// has a usable resume snapshot, it hides the static hub until
// static/js/resume.js has painted it (html[data-resume-pending]).
(function () {
  "use strict";
  const FAMILIES = Array.isArray(window.spieltischRecordFamilies) ? window.spieltischRecordFamilies : [];
  const ITEM = "spieltisch.boot.item";
  const MAX_NUMBER = 40; // as src/spieltisch/core/safejson.py
  const root = document.documentElement;
  // what the previous load noted, before this load notes anything: safe mode's item
  let previousItem = null;
  try {
    previousItem = window.localStorage.getItem(ITEM);
  } catch (err) {
    previousItem = null;
  }

  function store(kind) {
    try {
      return kind === "session" ? window.sessionStorage : window.localStorage;
    } catch (err) {
      return null;
    }
  }

  function family(key) {
    if (typeof key !== "string") return null;
    for (const f of FAMILIES) if (!f.prefix && f.key === key) return f;
    for (const f of FAMILIES) if (f.prefix && key.startsWith(f.key) && key.length > f.key.length) return f;
    return null;
  }

  const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const ESCAPED_LONE = /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

  function wellFormed(text) {
    const raw = typeof text.isWellFormed === "function" ? text.isWellFormed() : !LONE.test(text);
    return raw && (text.indexOf("\\u") < 0 || !ESCAPED_LONE.test(text));
  }

  // Length, depth and number runs in one loop, without recursion.
  function scan(text, maxDepth) {
    let depth = 0;
    let run = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 34) { // a string: skip to its end
        run = 0;
        i += 1;
        while (i < text.length) {
          const d = text.charCodeAt(i);
          if (d === 92) i += 2;
          else if (d === 34) break;
          else i += 1;
        }
        if (i >= text.length) return "not-json"; // cut off
      } else if (c === 91 || c === 123) {
        run = 0;
        depth += 1;
        if (depth > maxDepth) return "too-deep";
      } else if (c === 93 || c === 125) {
        run = 0;
        depth = Math.max(0, depth - 1);
      } else if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69) {
        run += 1;
        if (run > MAX_NUMBER) return "big-number";
      } else {
        run = 0;
      }
    }
    return null;
  }

  function problem(key, text) {
    const f = family(key);
    if (!f) return "unknown-key";
    if (typeof text !== "string") return "not-text";
    if (text.length > f.max_chars) return "too-big";
    if (!wellFormed(text)) return "bad-text";
    if (f.type === "int") return /^[0-9]{1,8}$/.test(text) ? null : "wrong-type";
    if (f.type === "text") return null;
    const found = scan(text, f.max_depth);
    if (found) return found;
    if (f.type === "object" && !/^\s*\{/.test(text)) return "wrong-type";
    return null;
  }

  function booting() {
    return root.dataset.ready !== "1";
  }

  function note(key, f) {
    if (!booting() || !f || (f.kind !== "save" && f.kind !== "derived")) return;
    try {
      window.localStorage.setItem(ITEM, key);
    } catch (err) {
      // full or blocked: safe mode then names no item
    }
  }

  function raw(key) {
    const f = family(key);
    const s = store(f ? f.store : "local");
    if (!s) return null;
    note(key, f);
    try {
      return s.getItem(key);
    } catch (err) {
      return null;
    }
  }

  function drop(key) {
    const f = family(key);
    if (!f || f.kind !== "derived") return false;
    try {
      store(f.store).removeItem(key);
    } catch (err) {
      // blocked: the record stays ignored
    }
    return true;
  }

  function text(key) {
    const value = raw(key);
    if (value === null) return null;
    const why = problem(key, value);
    if (why === null) return value;
    if (why !== "unknown-key") drop(key);
    return null;
  }

  function read(key) {
    const value = text(key);
    if (value === null) return null;
    const f = family(key);
    if (f.type === "text") return value;
    if (f.type === "int") return Number(value);
    let data;
    try {
      data = JSON.parse(value);
    } catch (err) {
      drop(key);
      return null;
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) {
      drop(key);
      return null;
    }
    return data;
  }

  window.spieltischRecords = Object.freeze({ family, problem, read, text, drop, wellFormed, previousItem, families: FAMILIES });

  // ---- the guard of the resume paint (formerly resume-guard.js) -------------------
  try {
    const m = /^#\/play\/([^/?#]+)\/?$/.exec(window.location.hash || "");
    if (!m) return;
    if ((Number(text("spieltisch.boot.attempts")) || 0) >= 2) return; // safe mode may be offered
    if (text("spieltisch.safe") === "1") return;
    const slot = decodeURIComponent(m[1]);
    const key = "spieltisch.snap." + slot;
    const s = store("local");
    const stored = s ? s.getItem(key) : null;
    if (stored === null || problem(key, stored) !== null) return; // resume.js drops a bad one
    root.setAttribute("data-resume-pending", "");
  } catch (err) {
    // storage blocked or a bad slot: nothing to hide
  }
})();
