/* Print: each widget at its current state, its controls' values as text, the reader's quiz answer marked;
 * the print buttons of a chapter; the class set (one sheet per student and a key packet in one job).
 *
 * The @media print block of aula.css does the layout; here only the text print needs and the classes
 * on <html> that choose what prints (aula-print-key, aula-print-handout, aula-print-packet).
 * createPrint(bridge, T) -> {values(w), buttons(quiz, chapter), classSet(box)}; bridge is widgets.js's
 * API (or null), T the page's message catalogue.
 */
import { el } from "./dom.js";
import { quizAnswer } from "./progress.js";

export function createPrint(bridge, T) {
  var root = document.documentElement;

  function markChosen(w) {
    var answer = quizAnswer(w);
    w.querySelectorAll(".aula-quiz-options [data-option]").forEach(function (li) {
      li.classList.toggle("aula-chosen", li.getAttribute("data-option") === answer);
    });
  }

  function controlText(w) {
    var items = [];
    w.querySelectorAll(".aula-controls .aula-control").forEach(function (c) {
      var label = c.querySelector("legend, label");
      var name = label ? label.textContent.trim() : "";
      var value = "";
      var range = c.querySelector('input[type="range"]');
      var checked = c.querySelector('input[type="radio"]:checked');
      var select = c.querySelector("select");
      var box = c.querySelector('input[type="checkbox"]');
      var field = c.querySelector('input[type="text"], textarea');
      if (range) { var out = c.querySelector("output"); value = out ? out.textContent : range.value; }
      else if (checked) value = checked.parentNode.textContent.trim();
      else if (select) value = select.options[select.selectedIndex] ? select.options[select.selectedIndex].textContent : "";
      else if (box) value = box.checked ? T.yes : T.no;
      else if (field) value = bridge ? bridge.fieldText(field) : field.value;
      if (name) items.push(name.replace(/:$/, "") + ": " + value);
    });
    return items.join(" · ");
  }

  // The widget's values as a line of text under its controls (shown in print only), or its quiz answer marked.
  function values(w) {
    if (w.querySelector(".aula-quiz-options")) { markChosen(w); return; }
    var form = w.querySelector(".aula-controls");
    if (!form) return;
    var p = w.querySelector(".aula-print-values");
    if (!p) {
      p = el("p", { "class": "aula-print-values", "aria-hidden": "true" });
      form.parentNode.insertBefore(p, form.nextSibling);
    }
    p.textContent = controlText(w);
  }

  function button(text, attr, printing) {
    var b = el("button", { type: "button", "class": "md-button" }, text);
    if (attr) b.setAttribute(attr, "");
    b.addEventListener("click", function () {
      if (printing) root.classList.add(printing);
      window.print();
    });
    return b;
  }

  // A lesson's print buttons: the page; with answers (quizzes on it); the students' handout (a chapter:
  // figures at their states and the questions, without the long prose).
  function buttons(quiz, chapter) {
    window.addEventListener("afterprint", function () { root.classList.remove("aula-print-key", "aula-print-handout"); });
    var out = [button(T.print)];
    if (quiz) out.push(button(T.print_key, "data-aula-print-key", "aula-print-key"));
    if (chapter) out.push(button(T.print_handout, "data-aula-print-handout", "aula-print-handout"));
    return out;
  }

  // A class set (docs/<lang>/teacher/class/): the page carries every variant's sheet and key
  // (lesson_core.widgets.worksheets.class_set_html) and the seat order of variants (data-roster, from
  // worksheets.roster); the first n seats are copied out. Its messages are the box's data-msg-* attributes.
  function classSet(box) {
    var field = box.querySelector("[data-aula-class-size]");
    var status = box.querySelector(".aula-class-status");
    var out = box.querySelector(".aula-class-print");
    var roster = box.getAttribute("data-roster").split(",");
    function refuse(msg) {
      status.textContent = box.getAttribute(msg);
      field.setAttribute("aria-invalid", "true");
      out.textContent = "";
      box.classList.add("aula-class-empty");
      return false;
    }
    function prepare() {
      var text = field.value.trim();
      if (!/^\d{1,4}$/.test(text)) return refuse("data-msg-digits");
      var n = Number(text);
      if (n < 1 || n > roster.length) return refuse("data-msg-range");
      var used = {};
      out.textContent = "";
      roster.slice(0, n).forEach(function (v, i) {
        var copy = box.querySelector('.aula-class-source [data-variant="' + v + '"]').cloneNode(true);
        copy.setAttribute("data-student", String(i + 1));
        out.appendChild(copy);
        used[v] = true;
      });
      box.querySelectorAll(".aula-class-key").forEach(function (k) { k.hidden = !used[k.getAttribute("data-variant")]; });
      field.removeAttribute("aria-invalid");
      box.classList.remove("aula-class-empty");
      status.textContent = box.getAttribute("data-msg-ready").replace("{n}", n).replace("{m}", Object.keys(used).length);
      return true;
    }
    box.querySelector(".aula-class-form").addEventListener("submit", function (ev) { ev.preventDefault(); prepare(); });
    box.querySelectorAll("[data-aula-print]").forEach(function (b) {
      b.addEventListener("click", function () {
        if (!prepare()) { field.focus(); return; }
        if (b.getAttribute("data-aula-print") === "keys") root.classList.add("aula-print-packet");
        window.print();
      });
    });
    window.addEventListener("afterprint", function () { root.classList.remove("aula-print-packet"); });
    prepare();
  }

  return { values: values, buttons: buttons, classSet: classSet };
}
