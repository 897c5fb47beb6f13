/* Progress kept on the device: quiz answers, chapters marked done, the home page's summary.
 *
 * Nothing leaves the device: one versioned record in localStorage["aula.progress"],
 *   {"v": 1, "quiz": {id: {"answer", "correct"}}, "done": {page: true}, "pages": {page: {"quizzes": [...]}}};
 * a damaged record is replaced, and a page without storage (private mode, file:// policies) works the
 * same, just without memory. createProgress() -> {load(), save(data), stored, recordQuiz(w), doneBox(slug,
 * T), summary(box, T)}; T is the page's message catalogue (lesson_core/kit/messages.py PAGE_KEYS).
 */
import { el, fill } from "./dom.js";

var KEY = "aula.progress", VERSION = 1;

function fresh() { return { v: VERSION, quiz: {}, done: {}, pages: {} }; }
function isMap(x) { return !!x && typeof x === "object" && !Array.isArray(x); }

// Only the well-formed entries of a well-formed version-1 record; null for anything else.
function clean(d) {
  if (!isMap(d) || d.v !== VERSION || !isMap(d.quiz) || !isMap(d.done) || !isMap(d.pages)) return null;
  var out = fresh();
  Object.keys(d.quiz).forEach(function (k) {
    var q = d.quiz[k];
    if (isMap(q) && typeof q.answer === "string" && typeof q.correct === "boolean") out.quiz[k] = q;
  });
  Object.keys(d.done).forEach(function (k) { if (d.done[k] === true) out.done[k] = true; });
  Object.keys(d.pages).forEach(function (k) {
    var p = d.pages[k];
    if (isMap(p) && Array.isArray(p.quizzes) && p.quizzes.every(function (q) { return typeof q === "string"; })) {
      out.pages[k] = { quizzes: p.quizzes };
    }
  });
  return out;
}

function storage() {
  try {
    var probe = "aula.probe";
    window.localStorage.setItem(probe, "1");
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch (e) { return null; }
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
  var memory = null;

  function load() {
    if (!store) return memory || (memory = fresh());
    var raw = null, data = null;
    try { raw = store.getItem(KEY); } catch (e) { return memory || (memory = fresh()); }
    if (raw !== null) { try { data = clean(JSON.parse(raw)); } catch (e) { data = null; } }
    if (!data) { data = fresh(); if (raw !== null) save(data); }  // a corrupted entry is replaced
    return data;
  }
  function save(data) {
    memory = data;
    if (!store) return;
    try { store.setItem(KEY, JSON.stringify(data)); } catch (e) { /* full or blocked: keep it in memory */ }
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
  function summary(box, T) {
    var data = load();
    box.textContent = "";
    box.appendChild(el("h2", { id: "aula-progress-title" }, T.progress_title));
    box.appendChild(el("p", { "class": "aula-progress-note" }, store ? T.progress_local : T.progress_no_storage));
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
      if (!window.confirm(T.progress_confirm_reset)) return;
      if (store) { try { store.removeItem(KEY); } catch (e) { /* nothing to do */ } }
      memory = null;
      summary(box, T);
      box.querySelector(".aula-progress-status").textContent = T.progress_reset_done;
    });
    box.appendChild(reset);
    box.appendChild(status);
  }

  return { load: load, save: save, stored: !!store, recordQuiz: recordQuiz, doneBox: doneBox, summary: summary };
}
