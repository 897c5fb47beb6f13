/* Shareable widget states in the page's link.
 *
 * Link format (the page's fragment):  #w=<widget>[~n]:<param>=<value>,<param>=<value>;<widget>:...
 *   <widget> is the widget id (data-widget), ~n the nth block of that widget on the page (from 0),
 *   values are the controls' canonical strings, URI-encoded. Unknown widgets, unknown parameters
 *   and values a control cannot take are dropped with a short note; the rest applies.
 * What a control can take is what the build declared, never re-derived here: a choice's options, a
 * slider's stops (the keys of its data-shown), a toggle's "1"/"0"; a typed number is set and then
 * checked by the bridge's one reader (numtext.js, by the field's data-spec), and refused values go back.
 * Copying a link also shows its QR code (qr.js) under the field, and, for a state that needs live Python,
 * what it costs each device with the nearest precomputed state (cost.js).
 * createShare(bridge, widgets, T, applied(w)) -> {apply(), control(w), link(w)}.
 */
import { el, fill } from "./dom.js";
import { qrFigure } from "./qr.js";
import { costNote, preparing } from "./cost.js";

export function parseLink(hash) {
  var m = /^#w=(.*)$/.exec(hash || "");
  if (!m) return null;
  return m[1].split(";").filter(Boolean).map(function (entry) {
    var i = entry.indexOf(":");
    var name = i < 0 ? entry : entry.slice(0, i);
    var params = {};
    (i < 0 ? "" : entry.slice(i + 1)).split(",").filter(Boolean).forEach(function (kv) {
      var j = kv.indexOf("=");
      try {
        params[decodeURIComponent(j < 0 ? kv : kv.slice(0, j))] = j < 0 ? "" : decodeURIComponent(kv.slice(j + 1));
      } catch (e) { params["\u2026"] = ""; }  // a broken escape: reported as a bad value
    });
    return { name: name, params: params };
  });
}

// A parameter name as the core writes them (kit/controls.py): anything else in a link is refused
// before it reaches a selector or the page.
var NAME = /^[A-Za-z_][A-Za-z0-9_]{0,40}$/;
// At most this many entries of a link are read, and a notice names at most NAMED names, each cut
// to SHORT characters and stripped of controls: a link cannot plant a long message on the page.
var MAX_ENTRIES = 64, NAMED = 3, SHORT = 24;

export function shownNames(names, more) {
  var shown = names.slice(0, NAMED).map(function (n) {
    var clean = String(n).replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "");
    return clean.length > SHORT ? clean.slice(0, SHORT - 1) + "\u2026" : clean || "\u2026";
  }).join(", ");
  return names.length > NAMED ? shown + " " + fill(more, { n: names.length - NAMED }) : shown;
}

// Whether the control `name` of w can take `value` (a typed field: checked by the bridge once set).
export function acceptable(w, name, value) {
  if (!NAME.test(name)) return false;
  var inputs = Array.prototype.filter.call(w.querySelectorAll("[data-param]"), function (i) {
    return i.getAttribute("data-param") === name;
  });
  if (!inputs.length) return false;
  var input = inputs[0];
  if (input.type === "radio") return inputs.some(function (r) { return r.value === value; });
  if (input.type === "checkbox") return value === "0" || value === "1";
  if (input.tagName === "SELECT") return Array.prototype.some.call(input.options, function (o) { return o.value === value; });
  if (input.type === "range") {
    var stops = {};
    try { stops = JSON.parse(input.getAttribute("data-shown") || "{}"); } catch (e) { stops = {}; }
    return Object.prototype.hasOwnProperty.call(stops, value);
  }
  return value.length <= 5000;
}

export function createShare(bridge, widgets, T, applied) {
  function instanceName(w) {
    var id = w.getAttribute("data-widget");
    var same = widgets.filter(function (x) { return x.getAttribute("data-widget") === id; });
    var n = same.indexOf(w);
    return n > 0 ? id + "~" + n : id;
  }
  function link(w) {
    var read = bridge ? bridge.read(w) : { values: {} };
    var pairs = Object.keys(read.values).map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(read.values[k]);
    });
    return location.href.split("#")[0] + "#w=" + instanceName(w) + ":" + pairs.join(",");
  }
  function findWidget(name) {
    var m = /^([A-Za-z0-9_]+)(?:~(\d+))?$/.exec(name);
    if (!m) return null;
    var same = widgets.filter(function (x) { return x.getAttribute("data-widget") === m[1]; });
    return same[m[2] ? Number(m[2]) : 0] || null;
  }
  function note(target, text) {
    var p = el("p", { "class": "aula-link-note", role: "status" }, text);
    if (target.classList && target.classList.contains("aula-widget")) {
      var title = target.querySelector(".aula-widget-title");
      target.insertBefore(p, title ? title.nextSibling : target.firstChild);
    } else {
      target.insertBefore(p, target.firstChild);
    }
  }

  // The page's link applied to its widgets; returns the widgets it set.
  function apply() {
    var entries = parseLink(location.hash);
    if (!entries || !bridge) return [];
    var done = [];
    var missing = [];
    var skipped = entries.length > MAX_ENTRIES ? entries.slice(MAX_ENTRIES).map(function (e) { return e.name; }) : [];
    entries.slice(0, MAX_ENTRIES).forEach(function (entry) {
      var w = findWidget(entry.name);
      if (!w) { missing.push(entry.name); return; }
      if (done.indexOf(w) >= 0) { missing.push(entry.name); return; }  // named twice: the first counts
      var before = bridge.read(w).values;
      var good = {}, bad = [];
      Object.keys(entry.params).forEach(function (k) {
        if (acceptable(w, k, entry.params[k])) good[k] = entry.params[k]; else bad.push(k);
      });
      bridge.set(w, good);
      preparing(bridge, w, T);  // waiting for live Python: the shared state is being prepared, not the default figure
      var errors = bridge.read(w).errors;
      var wrong = Object.keys(errors).filter(function (k) { return k in good; });
      if (wrong.length) {  // typed values the bridge refused: back to the page's values
        var back = {};
        wrong.forEach(function (k) { back[k] = before[k]; });
        bridge.set(w, back);
        bad = bad.concat(wrong);
      }
      if (bad.length) note(w, fill(T.link_bad_values, { names: shownNames(bad, T.link_more) }));
      applied(w);
      done.push(w);
    });
    missing = missing.concat(skipped);
    var article = document.querySelector(".md-content__inner");
    if (missing.length && article) note(article, fill(T.link_no_widget, { names: shownNames(missing, T.link_more) }));
    if (done.length) done[0].scrollIntoView({ block: "start" });
    return done;
  }

  // The widget's "copy link" button (and, where the clipboard is refused, a field to copy it from).
  function control(w) {
    var box = el("div", { "class": "aula-share" });
    var button = el("button", { type: "button", "class": "aula-share-button" }, T.share_copy);
    var status = el("span", { "class": "aula-share-status", role: "status" });
    box.appendChild(button);
    box.appendChild(status);
    button.addEventListener("click", function () {
      var text = link(w);
      var field = box.querySelector("input");
      if (!field) {
        field = el("input", { type: "text", readonly: "", "class": "aula-share-field", "aria-label": T.share_label });
        box.appendChild(field);
      }
      field.value = text;
      box.querySelectorAll(".aula-qr-figure, .aula-qr-note, .aula-cost-note").forEach(function (e) {
        e.parentNode.removeChild(e);
      });
      var cost = costNote(bridge, w, bridge ? bridge.read(w).values : {}, T, function (near) {
        bridge.set(w, near);  // the nearest precomputed state, then its link copied instead
        button.click();
      });
      if (cost) box.appendChild(cost);  // what the link costs each device, and the nearest state that costs nothing
      box.appendChild(qrFigure(text, T));  // beside the field: the link to scan, and its text
      function manual() {
        field.focus();
        field.select();
        var ok = false;
        try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
        status.textContent = ok ? T.share_copied : T.share_manual;
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(function () { status.textContent = T.share_copied; }, manual);
      } else {
        manual();
      }
    });
    var title = w.querySelector(".aula-widget-title");
    if (title) title.parentNode.insertBefore(box, title.nextSibling); else w.insertBefore(box, w.firstChild);
  }

  return { apply: apply, control: control, link: link };
}
