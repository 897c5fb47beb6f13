/* Aula's first script: entry point of the bundle the build writes as assets/aula/head.<hash>.js and
 * overrides/main.html loads in <head>, before the theme's scripts (macros/jsbundle.py bundles it).
 *
 * It starts what must run before the first node of the body is parsed, and begins the page's one
 * script global, window.aula (page.js completes it; see page.js for the whole list):
 *   aula.storage  what storage.js found: blocked storage replaced by memory, the theme's bad values
 *                 removed, before the theme's scripts read them (its data-palettes: how many palettes);
 *   aula.numbers  {convention(), choose(name)}: numbers as the reader writes them (numbers.js);
 *   aula.Worker   the browser's own Worker: on file:// Material's offline search replaces
 *                 window.Worker with an iframe shim, which would run Python on the page's thread.
 */
import { startNumbers } from "./numbers.js";
import { guardStorage } from "./storage.js";

var me = document.currentScript;
var storage = guardStorage(Number(me && me.getAttribute("data-palettes")) || 2);
window.aula = { storage: storage, numbers: startNumbers(), Worker: window.Worker };
