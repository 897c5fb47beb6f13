/* Aula: the bridge's instant reading of a typed number, a mirror of lesson_core/kit/numtext.py.
 *
 * window.AulaNumtext.read(text, convention) -> {value, flagged} or {error}; convention is "comma" or
 * "point". Python stays the authority: it re-validates every value the bridge sends. The mirror is
 * tested against Python on the same texts (tests/test_numtext.py reads the code between the markers).
 */
(function () {
  "use strict";
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
    return { value: x, flagged: mine === null || (theirs !== null && theirs !== mine) };
  }
  // numtext:end

  window.AulaNumtext = { read: readTyped };
})();
