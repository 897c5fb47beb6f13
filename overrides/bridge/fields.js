/* The controls of a widget as the bridge reads and sets them (no lesson arithmetic).
 *
 * A control is an element with data-param; a Number field (and a Text field) also carries data-spec,
 * its rule as lesson_core declared it (controls.py spec(): kind, min, max, integer, messages). Values are
 * read in their canonical form, the key of the build's precomputed tables and what Python is sent:
 * a slider's value, a choice's value, "1"/"0" for a toggle, numtext.typed() for a typed number.
 * createFields(numbers), numbers = {convention()} (head.js), gives widgets.js and the teacher kit:
 *   read(w) -> {values, errors, notes}   every control; a typed number checked by numtext.js
 *   message(w, name, text, note)         the line under a field: an error, or a note on how it was read
 *   set(input, canonical)                a control set from a canonical value (a figure, a link)
 *   numberText(x)                        a number for a typed field (a drag), as the reader writes it
 *   numberOf(text)                       a field's number as the reader wrote it, or 0
 *   show(previous)                       every Number field written again after a change of convention
 *   fieldText(input)                     a field's value as read, for print
 */
import { allWidgets } from "./dom.js";
import { readTyped, typed, field, checkNumber } from "./numtext.js";

export function spec(input) {
  if (input._spec === undefined) {
    try { input._spec = JSON.parse(input.getAttribute("data-spec") || "null"); } catch (e) { input._spec = null; }
  }
  return input._spec;
}

export function isNumberField(input) {
  var s = input.type === "text" && spec(input);
  return !!(s && s.kind === "number");
}

export function createFields(numbers) {
  function convention() { return numbers.convention(); }

  function read(w) {
    var values = {}, errors = {}, notes = {};
    w.querySelectorAll("[data-param]").forEach(function (input) {
      var name = input.getAttribute("data-param");
      if (input.type === "radio") {
        if (input.checked) values[name] = input.value;
      } else if (input.type === "checkbox") {
        values[name] = input.checked ? "1" : "0";
      } else if (input.type === "range" || input.tagName === "SELECT") {
        values[name] = input.value;
      } else if (isNumberField(input)) {
        var r = checkNumber(input.value, spec(input), convention());
        if (r.error) errors[name] = r.error; else values[name] = r.value;
        if (r.note) notes[name] = r.note;
        // a drag stopped at the figure's edge (drag.js), while the field still holds where it stopped
        if (!r.error && input._edge && input._edge.value === input.value) notes[name] = input._edge.text;
      } else {
        values[name] = input.value;
      }
    });
    return { values: values, errors: errors, notes: notes };
  }

  // A message under a field: an error (the field is marked invalid) or, with note, how it was read.
  function message(w, name, text, note) {
    var input = w.querySelector('[data-param="' + name + '"]');
    var box = input && document.getElementById(input.getAttribute("aria-describedby") || "");
    if (box) box.textContent = text || "";
    if (input) {
      if (text && !note) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    }
    return !!box;
  }

  // value is canonical ("0,5"); a number field shows it as the reader writes it
  function set(input, value) {
    if (input.type === "radio") input.checked = input.value === value;
    else if (input.type === "checkbox") input.checked = value === "1";
    else input.value = isNumberField(input) ? field(value, convention()) : value;
  }

  // Short decimal text for a typed-number field, as the reader writes it; the value itself is computed by Python.
  function numberText(x) { return field(typed(Math.round(x * 10) / 10), convention()); }

  function numberOf(text) {
    var r = readTyped(text, convention());
    return r.error ? 0 : r.value;
  }

  // Number fields as the reader writes numbers: built with the canonical comma, and again after a change
  // of choice in the header (read by the old convention, written in the new one).
  function show(previous) {
    allWidgets().forEach(function (w) {
      w.querySelectorAll("input[data-param]").forEach(function (input) {
        if (!isNumberField(input)) return;
        var r = readTyped(input.value, previous);
        if (r.error) return;  // left as typed, with its message
        input.value = field(typed(r.value), convention());
        message(w, input.getAttribute("data-param"), "");  // a note on how it was read no longer applies
      });
    });
  }

  function fieldText(input) {
    var r = isNumberField(input) && readTyped(input.value, convention());
    return r && !r.error ? field(typed(r.value), convention()) : input.value;
  }

  return { read: read, message: message, set: set, numberText: numberText, numberOf: numberOf, show: show,
           fieldText: fieldText };
}
