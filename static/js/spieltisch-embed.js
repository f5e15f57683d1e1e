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
 */
(function () {
  "use strict";
  if (window.spieltischEmbed) return; // the snippet may include this file more than once
  window.spieltischEmbed = { version: 1 };

  var frames = [];

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
    var src = figure.getAttribute("data-spieltisch-play");
    if (!src || figure.getAttribute("data-playing")) return;
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
    (link || img).replaceWith(iframe);
    iframe.focus();
  }

  function setupPlay(figure) {
    if (figure.getAttribute("data-ready")) return;
    figure.setAttribute("data-ready", "");
    var img = figure.querySelector("img");
    if (img) fitImage(img);
    var b = button(figure.getAttribute("data-label") || "Play from here", "spieltisch-play-btn");
    b.addEventListener("click", function () { play(figure); });
    var link = figure.querySelector("a");
    if (link) {
      link.addEventListener("click", function (event) { event.preventDefault(); play(figure); });
      link.after(b);
    } else {
      figure.prepend(b);
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
    img.after(bar);
    bar.after(line);
    var at = items.length - 1;
    var timer = null;
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

    function show(k) {
      at = Math.max(0, Math.min(items.length - 1, k));
      img.src = items[at].getAttribute("data-frame");
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

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-spieltisch-play]"), setupPlay);
    Array.prototype.forEach.call(document.querySelectorAll("[data-spieltisch-replay]"), setupReplay);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
