/* Aula's HTML rule in the browser: nothing reaches the page that the build's checks would refuse.
 *
 * The rule is stated once, in macros/checks.py (RULE: an allow-list of the elements and attributes
 * widgets produce, href only as an inline image, no style that loads anything); the build writes it
 * into each page with widgets as <script type="application/json" id="aula-html-rule">. Here a part's
 * HTML is parsed inert (in a <template>: no script runs, nothing loads, no handler fires), every
 * element and attribute is checked against the rule, and the checked nodes themselves are what the
 * bridge inserts: nothing is parsed twice. The build's two other checks hold here too: well-formed
 * (every element closed in order: the same tag scanner as checks.py's) and finite (no NaN, inf or
 * infinity as a word). A style is read as CSS reads it (escapes and comments decoded: cssPlain).
 * Without the rule on the page, everything is refused. The hostile cases both checks are tested on:
 * tests/hostile_html.json. parse(html) -> {fragment} or {problem}; checkParts(widget, parts, params)
 * checks a whole answer for widgets.js.
 */
var NS = { "http://www.w3.org/1999/xhtml": true, "http://www.w3.org/2000/svg": true };
var rule = null;

function set(list) {
  var out = Object.create(null);
  (list || []).forEach(function (name) { out[name] = true; });
  return out;
}

function loadRule() {
  if (rule) return rule;
  var el = document.getElementById("aula-html-rule");
  var data = null;
  try { data = el && JSON.parse(el.textContent); } catch (e) { data = null; }
  if (!data) return null;
  rule = { elements: set(data.elements), attributes: set(data.attributes),
           prefixes: data.attribute_prefixes || [], hrefs: data.href_prefixes || [],
           styles: data.style_refused || ["url("] };
  return rule;
}

function startsWithAny(text, prefixes) {
  return prefixes.some(function (p) { return text.slice(0, p.length) === p; });
}

// A style as CSS reads its words (checks.py css_plain): comments out, escapes decoded, the inside of
// every quoted string emptied (a string loads nothing; it ends at its quote or, unclosed, at a line
// break), no spaces, lower case.
var ESCAPE = /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/y;
export function cssPlain(style) {
  style = String(style);
  var out = "", i = 0, n = style.length;
  while (i < n) {
    var c = style[i];
    if (style.startsWith("/*", i)) {
      var end = style.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      i += 1;
      while (i < n && style[i] !== c && "\n\r\f".indexOf(style[i]) < 0) i += style[i] === "\\" ? 2 : 1;
      if (i < n && style[i] === c) i += 1;
      out += c + c;
    } else if (c === "\\") {
      ESCAPE.lastIndex = i;
      var m = ESCAPE.exec(style);
      if (!m) { i += 1; continue; }
      i = ESCAPE.lastIndex;
      if (m[1]) {
        var code = parseInt(m[1], 16);
        out += code > 0 && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF) ? String.fromCodePoint(code) : "\ufffd";
      } else out += m[2] ? "" : (m[3] || "");
    } else {
      out += c;
      i += 1;
    }
  }
  return out.replace(/\s+/g, "").toLowerCase();
}

// "nan", "inf", "infinity" as a word (checks.py NON_FINITE; a word as Python's \b sees it)
var NON_FINITE = /(?<![\p{L}\p{N}_])(nan|inf|infinity)(?![\p{L}\p{N}_])/iu;
var VOID = set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/* Well-formed as checks.py's scanner reads it: every element closed in order, no stray end tag, no
   tag left open at the end. Comments are skipped; a tag ending in "/>" closes itself. */
function formProblem(html) {
  var tags = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][^\s\/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  var stack = [], m;
  while ((m = tags.exec(html))) {
    if (!m[2]) continue;
    var tag = m[2].toLowerCase();
    if (VOID[tag]) continue;
    if (!m[1]) { if (!/\/\s*$/.test(m[3])) stack.push(tag); continue; }
    if (!stack.length) return "</" + tag + "> closes nothing";
    if (stack[stack.length - 1] !== tag) return "</" + tag + "> closes <" + stack[stack.length - 1] + ">";
    stack.pop();
  }
  if (stack.length) return "<" + stack.join(">, <") + "> never closed";
  if (/<[a-zA-Z\/!?]/.test(html.replace(tags, ""))) return "a tag or comment never finished";
  return null;
}

// What breaks the rule in one element (the same words as macros/checks.py rule_problems).
function elementProblem(el, r) {
  var tag = el.localName.toLowerCase();
  if (!NS[el.namespaceURI]) return "<" + tag + ">, an element outside HTML and SVG";
  if (tag === "script") return "a <script> element";
  if (!r.elements[tag]) return "<" + tag + ">, an element outside the widgets' HTML";
  for (var i = 0; i < el.attributes.length; i++) {
    var name = el.attributes[i].name.toLowerCase();
    var value = el.attributes[i].value.replace(/^\s+/, "").toLowerCase();
    if (name.slice(0, 2) === "on") return "an event attribute " + name + "= on <" + tag + ">";
    if (!r.attributes[name] && !startsWithAny(name, r.prefixes)) {
      return "the attribute " + name + "= on <" + tag + ">, outside the widgets' HTML";
    }
    if (name === "href" && !startsWithAny(value, r.hrefs)) {
      return (value.slice(0, 11) === "javascript:" ? "a javascript: link" : "a link") + " on <" + tag + ">";
    }
    if (name === "style") {
      var plain = cssPlain(value);
      var found = r.styles.filter(function (f) { return plain.indexOf(f) >= 0; })[0];
      if (found) return found + " in the style of <" + tag + "> (a style may load nothing)";
    }
    if (value.slice(0, 5) !== "data:" && NON_FINITE.test(el.attributes[i].value)) {
      return "a non-finite number in <" + tag + " " + name + ">";
    }
  }
  return null;
}

function textProblem(root) {
  var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    var found = NON_FINITE.exec(node.data);
    if (found) return "a non-finite number in the text: '" + found[0] + "'";
  }
  return null;
}

export function parse(html) {
  var r = loadRule();
  if (!r) return { problem: "the page carries no HTML rule (#aula-html-rule)" };
  var template = document.createElement("template");  // never attached: its content is inert
  template.innerHTML = String(html);
  var all = template.content.querySelectorAll("*");
  for (var i = 0; i < all.length; i++) {
    var found = elementProblem(all[i], r);
    if (found) return { problem: found };
  }
  var other = formProblem(String(html)) || textProblem(template.content);
  if (other) return { problem: other };
  return { fragment: template.content };
}

/* A widget's answer, part by part: [[element, html, checked nodes], ...] for the parts that change,
   or null when one part breaks the rule; then the author reads in the console the widget, the
   part, the parameters and what was refused. */
export function checkParts(w, parts, params) {
  var ready = [];
  var names = Object.keys(parts);
  for (var i = 0; i < names.length; i++) {
    var el = w.querySelector('.aula-part[data-part="' + names[i] + '"]');
    if (!el || el._html === parts[names[i]]) continue;
    var checked = parse(parts[names[i]]);
    if (checked.problem) {
      if (window.console) {
        console.error("Aula: refused the HTML of widget " + w.getAttribute("data-widget") + " (#" + w.id + "), part " +
                      names[i] + ", with parameters " + JSON.stringify(params) + ": " + checked.problem +
                      " (the rule for widget HTML: macros/checks.py)");
      }
      return null;
    }
    ready.push([el, parts[names[i]], checked.fragment]);
  }
  return ready;
}

