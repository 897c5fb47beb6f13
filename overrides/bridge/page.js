/* Aula's page script: entry point of the bundle the build writes as assets/aula/aula.<hash>.js
 * (macros/jsbundle.py runs esbuild over these modules; overrides/main.html loads it, and the build moves
 * it right after the page's first widget, macros/bridge.py). Browsers run no module script from file://,
 * so the modules below reach the page only bundled, as one classic script.
 *
 * The bridge's modules, by what they do (each file's header says more):
 *   head.js      entry 1, in <head>: numbers.js, the native Worker; begins window.aula
 *   page.js      entry 2 (this file): the widgets, then the teacher kit once the page is parsed
 *   widgets.js   a control changed -> the build's table, the drag grid or live Python -> parts swapped
 *   fields.js    controls read and set in their canonical form; the line under a field
 *   numtext.js   the one reader of typed numbers (a mirror of lesson_core/kit/numtext.py, tested against it)
 *   live.js      requests to live Python, one in flight per widget; waiting, progress and retry beside it
 *   loader.js    when the runtime is fetched, its worker, the status pill
 *   safehtml.js  the HTML rule (macros/checks.py) on every part before it is inserted
 *   readers.js   focus kept across swaps, keyboard drags, scroll boxes, slider text
 *   drag.js      clickable figure parts and drag handles
 *   train.js     live training's buttons (lesson 4): slices asked of the worker one after another
 *   events.js    the readers' events, taken at the document
 *   numbers.js   the decimal comma or point as the reader writes it (run by head.js)
 *   reading.js   a long page's reading-progress mark; the language switch keeps the section
 *   save.js      "save for offline": this page or all lessons, through the service worker (sw/main.js)
 *   teacher.js   the teacher kit: share.js (links), progress.js (on the device), print.js (print, class sets)
 *   dom.js       small helpers
 *   worker/      the Python workers: http.js (py-worker.mjs) and file.js (file://), one protocol.js
 *   sw/          the service worker (the site's sw.js, macros/pwa.py)
 *
 * window.aula is the page's one script global, and the tests' and the benchmark's way in:
 *   numbers  {convention(), choose(name)}               (head.js)
 *   Worker   the browser's own Worker                    (head.js)
 *   state()  "off" | "loading" | "ready" | "failed"      (page.js, on a page with widgets)
 *   timings  performance.now() marks of live Python      (bench/; never asserted in tests)
 *   read(w)  {values, errors, notes} of a widget's controls
 *   set(w, values)  controls set from canonical values, then the widget updated once
 *   covered(w, values)  whether the build's tables answer those values (false: live Python; null: not yet known)
 *   fieldText(input)  a field's value as read, written as the reader writes numbers
 *   checkHTML(html)  what the HTML rule refuses in it (safehtml.js), or null (tests/hostile_html.json)
 * Data reaches the page as classic scripts where file:// allows nothing else, each in a global of its
 * own: window.AulaGrids (drag grids, macros/sidecar.py), window.__aulaFiles and __aulaManifest (the
 * offline runtime, macros/runtime.py).
 */
import { readJSON, whenParsed } from "./dom.js";
import { startWidgets } from "./widgets.js";
import { startTeacher } from "./teacher.js";
import { startReading } from "./reading.js";
import { startSave } from "./save.js";
import { parse } from "./safehtml.js";

var script = document.currentScript;
var aula = window.aula || (window.aula = {});  // head.js began it (a page without it: the defaults)
if (!aula.numbers) aula.numbers = { convention: function () { return "comma"; }, choose: function () {} };
var bridge = startWidgets({ numbers: aula.numbers, Worker: aula.Worker,
                            assetBase: new URL(".", script ? script.src : location.href) });
if (bridge) Object.keys(bridge).forEach(function (k) { aula[k] = bridge[k]; });
aula.checkHTML = function (html) { return parse(html).problem || null; };
whenParsed(function () {
  startReading();
  startTeacher(bridge, readJSON(document.getElementById("aula-page-msgs")) || {});
  aula.offline = startSave(new URL("../../", script ? script.src : location.href));  // the site's root
});
