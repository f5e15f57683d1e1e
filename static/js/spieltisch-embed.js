/* Spieltisch for blogs (docs/blogging.md): the one small script a blog page
 * loads for all its Spieltisch figures. It loads nothing else: no Pyodide, no
 * PyScript, no other file of the site, until a reader clicks "Play from here".
 *
 *   <figure data-spieltisch-play="EMBED-URL">  a diagram; the click swaps in the iframe
 *   <figure data-spieltisch-replay>             frames + log lines; first/back/forward/last, play
 *
 * Without this script both still work: the diagram links to the position, a
 * replay shows its last frame and the list of moves. Styles are set through
 * the CSSOM (allowed under style-src 'self'); no inline script, no eval.
 *
 * The attributes are untrusted (a blog's comments may let data-* through its
 * sanitizer): only http(s) URLs of the site this script was loaded from, and
 * only its play pages (index.html, embed.html), are ever framed; a replay
 * shows only images of that site or data:image/... URLs. Anything else is
 * refused visibly ("This figure's link is not a Spieltisch page"), and no
 * figure, of any shape, makes this script throw (issue 27).
 */
(function () {
  "use strict";
  // the snippet may include this file more than once; an element with id
  // "spieltischEmbed" is also window.spieltischEmbed, so look for our mark
  if (window.spieltischEmbed && window.spieltischEmbed.version === 1 && !window.spieltischEmbed.nodeType) return;
  try {
    window.spieltischEmbed = { version: 1 };
  } catch (err) {
    // a read-only global: run anyway (a figure set up twice is skipped by data-ready)
  }

  var frames = [];

  // The site this script came from: its own src (document.currentScript while
  // it runs; else the first script whose src names this file), two folders up
  // (static/js/). A blog that hosts a copy of this file names the site on the
  // tag instead: <script src="/js/spieltisch-embed.js" data-site="https://YOUR-SITE/">
  // (the tag is the blog's own; a figure cannot change it).
  var SITE = (function () {
    var me = null;
    try {
      me = document.currentScript;
      if (!me || !me.src) {
        me = null;
        var all = document.getElementsByTagName("script");
        for (var i = 0; i < all.length; i++) {
          if (/spieltisch-embed\.js(?:[?#]|$)/.test(all[i].src || "")) { me = all[i]; break; }
        }
      }
      if (!me) return null;
      var declared = me.getAttribute("data-site");
      var base = declared ? new URL(declared, me.src) : new URL("../../", me.src);
      if (declared && !/\/$/.test(base.pathname)) base = new URL("./", base);
      if (base.protocol !== "http:" && base.protocol !== "https:") return null;
      return { origin: base.origin, path: base.pathname };
    } catch (err) {
      return null;
    }
  })();
  var PAGES = ["", "index.html", "embed.html"];

  function parsed(value) {
    if (typeof value !== "string" || !SITE) return null;
    try {
      var url = new URL(value.trim(), SITE.origin + SITE.path);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      if (url.origin !== SITE.origin || url.username || url.password) return null;
      return url;
    } catch (err) {
      return null;
    }
  }

  // A play or embed page of our site, or null.
  function playURL(value) {
    var url = parsed(value);
    if (!url || url.pathname.indexOf(SITE.path) !== 0) return null;
    return PAGES.indexOf(url.pathname.slice(SITE.path.length)) >= 0 ? url.href : null;
  }

  // An image of our site or a data:image/... URL (never data:image/svg+xml with
  // script: an <img> never runs script), or null.
  function imageURL(value) {
    if (typeof value !== "string") return null;
    var v = value.trim();
    if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(v)) return v;
    var url = parsed(v);
    return url ? url.href : null;
  }

  function lang(figure) {
    var el = figure.closest ? figure.closest("[lang]") : null;
    var code = (el && el.getAttribute("lang")) || "";
    return code.trim().toLowerCase().slice(0, 2) === "de" ? "de" : "en";
  }

  var REFUSED = {
    en: "This figure's link is not a Spieltisch page.",
    de: "Der Link dieser Abbildung führt nicht zu einer Spieltisch-Seite."
  };

  function refuse(figure) {
    if (figure.querySelector(".spieltisch-refused")) return;
    var p = document.createElement("p");
    p.className = "spieltisch-refused";
    p.setAttribute("role", "status");
    p.textContent = REFUSED[lang(figure)];
    p.style.margin = "0.4em 0 0";
    p.style.padding = "0.4em 0.7em";
    p.style.borderLeft = "4px solid #8a1c1c";
    p.style.background = "#fff";
    p.style.color = "#6b1010";
    figure.setAttribute("data-refused", "");
    figure.appendChild(p);
  }

  function button(label, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = label;
    b.style.font = "inherit";
    b.style.padding = "0.45em 0.9em";
    b.style.margin = "0.35em 0.35em 0 0";
    b.style.borderRadius = "999px";
    b.style.border = "2px solid #1f2a24";
    b.style.cursor = "pointer";
    b.style.background = "#fff";
    b.style.color = "#1f2a24";
    return b;
  }

  function fitImage(img) {
    img.style.maxWidth = "100%";
    img.style.height = "auto";
    img.style.display = "block";
  }

  // ---- click-to-play ------------------------------------------------------------------
  function play(figure) {
    if (figure.getAttribute("data-playing")) return;
    var src = playURL(figure.getAttribute("data-spieltisch-play"));
    if (!src) {
      refuse(figure);
      return;
    }
    figure.setAttribute("data-playing", "");
    var link = figure.querySelector("a");
    var img = figure.querySelector("img");
    var iframe = document.createElement("iframe");
    iframe.src = src;
    iframe.title = figure.getAttribute("data-frame-title") || "Spieltisch";
    iframe.setAttribute("data-spieltisch", "");
    iframe.width = "100%";
    iframe.style.width = "100%";
    iframe.style.border = "0";
    iframe.style.height = Math.max(img ? img.getBoundingClientRect().height : 0, 480) + "px";
    frames.push(iframe);
    var old = figure.querySelector(".spieltisch-play-btn");
    if (old) old.remove();
    var spot = link || img;
    if (spot && spot.parentNode) spot.parentNode.replaceChild(iframe, spot);
    else figure.appendChild(iframe);
    iframe.focus();
  }

  function setupPlay(figure) {
    if (figure.getAttribute("data-ready")) return;
    figure.setAttribute("data-ready", "");
    if (!playURL(figure.getAttribute("data-spieltisch-play"))) {
      refuse(figure); // no button: nothing would be framed
      return;
    }
    var img = figure.querySelector("img");
    if (img) fitImage(img);
    var b = button(figure.getAttribute("data-label") || "Play from here", "spieltisch-play-btn");
    b.addEventListener("click", function () { play(figure); });
    var link = figure.querySelector("a");
    if (link) {
      link.addEventListener("click", function (event) { event.preventDefault(); play(figure); });
      link.parentNode.insertBefore(b, link.nextSibling);
    } else {
      figure.insertBefore(b, figure.firstChild);
    }
  }

  // ---- replays -------------------------------------------------------------------------
  function setupReplay(figure) {
    if (figure.getAttribute("data-ready")) return;
    figure.setAttribute("data-ready", "");
    var img = figure.querySelector("img");
    var items = Array.prototype.slice.call(figure.querySelectorAll("li[data-frame]"));
    var list = figure.querySelector("ol");
    if (!img || !items.length) return;
    var urls = items.map(function (li) { return imageURL(li.getAttribute("data-frame")); });
    if (urls.some(function (u) { return u === null; })) {
      refuse(figure); // the static last frame and list stay as they are
      return;
    }
    fitImage(img);
    if (list) list.hidden = true;
    var label = function (key, fallback) { return figure.getAttribute("data-l-" + key) || fallback; };
    var line = document.createElement("p");
    line.className = "spieltisch-line";
    line.setAttribute("aria-live", "polite");
    line.style.margin = "0.4em 0 0";
    var bar = document.createElement("div");
    bar.className = "spieltisch-controls";
    var first = button(label("first", "First"), "spieltisch-first");
    var back = button(label("back", "Back"), "spieltisch-back");
    var forward = button(label("forward", "Forward"), "spieltisch-forward");
    var last = button(label("last", "Last"), "spieltisch-last");
    var toggle = button(label("play-replay", "Play"), "spieltisch-toggle");
    [first, back, forward, last, toggle].forEach(function (b) { bar.appendChild(b); });
    img.parentNode.insertBefore(bar, img.nextSibling);
    bar.parentNode.insertBefore(line, bar.nextSibling);
    var at = items.length - 1;
    var timer = null;
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

    function show(k) {
      at = Math.max(0, Math.min(items.length - 1, k));
      img.src = urls[at];
      var step = label("step", "Step {n} of {total}").replace("{n}", String(at)).replace("{total}", String(items.length - 1));
      line.textContent = step + ": " + items[at].textContent;
      figure.setAttribute("data-step", String(at));
      first.disabled = back.disabled = at === 0;
      forward.disabled = last.disabled = at === items.length - 1;
    }
    function stop() {
      if (timer !== null) window.clearInterval(timer);
      timer = null;
      toggle.textContent = label("play-replay", "Play");
      figure.removeAttribute("data-running");
    }
    function start() {
      if (at >= items.length - 1) show(0);
      toggle.textContent = label("pause", "Pause");
      figure.setAttribute("data-running", "");
      timer = window.setInterval(function () {
        if (at >= items.length - 1) { stop(); return; }
        show(at + 1);
      }, Number(figure.getAttribute("data-interval")) || 1600);
    }
    first.addEventListener("click", function () { stop(); show(0); });
    back.addEventListener("click", function () { stop(); show(at - 1); });
    forward.addEventListener("click", function () { stop(); show(at + 1); });
    last.addEventListener("click", function () { stop(); show(items.length - 1); });
    toggle.addEventListener("click", function () { if (timer === null) start(); else stop(); });
    if (figure.hasAttribute("data-autoplay") && !reduced) {
      show(0);
      start();
    } else {
      show(at);
    }
  }

  // ---- the height message of the embed (docs/embedding.md) -------------------------------
  window.addEventListener("message", function (event) {
    for (var i = 0; i < frames.length; i++) {
      if (event.source !== frames[i].contentWindow) continue;
      var data = event.data;
      if (!data || data.type !== "spieltisch:height") return;
      var height = Number(data.height);
      if (isFinite(height)) frames[i].style.height = Math.min(Math.max(height, 120), 4000) + "px";
    }
  });

  function each(selector, setup) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (figure) {
      try {
        setup(figure);
      } catch (err) {
        // a figure of a shape we do not know: left as the page has it
      }
    });
  }

  function init() {
    each("[data-spieltisch-play]", setupPlay);
    each("[data-spieltisch-replay]", setupReplay);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
