/* Live training (lesson 4, "Train your own"; issue 25): the buttons of a widget whose part "run" has
 * [data-train] buttons (lesson_core/widgets/own_train.py).
 *
 * Train sends the widget's values in a "train" message (live.js, the worker's protocol.js); each answer
 * is one slice of work (about 50 ms in lesson_core) with the parts "progress" and, at a checkpoint,
 * "trained", swapped like any live answer (checked by the HTML rule first). While the run goes on, the
 * next slice is asked for when an answer comes, so every other request waits at most one slice.
 * One run at a time: Train again starts a new one. Pause stops asking, Continue asks again, Reset drops
 * the run. The run pauses when the page is hidden or left (visibilitychange, pagehide). A text the
 * model cannot use is said under the field, and what was on screen stays.
 * Typing in the text field picks "my own text" in the example list. The buttons are made here, from
 * the labels in the part (data-label-train...): without scripts there is nothing to press. So is the
 * one under the text field that copies the chosen example (data-examples, in the page's language)
 * into the field, as the reader's own text to edit; it hides while "my own text" is chosen.
 *
 * createTrain(env), env = {train(w, cmd, done), swapParts(w, parts, params), read(w), status(w, text),
 * message(w, name, text), msgs}.
 */
import { whenParsed } from "./dom.js";

var ACTIONS = ["train", "pause", "continue", "reset"];

export function createTrain(env) {
  // The buttons, from the labels the build wrote (lesson_core gives no button without scripts).
  whenParsed(function () {
    document.querySelectorAll(".aula-train-buttons[data-label-train]").forEach(function (box) {
      if (box.querySelector("[data-train]")) return;
      ACTIONS.forEach(function (what) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "md-button";
        b.setAttribute("data-train", what);
        b.textContent = box.getAttribute("data-label-" + what);
        b.disabled = what !== "train";
        box.appendChild(b);
      });
      var w = box.closest(".aula-widget");
      var field = w && w.querySelector('textarea[data-param="text"]');
      if (field && box.hasAttribute("data-examples")) {
        var edit = document.createElement("button");
        edit.type = "button";
        edit.className = "md-button aula-train-edit";
        edit.setAttribute("data-train-edit", "");
        edit.textContent = box.getAttribute("data-label-edit");
        field.parentNode.appendChild(edit);
        showEdit(w);
      }
    });
  });

  function pickOf(w) { return w.querySelector('select[data-param="example"]'); }

  // The copy button shows while an example is chosen (with "my own text", the field is the text).
  function showEdit(w) {
    var edit = w.querySelector("[data-train-edit]"), pick = pickOf(w);
    if (edit && pick) edit.hidden = pick.value === "own";
  }

  // The chosen example into the field, as if the reader had typed it: "my own text" is picked, the
  // widget answers for that text, and the field has the focus, ready to be edited.
  function editExample(w) {
    var box = w.querySelector(".aula-train-buttons[data-examples]"), pick = pickOf(w);
    var field = w.querySelector('textarea[data-param="text"]');
    if (!box || !pick || !field) return;
    var texts;
    try { texts = JSON.parse(box.getAttribute("data-examples")); } catch (e) { return; }
    if (!Object.prototype.hasOwnProperty.call(texts, pick.value)) return;
    field.value = texts[pick.value];
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
    field.focus();
    field.setSelectionRange(0, 0);
    field.scrollTop = 0;
  }

  function runOf(w) {
    return w._train || (w._train = { token: null, running: false, inflight: 0, gen: 0, done: false });
  }

  function buttons(w) {
    var r = runOf(w);
    w.querySelectorAll("[data-train]").forEach(function (b) {
      var what = b.getAttribute("data-train");
      var on = what === "train" ? true :
               what === "pause" ? r.running :
               what === "continue" ? !r.running && !!r.token && !r.done : !!r.token || r.running;
      b.disabled = !on;
    });
    if (r.running) w.setAttribute("data-training", "1"); else w.removeAttribute("data-training");
  }

  // One message to the worker; an answer to a run that was replaced or reset since is dropped.
  function send(w, cmd, take) {
    var r = runOf(w), gen = r.gen;
    r.inflight++;
    env.train(w, cmd, function (res) {
      r.inflight--;
      if (gen === r.gen) take(res);
      buttons(w);
      next(w);
    });
  }

  function answer(w, res) {
    var r = runOf(w);
    if (!res) {  // Python is off (a failed download): the pill and the status say so
      r.running = false;
      env.status(w, env.msgs.py_off);
    } else if (!res.ok) {
      r.running = false;
      var e = res.error || {};
      if (e.message) { if (!(e.param && env.message(w, e.param, e.message))) env.status(w, e.message); }
      else if (!res.stale) env.status(w, env.msgs.py_error);
    } else {
      if (res.token !== r.token) { r.token = res.token; env.message(w, "text", ""); env.status(w, ""); }
      if (res.parts) env.swapParts(w, res.parts, {});
      r.done = !!(res.state && res.state.done);
      if (r.done) r.running = false;
      w.setAttribute("data-train-step", res.state ? res.state.step : 0);
    }
  }

  function next(w) {
    var r = runOf(w);
    if (r.running && !r.inflight && r.token) send(w, { action: "slice", token: r.token }, function (res) { answer(w, res); });
  }

  function act(w, what) {
    var r = runOf(w);
    if (what === "train") {
      var read = env.read(w);
      if (Object.keys(read.errors).length) return;  // the field already says why
      r.gen++;
      r.running = true;
      send(w, { action: "start", params: read.values }, function (res) { answer(w, res); });
    } else if (what === "pause") {
      r.running = false;
    } else if (what === "continue") {
      r.running = true;
      next(w);
    } else if (what === "reset") {
      r.gen++;
      r.running = false;
      r.token = null;
      r.done = false;
      send(w, { action: "reset" }, function (res) { if (res && res.ok) env.swapParts(w, res.parts, {}); });
    }
    buttons(w);
  }

  document.addEventListener("click", function (ev) {
    var e = ev.target && ev.target.closest && ev.target.closest("[data-train-edit]");
    if (e && e.closest(".aula-widget")) { editExample(e.closest(".aula-widget")); return; }
    var b = ev.target && ev.target.closest && ev.target.closest("[data-train]");
    var w = b && b.closest(".aula-widget");
    if (w && !b.disabled) act(w, b.getAttribute("data-train"));
  });

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t && t.getAttribute && t.getAttribute("data-param") === "example") showEdit(t.closest(".aula-widget"));
  });

  // Typing your own text: "my own text" in the list (before the bridge reads the controls).
  document.addEventListener("input", function (ev) {
    var t = ev.target;
    if (!t || t.getAttribute("data-param") !== "text") return;
    var w = t.closest(".aula-widget"), pick = w && w.querySelector('[data-train]') &&
      w.querySelector('select[data-param="example"]');
    if (pick && pick.value !== "own") pick.value = "own";
    if (w) showEdit(w);
  }, true);

  // A hidden or left page trains no more: the run pauses, and says so.
  function pauseAll() {
    document.querySelectorAll(".aula-widget[data-training]").forEach(function (w) {
      runOf(w).running = false;
      buttons(w);
      var note = w.querySelector("[data-paused-note]");
      if (note) env.status(w, note.getAttribute("data-paused-note"));
    });
  }
  document.addEventListener("visibilitychange", function () { if (document.hidden) pauseAll(); });
  window.addEventListener("pagehide", pauseAll);
}
