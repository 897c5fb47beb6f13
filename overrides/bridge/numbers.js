/* Numbers as the reader writes them (Spanish pages: decimal comma "1,5" or decimal point "1.5").
 *
 * lesson_core.kit.fmt writes every Spanish decimal comma marked: U+2060 WORD JOINER before it
 * ("1\u2060,5"), invisible and never before a list comma. The page is built with the comma; for a
 * reader who writes the point this module swaps every marked comma for a point (the mark stays, so
 * the choice can be undone) in text and attributes: as the page is parsed (head.js runs it in <head>,
 * so the comma is never painted), after every part swap and live result, and before print. No lesson
 * arithmetic here: one text replacement. Grouping is a space in both conventions ("12 500").
 *
 * The choice: the header's control (partials/alternate.html), kept in localStorage["aula.numbers"]
 * ("comma" or "point"; anything else falls back to the default), by default from the browser's
 * languages (es-MX, es-US, Central America and the Caribbean: point; other Spanish: comma).
 * Portuguese pages keep the comma and have no control. Copying strips the marks. Search results, written
 * from an index without marks, have their digit-comma-digit decimals swapped too.
 * startNumbers() returns {convention(), choose(name)}; the bridge reads typed numbers by that
 * convention (numtext.js) and hears a change of choice as the "aula:numbers" event {from, to}.
 */

var MARK = "\u2060";
var BARE = /\(?\d+,\d+\)?/g;  // an unmarked decimal comma, or a pair of coordinates in parentheses
var KEY = "aula.numbers";
var POINT_REGIONS = ["MX", "US", "GT", "SV", "HN", "NI", "CR", "PA", "DO", "PR", "CU"];
// style: a card table's column headers are CSS strings in it (svgkit.card_table, `--aula-c1: "T = 1,0"`)
var ATTRS = ["aria-label", "aria-valuetext", "aria-description", "title", "alt", "placeholder", "data-shown", "style"];

// The browser's default for a Spanish reader: the first Spanish language it lists decides.
function browserDefault(languages) {
  for (var i = 0; i < languages.length; i++) {
    var m = /^es(?:[-_]([A-Za-z]{2}|[0-9]{3}))?(?:[-_]|$)/i.exec(String(languages[i] || ""));
    if (m) return m[1] && POINT_REGIONS.indexOf(m[1].toUpperCase()) >= 0 ? "point" : "comma";
  }
  return "comma";
}

function stored() {
  try {
    var v = window.localStorage.getItem(KEY);
    return v === "comma" || v === "point" ? v : null;  // a damaged value: the default
  } catch (e) {
    return null;  // no storage (private mode, file:// policy): the default, without memory
  }
}

function languages() {
  var nav = window.navigator || {};
  return nav.languages && nav.languages.length ? nav.languages : [nav.language || ""];
}

function skip(el) {
  var tag = el.nodeName;
  return tag === "SCRIPT" || tag === "STYLE" || tag === "TEXTAREA";
}

function strip(text) { return text.replace(/\u2060/g, ""); }

export function startNumbers() {
  var root = document.documentElement;
  var spanish = /^es\b/i.test(root.getAttribute("lang") || "");
  var convention = spanish ? (stored() || browserDefault(languages())) : "comma";
  var from = /\u2060,/g, to = "\u2060.";

  function setPattern() {
    from = convention === "point" ? /\u2060,/g : /\u2060\./g;
    to = convention === "point" ? "\u2060." : "\u2060,";
  }

  function fixText(node) {
    var t = node.data;
    if (t.indexOf(MARK) >= 0) {
      var u = t.replace(from, to);
      if (u !== t) node.data = u;
    } else if (convention === "point" && /\d,\d/.test(t) && inSearch(node)) {
      var v = t.replace(BARE, function (m) { return m[0] === "(" && m[m.length - 1] === ")" ? m : m.replace(",", "."); });
      if (v !== t) node.data = v;  // a pair "(1,3)" stays: writing it again would wake the observer for ever
    }
  }

  // A search result: Material writes it from the index, which carries no marks (macros/search.py); in
  // Spanish prose a comma between digits is a decimal (thousands are a thin space), but a pair "(1,3)".
  function inSearch(node) {
    var el = node.parentNode;
    return !!(el && el.nodeType === 1 && el.closest && el.closest(".md-search-result"));
  }

  function fixAttrs(el) {
    for (var i = 0; i < ATTRS.length; i++) {
      var v = el.getAttribute(ATTRS[i]);
      if (v && v.indexOf(MARK) >= 0) {
        var u = v.replace(from, to);
        if (u !== v) el.setAttribute(ATTRS[i], u);
      }
    }
  }

  // Every marked decimal separator under node (itself included) in the current convention.
  function apply(node) {
    if (!node) return;
    if (node.nodeType === 3) { fixText(node); return; }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    if (node.nodeType === 1) {
      if (skip(node)) return;
      fixAttrs(node);
    }
    var walker = document.createTreeWalker(node, 5 /* SHOW_ELEMENT | SHOW_TEXT */, {
      acceptNode: function (n) { return n.nodeType === 1 && skip(n) ? 2 /* REJECT */ : 1; }
    });
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === 3) fixText(n); else fixAttrs(n);
    }
  }

  // While the page is parsed, each node arrives in its own record: the node alone is enough.
  // Afterwards (part swaps, live results), an inserted subtree is walked.
  function onMutations(records) {
    var parsing = document.readyState === "loading";
    for (var i = 0; i < records.length; i++) {
      var r = records[i];
      if (r.type === "characterData") fixText(r.target);
      else if (r.type === "attributes") { if (r.target.nodeType === 1) fixAttrs(r.target); }
      else {
        for (var j = 0; j < r.addedNodes.length; j++) {
          var n = r.addedNodes[j];
          if (n.nodeType === 3) {
            if (!(n.parentNode && n.parentNode.nodeType === 1 && skip(n.parentNode))) fixText(n);
          } else if (n.nodeType === 1) {
            if (parsing) { if (!skip(n)) fixAttrs(n); } else apply(n);
          }
        }
      }
    }
  }

  var observer = window.MutationObserver ? new MutationObserver(onMutations) : null;

  function watch(on) {
    if (!observer) return;
    observer.disconnect();
    if (on) {
      observer.observe(root, { childList: true, subtree: true, characterData: true,
                               attributes: true, attributeFilter: ATTRS });
    }
  }

  // The built page holds the comma: only the point needs work (and a watch for new content).
  if (convention === "point") {
    setPattern();
    watch(true);
    root.setAttribute("data-aula-numbers", "point");
  }

  function choose(next) {
    if (!spanish || (next !== "comma" && next !== "point") || next === convention) return;
    var previous = convention;
    convention = next;
    setPattern();
    try { window.localStorage.setItem(KEY, next); } catch (e) { /* no storage: this page only */ }
    watch(false);
    apply(root);
    watch(next === "point");
    root.setAttribute("data-aula-numbers", next);
    showChoice();
    document.dispatchEvent(new CustomEvent("aula:numbers", { detail: { from: previous, to: next } }));
  }

  function showChoice() {
    document.querySelectorAll("[data-aula-numbers-choice]").forEach(function (group) {
      group.hidden = false;
      group.querySelectorAll("button[data-convention]").forEach(function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-convention") === convention ? "true" : "false");
      });
    });
  }

  // Copying never carries the marks (a pasted "1,5" into a spreadsheet stays a number).
  document.addEventListener("copy", function (ev) {
    var sel = window.getSelection && window.getSelection();
    if (!sel || !ev.clipboardData) return;
    var text = sel.toString();
    if (text.indexOf(MARK) < 0) return;
    var box = document.createElement("div");
    for (var i = 0; i < sel.rangeCount; i++) box.appendChild(sel.getRangeAt(i).cloneContents());
    ev.clipboardData.setData("text/plain", strip(text));
    ev.clipboardData.setData("text/html", strip(box.innerHTML));
    ev.preventDefault();
  });

  function ready() {
    if (convention === "point") apply(root);  // whatever arrived without a record of its own
    showChoice();
    document.querySelectorAll("[data-aula-numbers-choice] button[data-convention]").forEach(function (b) {
      b.addEventListener("click", function () { choose(b.getAttribute("data-convention")); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
  window.addEventListener("beforeprint", function () { if (convention === "point") apply(root); });

  return { convention: function () { return convention; }, choose: choose };
}
