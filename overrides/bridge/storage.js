/* Site storage that cannot take a working part of the page away (issue 30, item 2), run by head.js
 * before the theme's scripts read it.
 *
 * - Blocked or missing storage ("don't allow sites to save data": every access throws, or
 *   window.localStorage is null): the page gets a Storage kept in memory for this visit instead, so the
 *   theme's scripts (search, the light/dark toggle, which read it unguarded) keep working; progress.js
 *   sees aula.storage and says progress is not kept.
 * - Bad values of the theme's own (Material keeps JSON under "<scope>.__<name>", read with JSON.parse
 *   and used unchecked): a value that is not JSON is removed, and so is a "__palette" that is not one of
 *   this site's palettes ({index: 0 <= integer < palettes, color: {media, scheme, primary, accent}}
 *   as strings), so the theme falls back to its default and the value is repaired for the next visit.
 *   Checked against the pinned mkdocs-material (tests/test_storage_browser.py).
 * guardStorage(palettes) -> {localStorage: "ok" | "memory", sessionStorage: "ok" | "memory", repaired: [keys]}
 */

function memoryStorage() {
  var items = new Map();
  var store = {
    getItem: function (k) { k = String(k); return items.has(k) ? items.get(k) : null; },
    setItem: function (k, v) { items.set(String(k), String(v)); },
    removeItem: function (k) { items.delete(String(k)); },
    clear: function () { items.clear(); },
    key: function (i) { var keys = Array.from(items.keys()); return i >= 0 && i < keys.length ? keys[i] : null; },
  };
  Object.defineProperty(store, "length", { get: function () { return items.size; } });
  return store;
}

function readable(name) {
  try {
    var s = window[name];
    if (!s || typeof s.getItem !== "function") return null;
    s.getItem("aula.probe");  // blocked storage throws here (reading needs no room: a full store passes)
    return s;
  } catch (e) { return null; }
}

function isMap(x) { return !!x && typeof x === "object" && !Array.isArray(x); }

function goodPalette(p, palettes) {
  if (!isMap(p) || !Number.isInteger(p.index) || p.index < 0 || p.index >= palettes || !isMap(p.color)) return false;
  return ["media", "scheme", "primary", "accent"].every(function (k) { return typeof p.color[k] === "string"; }) &&
         p.color.media !== "(prefers-color-scheme)";  // the theme's automatic choice: not among this site's
}

// The theme's keys whose value it could not use: removed (the theme's default then applies).
function repair(s, palettes) {
  var bad = [];
  for (var i = 0; i < s.length; i++) {
    var key = s.key(i);
    if (!key || !/\.__[A-Za-z0-9_]+$/.test(key)) continue;
    var value;
    try { value = JSON.parse(s.getItem(key)); } catch (e) { bad.push(key); continue; }
    if (/\.__palette$/.test(key) && value !== null && !goodPalette(value, palettes)) bad.push(key);
  }
  bad.forEach(function (key) { try { s.removeItem(key); } catch (e) { /* read-only: ignored below */ } });
  return bad;
}

export function guardStorage(palettes) {
  var out = { repaired: [] };
  ["localStorage", "sessionStorage"].forEach(function (name) {
    var s = readable(name);
    if (!s) {
      try {
        Object.defineProperty(window, name, { configurable: true, enumerable: true, value: memoryStorage() });
      } catch (e) { /* the browser keeps its own: nothing more to do */ }
      out[name] = "memory";
      return;
    }
    out[name] = "ok";
    try { out.repaired = out.repaired.concat(repair(s, palettes)); } catch (e) { /* storage went away meanwhile */ }
  });
  return out;
}
