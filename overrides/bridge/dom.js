/* Small helpers every part of the bridge uses: JSON read from the page, elements, message templates. */

// The parsed JSON of an element's text (a <script type="application/json">, a data-* value), or null.
export function readJSON(el) {
  if (!el) return null;
  try { return JSON.parse(el.textContent); } catch (e) { return null; }
}

// A message template from lesson_core/kit/messages.py with its {name} placeholders filled.
export function fill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, function (m, k) {
    return values[k] !== undefined ? String(values[k]) : m;
  });
}

export function el(tag, attrs, text) {
  var e = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (text) e.textContent = text;
  return e;
}

// The page's language as lesson_core names it: "es" or "pt" (<html lang="pt-BR">).
export function pageLang() {
  return (document.documentElement.getAttribute("lang") || "es").slice(0, 2) === "pt" ? "pt" : "es";
}

// fn once the whole page is parsed (at once if it is).
export function whenParsed(fn) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
  else fn();
}

// Every widget parsed so far (more may follow while the page is being parsed).
export function allWidgets() {
  return Array.prototype.slice.call(document.querySelectorAll(".aula-widget"));
}
