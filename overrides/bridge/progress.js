/* Progress kept on the device: quiz answers, chapters marked done, the home page's summary.
 *
 * Nothing leaves the device: one versioned record in localStorage["aula.progress"],
 *   {"v": 1, "quiz": {id: {"answer", "correct"}}, "done": {page: true}, "pages": {page: {"quizzes": [...]}}}.
 * The record is read field by field: a damaged field loses only itself (and a damaged entry only
 * itself), an older or unversioned record is migrated (done as a list of pages; "v": "1"), and a record
 * from a newer version of the site is read but never written over. When the record cannot be kept
 * (storage blocked, full, or newer), progress lives in memory for this visit and every note made by
 * note(T) says so, in the page's language. createProgress() -> {load(), save(data), stored,
 * recordQuiz(w), doneBox(slug, T), note(T), summary(box, T, framed)}; T is the page's message catalogue
 * (lesson_core/kit/messages.py PAGE_KEYS).
 */
import { el, fill } from "./dom.js";

var KEY = "aula.progress", VERSION = 1;

function fresh() { return { v: VERSION, quiz: {}, done: {}, pages: {} }; }
function isMap(x) { return !!x && typeof x === "object" && !Array.isArray(x); }
function own(map) { return Object.keys(map).filter(function (k) { return k !== "__proto__"; }); }

/* The well-formed parts of any record: {data, newer} (newer: written by a later version of the
   site, to be read and never overwritten), or null when there is no record at all. */
export function readRecord(d) {
  if (!isMap(d)) return null;
  var v = typeof d.v === "string" && /^[0-9]+$/.test(d.v) ? Number(d.v) : d.v;
  var out = fresh();
  if (isMap(d.quiz)) {
    own(d.quiz).forEach(function (k) {
      var q = d.quiz[k];
      if (isMap(q) && typeof q.answer === "string" && typeof q.correct === "boolean") {
        out.quiz[k] = { answer: q.answer, correct: q.correct };
      }
    });
  }
  if (isMap(d.done)) own(d.done).forEach(function (k) { if (d.done[k] === true) out.done[k] = true; });
  else if (Array.isArray(d.done)) d.done.forEach(function (k) { if (typeof k === "string" && k !== "__proto__") out.done[k] = true; });
  if (isMap(d.pages)) {
    own(d.pages).forEach(function (k) {
      var p = d.pages[k];
      if (isMap(p) && Array.isArray(p.quizzes)) {
        out.pages[k] = { quizzes: p.quizzes.filter(function (q) { return typeof q === "string"; }) };
      }
    });
  }
  return { data: out, newer: typeof v === "number" && isFinite(v) && v > VERSION };
}

// The site's storage when it can be read (aula.storage, head.js: blocked storage is memory, not ours)
function storage() {
  var guard = window.aula && window.aula.storage;
  if (guard && guard.localStorage === "memory") return null;
  try {
    window.localStorage.getItem(KEY);
    return window.localStorage;
  } catch (e) { return null; }
}

// Whether it takes a write at all (a store that is read-only or full from the start does not).
function writable(store) {
  try {
    store.setItem("aula.probe", "1");
    store.removeItem("aula.probe");
    return true;
  } catch (e) { return false; }
}

// The reader's answer to a quiz widget ("none" before they choose).
export function quizAnswer(w) {
  var r = w.querySelector('input[data-param="answer"]:checked');
  return r ? r.value : "none";
}

// "turing-1-words" for a link to a page beside the home page; "" for anything deeper or elsewhere
function topLevelPage(href) {
  var here = location.pathname.replace(/index\.html$/, "");
  var url = new URL(href, location.href);
  if (url.protocol !== location.protocol || url.pathname.indexOf(here) !== 0) return "";
  var rest = url.pathname.slice(here.length).replace(/index\.html$/, "").replace(/\/+$/, "");
  return rest.indexOf("/") < 0 ? decodeURIComponent(rest) : "";
}

export function createProgress() {
  var store = storage();
  var writes = !!store && writable(store);
  var memory = null;
  var kept = writes;  // false once the record cannot be written: blocked, full, or a newer version's
  var notes = [], T0 = null;

  function unsaved() {
    kept = false;
    notes.forEach(function (n) { n.hidden = false; n.textContent = T0.progress_unsaved; });
  }

  // What the store holds: {raw, record} (record: readRecord's, null for nothing usable)
  function read() {
    var raw = null, record = null;
    try { raw = store ? store.getItem(KEY) : null; } catch (e) { raw = null; }
    if (raw !== null) { try { record = readRecord(JSON.parse(raw)); } catch (e) { record = null; } }
    return { raw: raw, record: record };
  }

  function load() {
    if (!kept) return memory || (memory = (read().record || { data: fresh() }).data);
    var now = read();
    var data = now.record ? now.record.data : fresh();
    if (now.record && now.record.newer) {  // a later version's record: used for this visit, never written over
      memory = data;
      unsaved();
      return data;
    }
    if (now.raw !== null && JSON.stringify(data) !== now.raw) save(data);  // migrated or repaired, good parts kept
    return data;
  }
  function save(data) {
    memory = data;
    if (!kept) return;
    try {
      store.setItem(KEY, JSON.stringify(data));
    } catch (e) {
      unsaved();  // full or blocked now: kept in memory for this visit, and the page says so
    }
  }

  // A line that says progress is not being kept (shown from the start without storage, or once a save fails).
  function note(T) {
    T0 = T0 || T;
    var n = el("p", { "class": "aula-progress-unsaved", role: "status" });
    n.hidden = kept;
    if (!kept) n.textContent = T.progress_unsaved;
    notes.push(n);
    return n;
  }

  function recordQuiz(w) {
    var id = w.getAttribute("data-widget");
    var answer = quizAnswer(w);
    var right = w.querySelector(".aula-quiz-options [data-correct]");
    var data = load();
    if (answer === "none") delete data.quiz[id];
    else data.quiz[id] = { answer: answer, correct: !!right && right.getAttribute("data-option") === answer };
    save(data);
  }

  // "I finished this chapter", for the chapter's bar.
  function doneBox(slug, T) {
    var label = el("label", { "class": "aula-done" });
    var box = el("input", { type: "checkbox", "data-aula-done": "" });
    box.checked = load().done[slug] === true;
    box.addEventListener("change", function () {
      var d = load();
      if (box.checked) d.done[slug] = true; else delete d.done[slug];
      save(d);
    });
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + T.chapter_done));
    return label;
  }

  // The home page's summary: each chapter it links to, finished or not, its quizzes answered.
  function summary(box, T, framed) {
    var data = load();
    // the record written once more: a store too full for it says so below, not "saved" (none stays none)
    var had = kept && read().raw !== null;
    save(data);
    if (kept && !had) { try { store.removeItem(KEY); } catch (e) { /* nothing to undo */ } }
    box.textContent = "";
    box.appendChild(el("h2", { id: "aula-progress-title" }, T.progress_title));
    T0 = T0 || T;
    box.appendChild(el("p", { "class": "aula-progress-note" },
                       !writes ? T.progress_no_storage : kept ? T.progress_local : T.progress_unsaved));
    var list = el("ul");
    var seen = {};
    document.querySelectorAll(".md-content__inner a[href]").forEach(function (a) {
      if (box.contains(a) || a.classList.contains("headerlink")) return;
      var s = topLevelPage(a.getAttribute("href"));
      if (!s || seen[s] || s.indexOf(".") >= 0) return;
      seen[s] = true;
      var li = el("li", { "data-page": s });
      li.appendChild(el("span", { "class": "aula-progress-title" }, a.textContent));
      var page = data.pages[s];
      var parts = [];
      if (data.done[s]) parts.push("✓ " + T.progress_finished);
      if (page && page.quizzes.length) {
        var answered = page.quizzes.filter(function (q) { return data.quiz[q]; });
        var right = answered.filter(function (q) { return data.quiz[q].correct; });
        parts.push(fill(T.progress_quizzes, { answered: answered.length, total: page.quizzes.length, right: right.length }));
      } else if (!page && !data.done[s]) {
        parts.push(T.progress_not_visited);
      }
      li.appendChild(document.createTextNode(": " + parts.join(" · ")));
      list.appendChild(li);
    });
    box.appendChild(list);
    var reset = el("button", { type: "button", "class": "md-button", "data-aula-reset": "" }, T.progress_reset);
    var status = el("p", { "class": "aula-progress-status", role: "status" });
    reset.addEventListener("click", function () {
      if (framed) { status.textContent = T.frame_refused; return; }  // inside another site's frame (frame.js)
      if (!window.confirm(T.progress_confirm_reset)) return;
      if (store && kept) { try { store.removeItem(KEY); } catch (e) { /* nothing to do */ } }
      memory = null;
      summary(box, T, framed);
      box.querySelector(".aula-progress-status").textContent = T.progress_reset_done;
    });
    box.appendChild(reset);
    box.appendChild(status);
  }

  return { load: load, save: save, stored: writes, recordQuiz: recordQuiz, doneBox: doneBox, note: note,
           summary: summary };
}
