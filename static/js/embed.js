// embed.html: tell the embedding page how tall this document is, whenever
// that changes, so it can size the iframe (docs/embedding.md).
//
// Message: {type: "spieltisch:height", height: <CSS px>} to window.parent.
// targetOrigin is "*": the page cannot know who embeds it, and the height of
// the game is nothing secret (the blog's own script must still check
// event.source === iframe.contentWindow before trusting it).

let last = -1;

function post() {
  if (window.parent === window) return; // opened on its own, not in a frame
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === last) return;
  last = height;
  window.parent.postMessage({ type: "spieltisch:height", height }, "*");
}

new ResizeObserver(post).observe(document.body);
window.addEventListener("load", post);
