/* Aula teacher kit: shareable widget states in the link, progress kept on the device, print.
 *
 * Runs after aula.js and uses only its small hooks (window.aula.read / window.aula.set).
 * Nothing here leaves the device: progress lives in localStorage under one versioned key,
 * and a page without storage (private mode, file:// policies) works the same, just without memory.
 *
 * Link format (the page's fragment):  #w=<widget>[~n]:<param>=<value>,<param>=<value>;<widget>:...
 *   <widget> is the widget id (data-widget), ~n the nth block of that widget on the page (from 0),
 *   values are the controls' canonical strings, URI-encoded. Unknown widgets, unknown parameters
 *   and values a control cannot take are dropped with a short note; the rest applies.
 */
(function () {
  "use strict";
  var root = document.documentElement;
  var lang = (root.getAttribute("lang") || "es").slice(0, 2) === "pt" ? "pt" : "es";
  var T = {
    es: {
      copy: "Copiar enlace", copied: "Enlace copiado.", copyManual: "Copia el enlace de este campo:",
      linkLabel: "Enlace a este recuadro en su estado actual",
      noteWidget: "El enlace nombra un recuadro que no está en esta página ({x}); se ignora.",
      noteParam: "El enlace traía valores que este recuadro no acepta ({x}); se usan los valores por defecto.",
      done: "He terminado este capítulo", print: "Imprimir", printKey: "Imprimir con respuestas (docente)",
      progress: "Tu progreso", local: "Se guarda solo en este dispositivo; nada sale de tu navegador.",
      noStorage: "Este navegador no permite guardar datos (por ejemplo, en modo privado): el progreso se perderá al cerrar la página.",
      finished: "terminado", notVisited: "sin visitar", quizzes: "preguntas respondidas: {a} de {n} ({c} bien)",
      reset: "Borrar mi progreso", confirmReset: "¿Borrar todo tu progreso guardado en este dispositivo?",
      resetDone: "Progreso borrado.", yes: "sí", no: "no"
    },
    pt: {
      copy: "Copiar link", copied: "Link copiado.", copyManual: "Copie o link deste campo:",
      linkLabel: "Link para este quadro no estado atual",
      noteWidget: "O link cita um quadro que não está nesta página ({x}); ele foi ignorado.",
      noteParam: "O link trazia valores que este quadro não aceita ({x}); foram usados os valores padrão.",
      done: "Terminei este capítulo", print: "Imprimir", printKey: "Imprimir com respostas (professor)",
      progress: "Seu progresso", local: "Fica salvo só neste aparelho; nada sai do seu navegador.",
      noStorage: "Este navegador não permite salvar dados (por exemplo, em janela anônima): o progresso se perde ao fechar a página.",
      finished: "terminado", notVisited: "não visitado", quizzes: "perguntas respondidas: {a} de {n} ({c} certas)",
      reset: "Apagar meu progresso", confirmReset: "Apagar todo o seu progresso salvo neste aparelho?",
      resetDone: "Progresso apagado.", yes: "sim", no: "não"
    }
  }[lang];
  var bridge = window.aula || null;
  var widgets = Array.prototype.slice.call(document.querySelectorAll(".aula-widget"));
  var meta = document.querySelector('meta[name="aula-page"]');
  var slug = meta ? meta.getAttribute("content") : "";

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text) e.textContent = text;
    return e;
  }
  function fill(s, x) { return s.replace("{x}", x); }

  /* ---------- progress on the device ---------- */

  var KEY = "aula.progress", VERSION = 1;
  var store = (function () {
    try {
      var probe = "aula.probe";
      window.localStorage.setItem(probe, "1");
      window.localStorage.removeItem(probe);
      return window.localStorage;
    } catch (e) { return null; }
  })();
  var memory = null;

  function fresh() { return { v: VERSION, quiz: {}, done: {}, pages: {} }; }
  function isMap(x) { return !!x && typeof x === "object" && !Array.isArray(x); }
  function clean(d) {
    // keep only well-formed entries of a well-formed version-1 record
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

  function quizWidgets() {
    return widgets.filter(function (w) { return !!w.querySelector(".aula-quiz-options"); });
  }
  function quizAnswer(w) {
    var r = w.querySelector('input[data-param="answer"]:checked');
    return r ? r.value : "none";
  }
  function markChosen(w) {
    var answer = quizAnswer(w);
    w.querySelectorAll(".aula-quiz-options [data-option]").forEach(function (li) {
      li.classList.toggle("aula-chosen", li.getAttribute("data-option") === answer);
    });
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

  function isChapter() { return !!slug && slug.indexOf("/") < 0 && slug !== "index" && widgets.length > 0; }

  function chapterBar() {
    var article = document.querySelector(".md-content__inner");
    if (!article) return;
    var bar = el("div", { "class": "aula-teacher-bar" });
    if (isChapter()) {
      var data = load();
      data.pages[slug] = { quizzes: quizWidgets().map(function (w) { return w.getAttribute("data-widget"); }) };
      save(data);
      var label = el("label", { "class": "aula-done" });
      var box = el("input", { type: "checkbox", "data-aula-done": "" });
      box.checked = data.done[slug] === true;
      box.addEventListener("change", function () {
        var d = load();
        if (box.checked) d.done[slug] = true; else delete d.done[slug];
        save(d);
      });
      label.appendChild(box);
      label.appendChild(document.createTextNode(" " + T.done));
      bar.appendChild(label);
    }
    if (widgets.length) {
      var print = el("button", { type: "button", "class": "md-button" }, T.print);
      print.addEventListener("click", function () { window.print(); });
      var key = el("button", { type: "button", "class": "md-button", "data-aula-print-key": "" }, T.printKey);
      key.addEventListener("click", function () {
        root.classList.add("aula-print-key");
        window.print();
      });
      window.addEventListener("afterprint", function () { root.classList.remove("aula-print-key"); });
      bar.appendChild(print);
      if (quizWidgets().length) bar.appendChild(key);
    }
    if (bar.childNodes.length) article.appendChild(bar);
  }

  // "turing-1-words" for a link to a page beside the home page; "" for anything deeper or elsewhere
  function topLevelPage(href) {
    var here = location.pathname.replace(/index\.html$/, "");
    var url = new URL(href, location.href);
    if (url.protocol !== location.protocol || url.pathname.indexOf(here) !== 0) return "";
    var rest = url.pathname.slice(here.length).replace(/index\.html$/, "").replace(/\/+$/, "");
    return rest.indexOf("/") < 0 ? decodeURIComponent(rest) : "";
  }

  function summary(box) {
    var data = load();
    box.textContent = "";
    box.appendChild(el("h2", { id: "aula-progress-title" }, T.progress));
    box.appendChild(el("p", { "class": "aula-progress-note" }, store ? T.local : T.noStorage));
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
      if (data.done[s]) parts.push("✓ " + T.finished);
      if (page && page.quizzes.length) {
        var answered = page.quizzes.filter(function (q) { return data.quiz[q]; });
        var right = answered.filter(function (q) { return data.quiz[q].correct; });
        parts.push(T.quizzes.replace("{a}", answered.length).replace("{n}", page.quizzes.length).replace("{c}", right.length));
      } else if (!page && !data.done[s]) {
        parts.push(T.notVisited);
      }
      li.appendChild(document.createTextNode(": " + parts.join(" · ")));
      list.appendChild(li);
    });
    box.appendChild(list);
    var reset = el("button", { type: "button", "class": "md-button", "data-aula-reset": "" }, T.reset);
    var status = el("p", { "class": "aula-progress-status", role: "status" });
    reset.addEventListener("click", function () {
      if (!window.confirm(T.confirmReset)) return;
      if (store) { try { store.removeItem(KEY); } catch (e) { /* nothing to do */ } }
      memory = null;
      summary(box);
      box.querySelector(".aula-progress-status").textContent = T.resetDone;
    });
    box.appendChild(reset);
    box.appendChild(status);
  }

  /* ---------- print: control values as text, the reader's quiz answers marked ---------- */

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
      else if (field) value = bridge && bridge.fieldText ? bridge.fieldText(field) : field.value;
      if (name) items.push(name.replace(/:$/, "") + ": " + value);
    });
    return items.join(" · ");
  }
  function printValues(w) {
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

  /* ---------- shareable state in the link ---------- */

  function instanceName(w) {
    var id = w.getAttribute("data-widget");
    var same = widgets.filter(function (x) { return x.getAttribute("data-widget") === id; });
    var n = same.indexOf(w);
    return n > 0 ? id + "~" + n : id;
  }
  function widgetLink(w) {
    var read = bridge ? bridge.read(w) : { values: {} };
    var pairs = Object.keys(read.values).map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(read.values[k]);
    });
    return location.href.split("#")[0] + "#w=" + instanceName(w) + ":" + pairs.join(",");
  }
  function findWidget(name) {
    var m = /^([A-Za-z0-9_]+)(?:~(\d+))?$/.exec(name);
    if (!m) return null;
    var same = widgets.filter(function (x) { return x.getAttribute("data-widget") === m[1]; });
    return same[m[2] ? Number(m[2]) : 0] || null;
  }
  function acceptable(w, name, value) {
    var inputs = Array.prototype.slice.call(w.querySelectorAll('[data-param="' + name + '"]'));
    if (!inputs.length) return false;
    var input = inputs[0];
    if (input.type === "radio") return inputs.some(function (r) { return r.value === value; });
    if (input.type === "checkbox") return value === "0" || value === "1";
    if (input.tagName === "SELECT") return Array.prototype.some.call(input.options, function (o) { return o.value === value; });
    if (input.type === "range") {
      if (!/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(value)) return false;
      var x = Number(value), lo = Number(input.min), hi = Number(input.max), step = Number(input.step) || 1;
      var k = (x - lo) / step;
      return x >= lo && x <= hi && Math.abs(k - Math.round(k)) < 1e-6;
    }
    return value.length <= 5000;  // typed fields: checked by the bridge after they are set
  }
  function note(target, text) {
    var p = el("p", { "class": "aula-link-note", role: "status" }, text);
    if (target.classList && target.classList.contains("aula-widget")) {
      var title = target.querySelector(".aula-widget-title");
      target.insertBefore(p, title ? title.nextSibling : target.firstChild);
    } else {
      target.insertBefore(p, target.firstChild);
    }
  }
  function parseLink(hash) {
    var m = /^#w=(.*)$/.exec(hash || "");
    if (!m) return null;
    return m[1].split(";").filter(Boolean).map(function (entry) {
      var i = entry.indexOf(":");
      var name = i < 0 ? entry : entry.slice(0, i);
      var params = {};
      (i < 0 ? "" : entry.slice(i + 1)).split(",").filter(Boolean).forEach(function (kv) {
        var j = kv.indexOf("=");
        try {
          params[decodeURIComponent(j < 0 ? kv : kv.slice(0, j))] = j < 0 ? "" : decodeURIComponent(kv.slice(j + 1));
        } catch (e) { params["\u2026"] = ""; }  // a broken escape: reported as a bad value
      });
      return { name: name, params: params };
    });
  }
  function applyLink() {
    var entries = parseLink(location.hash);
    if (!entries || !bridge) return [];
    var applied = [];
    var missing = [];
    entries.forEach(function (entry) {
      var w = findWidget(entry.name);
      if (!w) { missing.push(entry.name); return; }
      var before = bridge.read(w).values;
      var good = {}, bad = [];
      Object.keys(entry.params).forEach(function (k) {
        if (acceptable(w, k, entry.params[k])) good[k] = entry.params[k]; else bad.push(k);
      });
      bridge.set(w, good);
      var errors = bridge.read(w).errors;
      var wrong = Object.keys(errors).filter(function (k) { return k in good; });
      if (wrong.length) {  // typed values the bridge refused: back to the page's values
        var back = {};
        wrong.forEach(function (k) { back[k] = before[k]; });
        bridge.set(w, back);
        bad = bad.concat(wrong);
      }
      if (bad.length) note(w, fill(T.noteParam, bad.join(", ")));
      printValues(w);
      applied.push(w);
    });
    var article = document.querySelector(".md-content__inner");
    if (missing.length && article) note(article, fill(T.noteWidget, missing.join(", ")));
    if (applied.length) applied[0].scrollIntoView({ block: "start" });
    return applied;
  }

  function shareControl(w) {
    var box = el("div", { "class": "aula-share" });
    var button = el("button", { type: "button", "class": "aula-share-button" }, T.copy);
    var status = el("span", { "class": "aula-share-status", role: "status" });
    box.appendChild(button);
    box.appendChild(status);
    button.addEventListener("click", function () {
      var link = widgetLink(w);
      var field = box.querySelector("input");
      if (!field) {
        field = el("input", { type: "text", readonly: "", "class": "aula-share-field", "aria-label": T.linkLabel });
        box.appendChild(field);
      }
      field.value = link;
      function manual() {
        field.focus();
        field.select();
        var ok = false;
        try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
        status.textContent = ok ? T.copied : T.copyManual;
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(link).then(function () { status.textContent = T.copied; }, manual);
      } else {
        manual();
      }
    });
    var title = w.querySelector(".aula-widget-title");
    if (title) title.parentNode.insertBefore(box, title.nextSibling); else w.insertBefore(box, w.firstChild);
  }

  /* ---------- wiring ---------- */

  var data = load();
  var fromLink = {};
  applyLink().forEach(function (w) { fromLink[w.id] = true; });
  widgets.forEach(function (w) {
    shareControl(w);
    var quiz = !!w.querySelector(".aula-quiz-options");
    var stored = quiz && data.quiz[w.getAttribute("data-widget")];
    if (stored && !fromLink[w.id] && bridge && acceptable(w, "answer", stored.answer)) bridge.set(w, { answer: stored.answer });
    printValues(w);
    function changed(ev) {
      if (!ev.target || !ev.target.getAttribute || !ev.target.getAttribute("data-param")) return;
      printValues(w);
      if (quiz) recordQuiz(w);
      if (w.getAttribute("data-widget").indexOf("ws_") === 0 && window.history && history.replaceState) {
        history.replaceState(null, "", widgetLink(w));  // a worksheet's variant is kept in the page's link
      }
    }
    w.addEventListener("input", changed);
    w.addEventListener("change", changed);
  });
  window.addEventListener("beforeprint", function () { widgets.forEach(printValues); });
  window.addEventListener("hashchange", applyLink);
  window.addEventListener("load", function () {
    var first = widgets.filter(function (w) { return fromLink[w.id]; })[0];
    if (first) first.scrollIntoView({ block: "start" });
  });
  chapterBar();
  var box = document.querySelector("[data-aula-progress]");
  if (box) summary(box);
  window.aulaTeacher = { load: load, parseLink: parseLink, link: widgetLink };
})();
