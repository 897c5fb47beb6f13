/* Aula's HTML rule in the browser: nothing reaches the page that the build's checks would refuse.
 *
 * The rule is stated once, in macros/checks.py (RULE: an allow-list of the elements and attributes
 * widgets produce, href only as an inline image, no url( in a style); the build writes it into each
 * page with widgets as <script type="application/json" id="aula-html-rule">. Here a part's HTML is
 * parsed inert (in a <template>: no script runs, nothing loads, no handler fires), every element
 * and attribute is checked against the rule, and the checked nodes themselves are what the bridge
 * inserts: nothing is parsed twice. Without the rule on the page, everything is refused.
 * parse(html) -> {fragment} or {problem}; checkParts(widget, parts, params) checks a whole answer
 * for widgets.js.
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
           prefixes: data.attribute_prefixes || [], hrefs: data.href_prefixes || [] };
  return rule;
}

function startsWithAny(text, prefixes) {
  return prefixes.some(function (p) { return text.slice(0, p.length) === p; });
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
    if (name === "style" && value.replace(/\s+/g, "").indexOf("url(") >= 0) return "a url( in the style of <" + tag + ">";
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

