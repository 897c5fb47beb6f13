/* Aula's service worker: saved lessons offline, on the reader's choice (issue 26).
 * Bundled by macros/jsbundle.py; macros/pwa.py writes it as the site's sw.js, led by the build's data
 * (self.AULA_SW: version, files with SHA-256 and size, pages, the files each language shares, the
 * live-Python runtime, the offline pages' templates).
 *
 * Hand-written, not Workbox: Workbox's precache stores its whole list on install, in the background,
 * while Aula stores nothing until the reader taps "save", and then only the group asked for.
 *
 *   install   first install: nothing stored. An update (an older aula-<version> cache exists): every
 *             group saved in the old copy is stored again for this version, files whose hash did not
 *             change copied from the old copy, the others downloaded; if that fails (offline, storage
 *             full) the install fails and the old version stays whole.
 *   activate  the switch: the old caches deleted, open pages told ("updated").
 *             After a save, every open page is told ("saved") and asks for the status again.
 *   fetch     a file saved in this version: from the cache (cache first); anything else: the network,
 *             and a page that is not saved, offline: a page in its language listing what is saved.
 *   message   {type: "status" | "save" | "remove", id} on a MessageChannel port; "save" posts
 *             {type: "progress", done, total} and ends with {type: "done"} or {type: "error", reason}:
 *             "full" (storage full or refused), "offline" (the network failed: nothing counts as saved
 *             until the group's last file is in; the next tap keeps what is whole and resumes), "busy"
 *             (another tab is saving), "changed" (the site has a newer version than this worker).
 * A group is saved when its marker (__aula/saved/<id>) is in the cache, written after its last file.
 * A cached file whose bytes do not match its hash (checked whenever it is served, saved or carried
 * over to a new version) is fetched again; offline, it is treated as not saved.
 */
var D = self.AULA_SW;
var PREFIX = "aula-";
var CACHE = PREFIX + D.version;
var MARK = "__aula/saved/";
var busy = null;

function scope() { return self.registration.scope; }
function addr(path) { return new URL(path, scope()).href; }
function langOf(path) { return path.indexOf("pt/") === 0 ? "pt" : "es"; }

function groupFiles(id) {
  var cut = id.indexOf(":"), kind = id.slice(0, cut), arg = id.slice(cut + 1), set = {};
  function add(list) { (list || []).forEach(function (f) { set[f] = true; }); }
  function page(p) { var lang = langOf(p); set[p] = true; add(D.pages[p]); add(D.shared[lang]); add(D.runtime[lang]); }
  if (kind === "page" && D.pages[arg]) page(arg);
  else if (kind === "all" && (arg === "es" || arg === "pt")) Object.keys(D.pages).forEach(function (p) { if (langOf(p) === arg) page(p); });
  else return null;
  return Object.keys(set).filter(function (f) { return D.files[f]; }).sort();
}

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
}
async function digest(buffer) { return hex(await crypto.subtle.digest("SHA-256", buffer)); }

async function whole(cache, path) {  // the cached copy when its bytes are the build's
  return intact(await cache.match(addr(path)), path);
}

async function intact(hit, path) {  // a cached response, when its bytes are the build's
  if (!hit) return null;
  var body = await hit.clone().arrayBuffer();
  return (await digest(body)) === D.files[path][0] ? hit : null;
}

function failure(reason) { var e = new Error(reason); e.reason = reason; return e; }

async function store(cache, path, response) {
  var body = await response.arrayBuffer();
  if ((await digest(body)) !== D.files[path][0]) throw failure("changed");
  var type = response.headers.get("Content-Type");
  try {
    await cache.put(addr(path), new Response(body, { status: 200, headers: type ? { "Content-Type": type } : {} }));
  } catch (e) {
    throw failure("full");  // QuotaExceededError, or storage refused
  }
}

async function saveGroup(id, cache, older, report) {
  var list = groupFiles(id);
  if (!list) return;
  var total = list.reduce(function (n, f) { return n + D.files[f][1]; }, 0), done = 0;
  for (var i = 0; i < list.length; i++) {
    var path = list[i];
    if (!(await whole(cache, path))) {
      var copied = false;
      for (var j = 0; j < older.length && !copied; j++) {
        var old = await whole(await caches.open(older[j]), path);
        if (old) { await store(cache, path, old); copied = true; }
      }
      if (!copied) {
        var response;
        try { response = await fetch(addr(path), { cache: "no-cache" }); } catch (e) { throw failure("offline"); }
        if (!response.ok) throw failure(response.status === 404 ? "changed" : "offline");
        await store(cache, path, response);
      }
    }
    done += D.files[path][1];
    if (report) report(done, total);
  }
  try {
    await cache.put(addr(MARK + encodeURIComponent(id)), new Response(JSON.stringify({ id: id, version: D.version })));
  } catch (e) { throw failure("full"); }
}

async function savedIds(name) {
  var cache = await caches.open(name), keys = await cache.keys(), base = addr(MARK);
  return keys.map(function (r) { return r.url; }).filter(function (u) { return u.indexOf(base) === 0; })
             .map(function (u) { return decodeURIComponent(u.slice(base.length)); });
}

async function olderCaches() {
  return (await caches.keys()).filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== CACHE; });
}

self.addEventListener("install", function (event) {
  event.waitUntil((async function () {
    var older = await olderCaches();
    if (older.length) {
      var cache = await caches.open(CACHE), ids = {};
      for (var i = 0; i < older.length; i++) (await savedIds(older[i])).forEach(function (id) { ids[id] = true; });
      for (var id in ids) await saveGroup(id, cache, older);
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    var older = await olderCaches();
    await Promise.all(older.map(function (n) { return caches.delete(n); }));
    await self.clients.claim();
    if (older.length) {
      (await self.clients.matchAll({ type: "window" })).forEach(function (c) { c.postMessage({ type: "aula-updated" }); });
    }
  })());
});

function escapeHTML(s) {
  return String(s).replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
}

async function offlinePage(path) {
  var lang = langOf(path), pages = {};
  if (await caches.has(CACHE)) {
    (await savedIds(CACHE)).forEach(function (id) {
      (groupFiles(id) || []).forEach(function (f) { if (D.pages[f] && langOf(f) === lang) pages[f] = true; });
    });
  }
  var items = Object.keys(pages).sort().map(function (p) {
    return '<li><a href="' + escapeHTML(addr(p.replace(/index\.html$/, ""))) + '">' + escapeHTML(D.titles[p] || p) + "</a></li>";
  }).join("");
  var page = D.offline[lang].replace("{list}", items);
  if (items) page = page.replace('<p class="aula-saved-none">', '<p class="aula-saved-none" hidden>');
  return new Response(page, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function answer(request, path) {
  if (D.files[path]) {
    // caches.match never creates the cache; caches.open would, and a "remove" may be deleting it
    // meanwhile (an empty aula-<version> was left behind when a fetch came between has() and open())
    var kept = await caches.match(addr(path), { cacheName: CACHE });
    var hit = await intact(kept, path);  // checked by its hash each time it is served
    if (hit) return hit;
    if (kept) {  // damaged: fetched again, and kept when the new copy is whole
      try {
        var fresh = await fetch(addr(path), { cache: "no-cache" });
        if (fresh.ok) { await store(await caches.open(CACHE), path, fresh.clone()); return fresh; }
      } catch (e) { /* offline, or not the build's bytes: as if not saved */ }
    }
  }
  try {
    return await fetch(request);
  } catch (e) {
    if (request.mode === "navigate") return offlinePage(path);
    throw e;
  }
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url), base = new URL(scope());
  if (url.origin !== base.origin || url.pathname.indexOf(base.pathname) !== 0) return;
  var path = decodeURIComponent(url.pathname.slice(base.pathname.length));
  if (path === "" || path.slice(-1) === "/") path += "index.html";
  if (path === "sw.js") return;
  event.respondWith(answer(request, path));
});

async function status(ids) {
  var saved = {}, have = (await caches.has(CACHE)) ? await savedIds(CACHE) : [];
  ids.forEach(function (id) { saved[id] = have.indexOf(id) >= 0; });
  return { type: "status", version: D.version, saved: saved, busy: !!busy };
}

self.addEventListener("message", function (event) {
  var msg = event.data || {}, port = event.ports && event.ports[0];
  if (!port) return;
  event.waitUntil((async function () {
    try {
      if (msg.type === "status") port.postMessage(await status(msg.ids || []));
      else if (msg.type === "remove") {
        await Promise.all((await caches.keys()).filter(function (n) { return n.indexOf(PREFIX) === 0; })
                                               .map(function (n) { return caches.delete(n); }));
        port.postMessage({ type: "removed" });
      } else if (msg.type === "save") {
        if (busy) { port.postMessage({ type: "error", reason: "busy" }); return; }
        busy = msg.id;
        try {
          await saveGroup(msg.id, await caches.open(CACHE), [], function (done, total) {
            port.postMessage({ type: "progress", done: done, total: total });
          });
          port.postMessage({ type: "done" });
        } finally { busy = null; }
        // the other open tabs: one told "busy" may tap again, one whose page this covered is saved now
        (await self.clients.matchAll({ type: "window" })).forEach(function (c) { c.postMessage({ type: "aula-saved" }); });
      }
    } catch (e) {
      port.postMessage({ type: "error", reason: e.reason || (e.name === "QuotaExceededError" ? "full" : "offline") });
    }
  })());
});
