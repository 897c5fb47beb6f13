/* "Guardar sin conexión" / "Salvar para usar offline": the reader saves this page or every lesson of
 * the language for offline reading (issue 26). The service worker (sw/main.js, the site's sw.js) does
 * the storing; this is the control at the end of the page.
 *
 * The page's <meta name="aula-offline"> (filled by macros/pwa.py) gives the sizes and the messages.
 * Nothing is stored and no worker is registered until the reader taps a save button, except on a
 * link where bytes are cheap by live Python's rule (loader.js cheapBytes: fast, not cellular, no
 * Save-Data): there the open page is saved once it is idle and live Python is not loading (the
 * control then says so). The sizes are shown before any tap. A page from which a worker was already
 * registered asks it for updates (a new version is stored whole before the switch, sw/main.js).
 * Not under `mkdocs serve` (no meta) nor on file:// (the offline bundle), and only where the browser
 * allows service workers (https, or localhost).
 * State on the control, for tests: data-state="idle|saving|saved|error".
 */
import { el, fill, pageLang, readJSON } from "./dom.js";
import { cheapBytes } from "./loader.js";
import { fixed } from "./numtext.js";

function supported() {
  return location.protocol !== "file:" && "serviceWorker" in navigator && window.isSecureContext && !!window.caches;
}

function ask(worker, msg, onMessage) {
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function (e) {
      if (onMessage && e.data.type === "progress") { onMessage(e.data); return; }
      resolve(e.data);
    };
    worker.postMessage(msg, [channel.port2]);
  });
}

export function startSave(siteRoot) {
  var meta = document.querySelector('meta[name="aula-offline"]');
  var article = document.querySelector(".md-content__inner");
  var data = meta && readJSON({ textContent: meta.getAttribute("content") });
  if (!data || !article || !supported()) return null;
  var T = data.msgs, swURL = new URL("sw.js", siteRoot).href, ids = ["page:" + data.page, data.all];
  var box = el("section", { "class": "aula-save", "data-state": "idle" });
  var details = el("details");
  details.appendChild(el("summary", {}, T.save_title));
  details.appendChild(el("p", {}, T.save_intro));
  var buttons = el("div", { "class": "aula-save-buttons" });
  var pageButton = el("button", { type: "button", "class": "md-button", "data-group": ids[0] }, data.page_label);
  var allButton = el("button", { type: "button", "class": "md-button", "data-group": ids[1] }, data.all_label);
  buttons.appendChild(pageButton);
  buttons.appendChild(allButton);
  details.appendChild(buttons);
  var bar = el("progress", { max: "100", value: "0", hidden: "" });
  var line = el("p", { "class": "aula-save-status", role: "status" });
  var stored = el("p", { "class": "aula-save-stored" });
  var remove = el("button", { type: "button", "class": "md-button aula-save-remove", hidden: "" }, T.remove);
  [bar, line, stored, remove].forEach(function (n) { details.appendChild(n); });
  box.appendChild(details);
  article.appendChild(box);

  // as the page's other numbers: kit/fmt's form, which numbers.js turns to the reader's decimal mark
  function mb(n) { return fixed(n / 1e6, 1, pageLang()); }
  function setState(state, text) { box.setAttribute("data-state", state); line.textContent = text || ""; }

  async function showStored() {
    if (!(navigator.storage && navigator.storage.estimate)) return;
    try {
      var est = await navigator.storage.estimate();
      stored.textContent = fill(T.stored, { used: mb(est.usage || 0), free: mb(Math.max(0, (est.quota || 0) - (est.usage || 0))) });
    } catch (e) { /* no estimate: nothing said */ }
  }

  async function worker(register) {
    var reg = await navigator.serviceWorker.getRegistration(siteRoot.href);
    if (!reg && !register) return null;
    if (!reg) reg = await navigator.serviceWorker.register(swURL, { scope: siteRoot.href });
    await navigator.serviceWorker.ready;
    return reg.active;
  }

  async function refresh() {
    var sw = await worker(false);
    if (!sw) return;
    var st = await ask(sw, { type: "status", ids: ids });
    var all = st.saved[ids[1]], mine = all || st.saved[ids[0]];
    pageButton.disabled = mine; allButton.disabled = all;
    remove.hidden = !(mine || all);
    if (box.getAttribute("data-state") !== "saving") setState(mine ? "saved" : "idle", all ? T.saved_all : mine ? T.saved_page : "");
    showStored();
  }

  async function save(id, auto) {
    pageButton.disabled = allButton.disabled = true;
    bar.hidden = false; bar.value = 0;
    setState("saving", fill(T.saving, { pct: 0 }));
    var reply;
    try {
      var sw = await worker(true);
      reply = await ask(sw, { type: "save", id: id }, function (p) {
        var pct = p.total ? Math.floor(100 * p.done / p.total) : 0;
        bar.value = pct;
        line.textContent = fill(T.saving, { pct: pct });
      });
    } catch (e) {
      reply = { type: "error", reason: "full" };  // registration or storage refused by the browser
    }
    bar.hidden = true;
    if (reply.type === "done") {
      setState("saved");
      await refresh();
      if (auto) line.textContent = T.saved_auto;  // the reader did not tap: say why it was stored
      return;
    }
    if (reply.reason === "changed") {  // the site has a newer version: the worker updates, then try again
      var reg = await navigator.serviceWorker.getRegistration(siteRoot.href);
      if (reg) reg.update().catch(function () {});
    }
    setState("error", T["err_" + reply.reason] || T.err_offline);
    pageButton.disabled = allButton.disabled = false;
    showStored();
  }

  pageButton.addEventListener("click", function () { save(ids[0]); });
  allButton.addEventListener("click", function () { save(ids[1]); });
  remove.addEventListener("click", async function () {
    var sw = await worker(false);
    if (sw) await ask(sw, { type: "remove" });
    var reg = await navigator.serviceWorker.getRegistration(siteRoot.href);
    if (reg) await reg.unregister();
    pageButton.disabled = allButton.disabled = false;
    remove.hidden = true;
    setState("idle", T.removed);
    showStored();
  });
  details.addEventListener("toggle", function () { if (details.open) showStored(); });

  navigator.serviceWorker.addEventListener("message", function (e) {
    if (e.data && e.data.type === "aula-saved") {  // a save ended, maybe in another tab
      var now = box.getAttribute("data-state");
      if (now === "idle" || now === "error") refresh();
      return;
    }
    if (!e.data || e.data.type !== "aula-updated") return;
    var note = el("p", { "class": "aula-save-updated", role: "status" }, T.updated + " ");
    var again = el("button", { type: "button", "class": "md-button" }, T.reload);
    again.addEventListener("click", function () { location.reload(); });
    note.appendChild(again);
    article.insertBefore(note, article.firstChild);
    refresh();
  });
  // on a link where bytes are cheap: this page saved without a tap, once the page is idle and live
  // Python (which starts early on such a link, loader.js) is ready, so its files come from the HTTP
  // cache; never after an error, nor when already saved
  function preSave() {
    if (!cheapBytes() || box.getAttribute("data-state") !== "idle" || pageButton.disabled) return;
    var root = document.documentElement, py = root.getAttribute("data-python");
    if (py === "off" || py === "loading") {
      var watch = new MutationObserver(function () {
        var now = root.getAttribute("data-python");
        if (now === "off" || now === "loading") return;
        watch.disconnect();
        preSave();
      });
      watch.observe(root, { attributes: true, attributeFilter: ["data-python"] });
      return;
    }
    save(ids[0], true);
  }
  function whenIdle(fn) {
    var go = function () {
      if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: 3000 }); else setTimeout(fn, 500);
    };
    if (document.readyState === "complete") go(); else window.addEventListener("load", go, { once: true });
  }
  // a worker registered earlier: see what is saved, and let it look for a new version of the site
  navigator.serviceWorker.getRegistration(siteRoot.href).then(async function (reg) {
    if (reg) {
      if (navigator.onLine) reg.update().catch(function () {});
      await refresh();
    }
    if (cheapBytes()) whenIdle(preSave);
  }).catch(function () {});
  return { refresh: refresh, element: box };
}
