/* QR codes of share links, drawn in the browser by uqr (npm, pinned in package.json, bundled with the
 * bridge by esbuild: no CDN). The build draws the fixed addresses' codes itself (macros/qr.py, segno).
 *
 * Dark modules on a light ground with a quiet zone of four modules, in both colour schemes and in print
 * (a phone camera reads dark-on-light); the SVG is built with DOM calls, never from markup text.
 * qrFigure(text, T) -> a <figure> with the code and the link's text, or a <p> note when the link is too
 * long for a code that a phone reads from a projected screen (more than version MAX_VERSION).
 */
import { encode } from "uqr";
import { el } from "./dom.js";

var SVGNS = "http://www.w3.org/2000/svg";
export var MAX_VERSION = 20;  // 97 modules a side: still readable across a room when projected

export function qrSvg(text, label) {
  var qr;
  try {
    qr = encode(text, { ecc: "M", border: 4, maxVersion: MAX_VERSION });
  } catch (e) {
    return null;  // the text does not fit
  }
  var n = qr.size;
  var d = [];
  qr.data.forEach(function (row, y) {
    row.forEach(function (dark, x) { if (dark) d.push("M" + x + " " + y + "h1v1h-1z"); });
  });
  var svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 " + n + " " + n);
  svg.setAttribute("class", "aula-qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  var ground = document.createElementNS(SVGNS, "rect");
  ground.setAttribute("width", String(n));
  ground.setAttribute("height", String(n));
  ground.setAttribute("fill", "#fff");
  var modules = document.createElementNS(SVGNS, "path");
  modules.setAttribute("d", d.join(""));
  modules.setAttribute("fill", "#000");
  svg.appendChild(ground);
  svg.appendChild(modules);
  return svg;
}

export function qrFigure(text, T) {
  var svg = qrSvg(text, T.share_qr);
  if (!svg) return el("p", { "class": "aula-qr-note", role: "status" }, T.share_qr_long);
  var figure = el("figure", { "class": "aula-qr-figure" });
  figure.appendChild(svg);
  figure.appendChild(el("figcaption", { "class": "aula-qr-link" }, text));
  return figure;
}
