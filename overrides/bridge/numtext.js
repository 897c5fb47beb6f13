/* The bridge's one reader of typed numbers: a mirror of lesson_core/kit/numtext.py (reading, typed) and
 * of a Number control's rule (lesson_core/kit/controls.py Number.parse: integer, min, max), whose
 * figures and messages the field carries in its data-spec (Number.spec, messages from kit/messages.py).
 *
 *   readTyped(text, convention) -> {value, flagged, other?} | {error: key}   convention "comma" | "point"
 *   typed(x)                    -> the canonical typed form, as numtext.typed: 0.5 -> "0,5", 1.5e-07 -> "1,5e-07"
 *   written(x, convention)      -> x as the reader writes it: "1275", "1,275" / "1.275", "−2,5"
 *   field(canonical, convention) -> a canonical typed value as the reader types it: "0,5" -> "0.5" (point)
 *   checkNumber(text, spec, convention) -> {value: canonical, note} | {error: message}
 *   fixed(x, places, lang)       -> a measured x >= 0 as kit/fmt.fmt(x, lang, places): "12\u2060,3" (es)
 *
 * A refused number the other convention reads as another number says how it was read and asks which
 * was meant: "Leído como 1275: el máximo es 5. ¿Querías decir 1,275?". Python stays the authority: it
 * re-validates every value the bridge sends. tests/test_numtext.py runs the code between the markers
 * in Node against Python on the same texts.
 */

// numtext:begin — mirror of lesson_core/kit/numtext.py reading (convention "comma" or "point"):
// the reader's decimal mark at most once; the other mark or a space groups thousands in threes; a text
// the other convention reads differently (or only it reads) is flagged; one neither reads is ambiguous.
function readDigits(body, decimal) {
  var group = decimal === "," ? "." : ",";
  if (body.split(decimal).length > 2) return null;
  var cut = body.indexOf(decimal);
  var whole = cut < 0 ? body : body.slice(0, cut);
  var frac = cut < 0 ? "" : body.slice(cut + 1);
  if (frac && !/^[0-9]+$/.test(frac)) return null;
  var grouped = whole.indexOf(group) >= 0;
  var space = /[ \u00a0\u202f\u2009]/.test(whole);
  if (grouped && space) return null;
  if (grouped || space) {
    var groups = whole.split(grouped ? group : /[ \u00a0\u202f\u2009]/);
    var first = groups[0];
    if (first.length < 1 || first.length > 3 || first.charAt(0) === "0") return null;
    for (var g = 1; g < groups.length; g++) if (groups[g].length !== 3) return null;
    whole = groups.join("");
  }
  return [whole, frac];
}

function digitsValue(sign, parts, exp) {
  if (!parts) return null;
  return Number(sign + (parts[0] || "0") + "." + (parts[1] || "0") + (exp ? "e" + exp : ""));
}

// {value, flagged} as numtext.reading; with `other`, the different number the other convention reads.
function readTyped(raw, convention) {
  var text = String(raw).replace(/\u2060/g, "").replace(/\u2212/g, "-")
    .replace(/^[ \t\n\r\f\v\u00a0\u202f\u2009]+|[ \t\n\r\f\v\u00a0\u202f\u2009]+$/g, "");
  if (!text) return { error: "empty" };
  if (/^[+-]*(nan|inf|infinity|∞)$/i.test(text)) return { error: "not_finite" };
  var m = /^([+-]?)([0-9., \u00a0\u202f\u2009]*)(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (!m || !/[0-9]/.test(m[2])) return { error: "not_number" };
  var point = convention === "point";
  var mine = digitsValue(m[1], readDigits(m[2], point ? "." : ","), m[3]);
  var theirs = digitsValue(m[1], readDigits(m[2], point ? "," : "."), m[3]);
  if (mine === null && theirs === null) return { error: "ambiguous" };
  var x = mine !== null ? mine : theirs;
  if (!isFinite(x)) return { error: "not_finite" };
  var out = { value: x, flagged: mine === null || (theirs !== null && theirs !== mine) };
  if (mine !== null && theirs !== null && theirs !== mine && isFinite(theirs)) out.other = theirs;
  return out;
}

// numtext.typed: integers below 1e16 as integers; otherwise Python's repr (shortest digits, an exponent
// below 1e-4 or from 1e16 on, written e-05 / e+16), its point a comma.
function typed(x) {
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return String(x);  // -0 too: "0"
  var m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(x.toExponential());
  var sign = m[1], digits = m[2] + (m[3] || ""), exp = Number(m[4]), s;
  if (exp < -4 || exp >= 16) {
    s = m[2] + (m[3] ? "." + m[3] : "") + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
  } else if (exp < 0) {
    s = "0." + new Array(-exp).join("0") + digits;
  } else {  // not a whole number here, so more digits than places before the point
    s = digits.slice(0, exp + 1) + "." + digits.slice(exp + 1);
  }
  return (sign + s).replace(".", ",");
}

// A canonical typed value as the reader types it (the point convention swaps the decimal mark).
function field(canonical, convention) {
  var s = String(canonical);
  return convention === "point" ? s.replace(",", ".") : s;
}

// A number as the reader writes it in a sentence: no grouping, the true minus sign.
function written(x, convention) {
  return field(typed(x), convention).replace(/^-/, "\u2212");
}

// A Number field's text against its control's rule (spec: kind "number", min, max, integer, msgs).
function checkNumber(text, spec, convention) {
  var msgs = spec.msgs || {};
  var r = readTyped(text, convention);
  if (r.error) return { error: msgs[r.error] || msgs.not_number };
  var x = r.value, refused = null;
  if (spec.integer && Math.floor(x) !== x) refused = "not_integer";
  else if (x < spec.min) refused = "too_small";
  else if (x > spec.max) refused = "too_large";
  var as = written(x, convention);
  if (!refused) return { value: typed(x), note: r.flagged ? msgs.read_as.replace("{value}", as) : "" };
  if (!r.flagged) return { error: msgs[refused] };
  var said = msgs[refused + "_read"].replace("{value}", as);
  if (r.other !== undefined) said += " " + msgs.meant.replace("{other}", written(r.other, convention));
  return { error: said };
}
// A measured quantity the page did not build (storage used, free space) as lesson_core.kit.fmt writes it,
// fmt(x, lang, places) for x >= 0: Spanish groups with U+202F from five digits and marks its decimal comma
// with U+2060 (numbers.js turns it into a point for a point reader, as every built number); Portuguese
// groups with a point. fixed(12345.67, 1, "es") -> "12\u202f345\u2060,7"; fixed(1.25, 1, "pt") -> "1,3".
function fixed(x, places, lang) {
  var a = Math.abs(x), text = a.toFixed(places);
  var exact = a.toFixed(Math.min(100, places + 40)), cut = exact.indexOf(".") + 1 + places;
  if (/^50*$/.test(exact.slice(cut)) && /[02468]$/.test(exact.slice(0, cut).replace(/\.$/, ""))) {
    text = exact.slice(0, cut).replace(/\.$/, "");  // an exact tie: Python rounds it to even, toFixed up
  }
  var parts = text.split("."), whole = parts[0], pt = lang === "pt";
  if (pt || whole.length > 4) whole = whole.replace(/\B(?=(\d{3})+$)/g, pt ? "." : "\u202f");
  return whole + (parts[1] ? (pt ? "," : "\u2060,") + parts[1] : "");
}
// numtext:end

export { readTyped, typed, written, field, checkNumber, fixed };
