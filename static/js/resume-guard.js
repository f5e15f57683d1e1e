// Runs first in <head> (a classic script, before the stylesheets): when the
// URL opens a saved game that has a resume snapshot, hide the static hub
// until static/js/resume.js (after #app) has painted the snapshot, so the
// hub never flashes first. resume.js always lifts the mark
// (html[data-resume-pending]); the app's first render replaces #app anyway.
(function () {
  "use strict";
  try {
    const m = /^#\/play\/([^/?#]+)\/?$/.exec(window.location.hash || "");
    if (!m) return;
    const ls = window.localStorage;
    if ((Number(ls.getItem("spieltisch.boot.attempts")) || 0) >= 2) return; // safe mode may be offered
    if (window.sessionStorage.getItem("spieltisch.safe") === "1") return;
    if (ls.getItem("spieltisch.snap." + decodeURIComponent(m[1])) === null) return;
    document.documentElement.setAttribute("data-resume-pending", "");
  } catch (err) {
    // storage blocked or a bad slot: nothing to hide
  }
})();
