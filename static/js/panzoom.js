// Pan and zoom for a board SVG inside [data-panzoom] (Saboteur's mine).
// Pure view: it only changes the SVG's viewBox. The app re-renders the board
// by replacing innerHTML, so every listener is delegated from the window and
// the viewBox the player chose is put back after each re-render (a
// MutationObserver; it runs before the next paint). "data-pz-key" names what
// the view belongs to (the round): a new key, or a new game screen, starts
// from the fitted view.
// A drag never turns into a click on a [data-action] cell: movement beyond
// DRAG_PX px swallows the click that ends it.
(() => {
  "use strict";
  const DRAG_PX = 6;
  const MIN_SCALE = 0.2;   // zoomed in: the view at most 5x smaller than the fit
  const MAX_SCALE = 2.5;   // zoomed out: at most 2.5x the fit
  let user = null;         // {key, box: [x, y, w, h]} once the player moved the view
  let drag = null;         // {id, x, y, box, moved}
  const pointers = new Map();
  let pinch = null;        // {dist, box, cx, cy}
  let swallowClick = false;

  const viewportOf = (el) => (el && el.closest ? el.closest("[data-panzoom]") : null);
  const svgOf = (vp) => (vp ? vp.querySelector("svg[data-fit]") : null);
  const parse = (s) => String(s || "").trim().split(/[\s,]+/).map(Number);
  const boxOf = (svg) => parse(svg.getAttribute("viewBox"));
  const fitOf = (svg) => parse(svg.getAttribute("data-fit"));

  function clamp(svg, box) {
    const fit = fitOf(svg);
    let [x, y, w, h] = box;
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, w / fit[2]));
    const cx = x + w / 2, cy = y + h / 2;
    w = fit[2] * s; h = fit[3] * s;
    // keep some of the mine in view
    const minX = fit[0] - w * 0.8, maxX = fit[0] + fit[2] - w * 0.2;
    const minY = fit[1] - h * 0.8, maxY = fit[1] + fit[3] - h * 0.2;
    x = Math.min(maxX, Math.max(minX, cx - w / 2));
    y = Math.min(maxY, Math.max(minY, cy - h / 2));
    return [x, y, w, h];
  }

  function set(svg, box) {
    box = clamp(svg, box);
    svg.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
    user = { key: svg.getAttribute("data-pz-key"), root: svg.closest(".play"), box };
  }

  function fit(svg) {
    svg.setAttribute("viewBox", svg.getAttribute("data-fit"));
    user = null;
  }

  // client point -> SVG user units, for the current viewBox
  function toSvg(svg, clientX, clientY) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  function zoomAt(svg, factor, clientX, clientY) {
    const box = boxOf(svg);
    let px = box[0] + box[2] / 2, py = box[1] + box[3] / 2;
    if (clientX !== undefined) {
      const p = toSvg(svg, clientX, clientY);
      if (p) [px, py] = p;
    }
    const w = box[2] * factor, h = box[3] * factor;
    set(svg, [px - (px - box[0]) * factor, py - (py - box[1]) * factor, w, h]);
  }

  function panBy(svg, dxPx, dyPx) {
    const box = boxOf(svg);
    const r = svg.getBoundingClientRect();
    const scale = Math.max(box[2] / Math.max(1, r.width), box[3] / Math.max(1, r.height));
    set(svg, [box[0] - dxPx * scale, box[1] - dyPx * scale, box[2], box[3]]);
  }

  // ---- re-renders: put the player's view back ----
  function restore() {
    for (const svg of document.querySelectorAll("[data-panzoom] svg[data-fit]")) {
      if (svg.__pz) continue;
      svg.__pz = true;
      // the same game screen (a new game or screen re-render starts fitted)
      if (user && user.key === svg.getAttribute("data-pz-key") && user.root === svg.closest(".play")) {
        svg.setAttribute("viewBox", clamp(svg, user.box).map((v) => v.toFixed(1)).join(" "));
      } else {
        user = null;
        // a phone opens zoomed on the tunnel's end (data-focus), not on the whole mine
        // (static/js/resume.js does the same for a resume snapshot: keep them alike)
        // Its width is read in the next frame, whose layout is done anyway: read
        // here, in the click's task, it forced a layout of the new DOM (6-10 ms
        // of every Saboteur move at 10 players; docs/performance.md, issue 32)
        if (svg.getAttribute("data-focus")) narrow.add(svg);
      }
    }
    if (narrow.size && !frame) frame = requestAnimationFrame(zoomNarrow);
  }
  const narrow = new Set();
  let frame = 0;
  function zoomNarrow() {
    frame = 0;
    for (const svg of narrow) {
      if (!user && svg.isConnected && svg.getBoundingClientRect().width < 520) {
        svg.setAttribute("viewBox", svg.getAttribute("data-focus"));
      }
    }
    narrow.clear();
  }
  new MutationObserver(restore).observe(document.documentElement, { childList: true, subtree: true });

  // ---- mouse wheel ----
  window.addEventListener("wheel", (e) => {
    const vp = viewportOf(e.target);
    const svg = svgOf(vp);
    if (!svg) return;
    e.preventDefault();
    const factor = Math.exp(Math.max(-1, Math.min(1, e.deltaY / 300)));
    zoomAt(svg, factor, e.clientX, e.clientY);
  }, { passive: false });

  // ---- pointers: drag to pan, two fingers to pinch ----
  window.addEventListener("pointerdown", (e) => {
    const vp = viewportOf(e.target);
    const svg = svgOf(vp);
    if (!svg || (e.pointerType === "mouse" && e.button !== 0)) return;
    if (e.target.closest && e.target.closest("button")) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    swallowClick = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, box: boxOf(svg),
        cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2 };
      drag = null;
      swallowClick = true;
    } else if (pointers.size === 1) {
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false, vp };
    }
  });

  window.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    const vp = (drag && drag.vp) || document.querySelector("[data-panzoom]");
    const svg = svgOf(vp);
    if (!svg) return;
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
      svg.setAttribute("viewBox", pinch.box.join(" "));
      zoomAt(svg, pinch.dist / dist, pinch.cx, pinch.cy);
      return;
    }
    if (!drag || drag.id !== e.pointerId) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      vp.classList.add("is-dragging");
      // capture only once it is a drag: a plain click must reach its cell
      try { vp.setPointerCapture(e.pointerId); } catch (_) { /* gone */ }
    }
    panBy(svg, dx, dy);
    drag.x = e.clientX; drag.y = e.clientY;
  });

  function end(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (drag && drag.id === e.pointerId) {
      if (drag.moved) swallowClick = true;
      if (drag.vp) drag.vp.classList.remove("is-dragging");
      drag = null;
    }
    if (pointers.size < 2) pinch = null;
  }
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);

  // capture phase on the window: runs before the app's click listener
  window.addEventListener("click", (e) => {
    const btn = e.target.closest && e.target.closest("[data-pz]");
    if (btn) {
      const svg = svgOf(btn.closest("[data-board]"));
      if (svg) {
        const how = btn.getAttribute("data-pz");
        if (how === "in") zoomAt(svg, 1 / 1.25);
        else if (how === "out") zoomAt(svg, 1.25);
        else fit(svg);
      }
      return;
    }
    if (swallowClick && viewportOf(e.target)) {
      e.stopPropagation();
      e.preventDefault();
    }
    swallowClick = false;
  }, true);

  // ---- a cell focused by the keyboard (arrow keys in the grid) comes into view ----
  window.addEventListener("focusin", (e) => {
    const cell = e.target;
    if (!cell || !cell.hasAttribute || !cell.hasAttribute("data-gx")) return;
    const svg = svgOf(viewportOf(cell));
    if (!svg) return;
    const b = cell.getBBox();
    const box = boxOf(svg);
    if (b.x >= box[0] && b.y >= box[1] && b.x + b.width <= box[0] + box[2] && b.y + b.height <= box[1] + box[3]) return;
    set(svg, [b.x + b.width / 2 - box[2] / 2, b.y + b.height / 2 - box[3] / 2, box[2], box[3]]);
  });

  // ---- keyboard: on the viewport (or a cell in it) ----
  window.addEventListener("keydown", (e) => {
    const vp = viewportOf(e.target);
    const svg = svgOf(vp);
    if (!svg || e.altKey || e.ctrlKey || e.metaKey) return;
    const onViewport = e.target === vp;
    const step = 40;
    let done = true;
    if (e.key === "+" || e.key === "=") zoomAt(svg, 1 / 1.25);
    else if (e.key === "-" || e.key === "_") zoomAt(svg, 1.25);
    else if (e.key === "0") fit(svg);
    else if (onViewport && e.key === "ArrowLeft") panBy(svg, step, 0);
    else if (onViewport && e.key === "ArrowRight") panBy(svg, -step, 0);
    else if (onViewport && e.key === "ArrowUp") panBy(svg, 0, step);
    else if (onViewport && e.key === "ArrowDown") panBy(svg, 0, -step);
    else done = false;
    if (done) {
      e.preventDefault();
      e.stopPropagation();  // the app's arrow keys move between cells, not here
    }
  }, true);
})();
