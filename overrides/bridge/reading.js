/* Where the reader is on a long page (issue 31, item 7).
 *
 * A reading-progress mark: a thin line along the header's lower edge, as long as the part of the page
 * already scrolled past, on pages taller than LONG screens (aria-hidden: the table of contents and the
 * headings say the same to a screen reader). And the language switch keeps the section: the link to
 * the other language carries the number of the heading the reader is in (#aula-section-N), and a page
 * opened so scrolls to its own N-th heading (twin pages have the same headings in the same order; their
 * ids differ, being each language's words). No lesson arithmetic here.
 */
var LONG = 3;
var HASH = /^#aula-section-(\d+)$/;

function headings() {
  return Array.prototype.slice.call(document.querySelectorAll(".md-content__inner :is(h2, h3)[id]"));
}

// the index of the last heading at or above the top of the screen (under the header), or -1
function current(list, header) {
  var top = header ? header.getBoundingClientRect().bottom : 0;
  var n = -1;
  for (var i = 0; i < list.length && list[i].getBoundingClientRect().top <= top + 8; i++) n = i;
  return n;
}

export function startReading() {
  var list = headings(), header = document.querySelector(".md-header");
  document.querySelectorAll("a.md-select__link[hreflang]").forEach(function (a) {
    a.addEventListener("click", function () {
      var n = current(list, header), href = a.getAttribute("href").split("#")[0];
      a.setAttribute("href", n >= 0 ? href + "#aula-section-" + n : href);
    });
  });
  var asked = HASH.exec(location.hash);
  function land() {  // the heading just under the sticky header
    var h = asked && list[+asked[1]];
    if (h) window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - (header ? header.offsetHeight : 0) - 8);
  }
  land();
  window.addEventListener("load", land, { once: true });  // after the figures' real heights
  if (!header) return;
  var mark = document.createElement("div");
  mark.className = "aula-reading";
  mark.setAttribute("aria-hidden", "true");
  mark.hidden = true;
  header.appendChild(mark);
  var queued = false;
  function show() {
    queued = false;
    var root = document.documentElement, total = root.scrollHeight - window.innerHeight;
    mark.hidden = !(root.scrollHeight > LONG * window.innerHeight && total > 0);
    if (!mark.hidden) mark.style.transform = "scaleX(" + Math.min(1, Math.max(0, window.scrollY / total)) + ")";
  }
  function later() { if (!queued) { queued = true; window.requestAnimationFrame(show); } }
  window.addEventListener("scroll", later, { passive: true });
  window.addEventListener("resize", later);
  show();
}
