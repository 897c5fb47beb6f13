/* The teacher kit on every page: share links (share.js), progress on the device (progress.js) and
 * print (print.js), wired to the page's widgets once the page is parsed.
 *
 * startTeacher(bridge, T): bridge is widgets.js's API (null on a page without widgets), T the page's
 * message catalogue (<script id="aula-page-msgs">, lesson_core/kit/messages.py PAGE_KEYS).
 * A page names itself for progress in <meta name="aula-page"> (overrides/main.html): a chapter is a
 * top-level page with widgets. A guide's period choice is kept on the device (periodChoice).
 */
import { allWidgets, el } from "./dom.js";
import { createProgress } from "./progress.js";
import { createPrint } from "./print.js";
import { createPresent } from "./present.js";
import { acceptable, createShare } from "./share.js";
import { foreignFrame, frameNotice } from "./frame.js";

export function startTeacher(bridge, T) {
  var widgets = allWidgets();
  var meta = document.querySelector('meta[name="aula-page"]');
  var slug = meta ? meta.getAttribute("content") : "";
  var progress = createProgress();
  var print = createPrint(bridge, T);
  var share = createShare(bridge, widgets, T, print.values);
  var present = createPresent(T);
  var quizzes = widgets.filter(function (w) { return !!w.querySelector(".aula-quiz-options"); });
  var chapter = !!slug && slug.indexOf("/") < 0 && slug !== "index" && widgets.length > 0;
  var framed = foreignFrame();  // inside another site's page: a notice, and no clearing of progress
  if (framed) frameNotice(T);

  function chapterBar() {
    var article = document.querySelector(".md-content__inner");
    if (!article) return;
    var bar = el("div", { "class": "aula-teacher-bar" });
    if (chapter) {
      var data = progress.load();
      data.pages[slug] = { quizzes: quizzes.map(function (w) { return w.getAttribute("data-widget"); }) };
      progress.save(data);
      bar.appendChild(progress.doneBox(slug, T));
      bar.appendChild(progress.note(T));  // shown when progress cannot be kept beyond this visit
    }
    if (widgets.length) print.buttons(quizzes.length > 0, chapter).forEach(function (b) { bar.appendChild(b); });
    if (bar.childNodes.length) article.appendChild(bar);
  }

  var data = progress.load();
  var fromLink = {};
  share.apply().forEach(function (w) { fromLink[w.id] = true; });
  widgets.forEach(function (w) {
    share.control(w);
    present.control(w);  // the projector view, beside "copy link"
    var quiz = quizzes.indexOf(w) >= 0;
    var stored = quiz && data.quiz[w.getAttribute("data-widget")];
    if (stored && !fromLink[w.id] && bridge && acceptable(w, "answer", stored.answer)) bridge.set(w, { answer: stored.answer });
    print.values(w);
    function changed(ev) {
      if (!ev.target || !ev.target.getAttribute || !ev.target.getAttribute("data-param")) return;
      print.values(w);
      if (quiz) progress.recordQuiz(w);
      if (w.getAttribute("data-widget").indexOf("ws_") === 0 && window.history && history.replaceState) {
        history.replaceState(null, "", share.link(w));  // a worksheet's variant is kept in the page's link
      }
    }
    w.addEventListener("input", changed);
    w.addEventListener("change", changed);
  });
  window.addEventListener("beforeprint", function () { widgets.forEach(print.values); });
  window.addEventListener("hashchange", share.apply);
  window.addEventListener("load", function () {
    var first = widgets.filter(function (w) { return fromLink[w.id]; })[0];
    if (first) first.scrollIntoView({ block: "start" });
  });
  chapterBar();
  document.querySelectorAll(".aula-class-set").forEach(print.classSet);
  document.querySelectorAll(".aula-period-choice").forEach(periodChoice);
  var box = document.querySelector("[data-aula-progress]");
  if (box) progress.summary(box, T, framed);
}

// A guide's period (lesson_core/classroom/periods.py; CSS shows the checked one's plan): the teacher's
// last choice, kept on the device, opens every guide; without storage, each guide starts at its default.
var PERIOD_KEY = "aula.period";
function periodChoice(box) {
  var saved = null;
  try { saved = window.localStorage.getItem(PERIOD_KEY); } catch (e) { saved = null; }
  var input = saved && /^\d{1,3}$/.test(saved) && box.querySelector('input[value="' + saved + '"]');
  if (input) input.checked = true;  // only a period this guide offers
  box.addEventListener("change", function (ev) {
    try { window.localStorage.setItem(PERIOD_KEY, ev.target.value); } catch (e) { /* kept for this page only */ }
  });
}

