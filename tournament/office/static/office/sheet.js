/* Score-sheet entry: one row per game, keyboard only, live preview, JSON saves.
 *
 * Plain JavaScript, no build step, no libraries. The server computes every score (the preview endpoint runs
 * the scoring engine); this file only sends rows and shows what comes back. Without JavaScript every row is
 * an ordinary form that saves with Enter. Protocol and keyboard map: docs/entry.md.
 */
(function () {
  "use strict";

  var PREVIEW_DELAY = 150;  // ms after the last keystroke

  /* The one signed-number format (tournament/common/numbers.py), for sums shown live; tests/common/test_numbers.py
   * runs this copy against the Python. */
  function signed(v) {
    if (v === null || v === undefined) return "";
    return v > 0 ? "+" + v : v < 0 ? "\u2212" + (-v) : "0";
  }

  function fold(text) {
    return String(text || "").trim().replace(/\s+/g, " ").toLowerCase()
      .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss");
  }

  function fill(template, params) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return params[key]; });
  }

  /* The cookie first: after a new login in another tab it holds the new token, the page's copy does not. */
  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function post(url, body, signal) {
    body.set("csrfmiddlewaretoken", csrfToken());
    return fetch(url, {
      method: "POST", body: body, signal: signal, credentials: "same-origin",
      headers: {"X-CSRFToken": csrfToken(), "Accept": "application/json"}
    });
  }

  function isJson(response) {
    return (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
  }

  /* ------------------------------------------------------------------ the sheet */

  function initSheet(table) {
    var config = JSON.parse(document.getElementById("sheet-config").textContent);
    var text = config.text;
    var aliases = config.contracts.aliases;
    var info = config.contracts.info;
    var urls = {preview: table.dataset.previewUrl, save: table.dataset.saveUrl, remove: table.dataset.deleteUrl};
    var numbers = config.numbers;          // the saved sheet: scores, running totals, totals
    var statusLine = document.getElementById("sheet-status");
    var rows = {};
    var rowCount = 0;

    table.classList.remove("no-js");

    Array.prototype.forEach.call(table.querySelectorAll("tr.game"), function (tr) {
      var n = Number(tr.dataset.number);
      rowCount = Math.max(rowCount, n);
      rows[n] = {
        n: n, tr: tr, form: document.getElementById("f" + n), seq: 0, timer: null, ctrl: null,
        saving: false, dirty: false, autoSeat: false, previewScores: null, explanation: tr.dataset.explanation || ""
      };
      rows[n].snapshot = values(n);
      applyKind(n);
      if (tr.classList.contains("has-errors")) {
        rows[n].dirty = true;
        markState(n, "error");
      }
    });

    function inputs(n) {
      return Array.prototype.slice.call(document.querySelectorAll('.in[form="f' + n + '"]'));
    }

    function input(n, name) {
      return document.querySelector('.in[form="f' + n + '"][name="' + name + '"]');
    }

    function values(n) {
      var out = {};
      inputs(n).forEach(function (el) { out[el.name] = el.value; });
      return out;
    }

    function setValues(n, vals) {
      inputs(n).forEach(function (el) { el.value = vals[el.name] !== undefined ? vals[el.name] : ""; });
    }

    function versionInput(n) {
      return rows[n].form.querySelector("input[name=version]");
    }

    function contractOf(n) {
      var key = aliases[fold(input(n, "contract").value)];
      return key ? {key: key, kind: info[key].kind, label: info[key].label, allowed: info[key].allowed} : null;
    }

    function visible(el) {
      return !el.disabled && el.getClientRects().length > 0;
    }

    /* The fields Enter walks through: visible, not optional (penalty, calls, tricks are reached with Tab). */
    function chain(n) {
      return inputs(n).filter(function (el) { return visible(el) && !el.hasAttribute("data-optional"); });
    }

    function applyKind(n) {
      var row = rows[n];
      var contract = contractOf(n);
      var kind = contract ? contract.kind : "";
      row.tr.dataset.kind = kind;
      var name = row.tr.querySelector(".cname");
      if (name) {
        name.textContent = contract ? contract.label : "";
        name.classList.toggle("not-allowed", !!contract && !contract.allowed);
      }
      var result = input(n, "result");
      if (result) {
        result.placeholder = kind === "goal" ? text.outcome : kind === "drescher" ? text.last_trick :
          kind === "point" ? text.points : "";
      }
      var seat = input(n, "declarer");
      var wantsForehand = contract && (contract.key === "cego" || kind === "raeuber" || kind === "drescher");
      if (wantsForehand && seat.value === "") {
        seat.value = String(Number(row.tr.dataset.forehand) + 1);
        row.autoSeat = true;
      } else if (!wantsForehand && row.autoSeat && seat.value === String(Number(row.tr.dataset.forehand) + 1)) {
        seat.value = "";
        row.autoSeat = false;
      }
    }

    function isDirty(n) {
      var now = values(n);
      var before = rows[n].snapshot;
      return Object.keys(now).some(function (k) { return k !== "reason" && (now[k] || "") !== (before[k] || ""); });
    }

    function markState(n, state) {
      var row = rows[n];
      var span = row.tr.querySelector(".state");
      var version = versionInput(n).value;
      row.tr.classList.toggle("is-dirty", state === "dirty" || state === "error");
      row.tr.classList.toggle("is-saving", state === "saving");
      var glyph = {saved: "\u2713", dirty: "\u25cf", saving: "\u2026", error: "!", empty: ""}[state];
      var title = {saved: text.saved + (version ? " \u00b7 " + fill(text.version, {version: version}) : ""),
                   dirty: text.unsaved, saving: text.saving, error: text.error, empty: ""}[state];
      span.textContent = glyph;
      span.title = title;
      span.className = "state state-" + state;
      span.setAttribute("aria-label", title);
    }

    function restingState(n) {
      markState(n, versionInput(n).value ? "saved" : "empty");
    }

    /* --------------------------------------------------------------- errors */

    function clearErrors(n) {
      var row = rows[n];
      row.tr.classList.remove("has-errors");
      inputs(n).forEach(function (el) {
        el.removeAttribute("aria-invalid");
        el.removeAttribute("aria-describedby");
        var cell = el.closest("td");
        if (cell) cell.classList.remove("invalid");
        el.classList.remove("invalid");
      });
      var reasonRow = document.getElementById("r" + n);
      var scope = [row.tr].concat(reasonRow ? [reasonRow] : []);
      scope.forEach(function (el) {
        Array.prototype.forEach.call(el.querySelectorAll(".field-error"), function (e) { e.remove(); });
      });
      var next = row.tr.nextElementSibling;
      while (next && !next.classList.contains("game")) {
        var after = next.nextElementSibling;
        if (next.classList.contains("row-errors")) next.remove();
        next = after;
      }
    }

    function errorBox(message, id, statik) {
      var span = document.createElement("span");
      span.className = "field-error" + (statik ? " static" : "");
      span.setAttribute("role", "alert");
      span.id = id;
      span.textContent = message;
      return span;
    }

    function lastRowPart(n) {
      var el = rows[n].tr;
      while (el.nextElementSibling && !el.nextElementSibling.classList.contains("game")) el = el.nextElementSibling;
      return el;
    }

    /* Show errors next to their fields. ``onlyTyped``: preview mode, only for fields that hold something. */
    function showErrors(n, errors, onlyTyped) {
      clearErrors(n);
      var row = rows[n];
      var first = null;
      var general = [];
      Object.keys(errors || {}).forEach(function (field) {
        var message = errors[field].join(" ");
        var el = field === "__all__" || field === "number" ? null : input(n, field);
        if (field === "reason") showReason(n);
        if (!el || !visible(el)) {
          if (!onlyTyped) general.push(message);
          return;
        }
        if (onlyTyped && el.value === "" && field !== "contract") return;
        var id = "e" + n + "-" + field;
        el.setAttribute("aria-invalid", "true");
        el.setAttribute("aria-describedby", id);
        el.classList.add("invalid");
        var cell = el.closest("td");
        cell.classList.add("invalid");
        if (el.name === "reason") cell.appendChild(errorBox(message, id, true));
        else cell.appendChild(errorBox(message, id, false));
        if (!first) first = el;
      });
      if (general.length) {
        var tr = document.createElement("tr");
        tr.className = "row-errors";
        var td = document.createElement("td");
        td.colSpan = row.tr.children.length;
        td.appendChild(errorBox(general.join(" "), "e" + n + "-all", true));
        tr.appendChild(td);
        row.tr.after(tr);
      }
      row.tr.classList.toggle("has-errors", !!first || general.length > 0);
      return first;
    }

    function showReason(n) {
      var reasonRow = document.getElementById("r" + n);
      if (reasonRow) reasonRow.hidden = false;
    }

    function hideReason(n) {
      var reasonRow = document.getElementById("r" + n);
      if (reasonRow) {
        reasonRow.hidden = true;
        reasonRow.querySelector("input").value = "";
      }
    }

    /* --------------------------------------------------------------- numbers */

    function render(sheet, previewRow) {
      if (!sheet) return;
      for (var n = 1; n <= rowCount; n++) {
        var row = rows[n];
        var own = row.dirty && row.previewScores ? row.previewScores : null;
        var scores = own || sheet.scores[n] || null;
        var running = sheet.running[n] || null;
        var provisional = previewRow !== undefined && previewRow !== null && n >= previewRow;
        var scoreCells = row.tr.querySelectorAll("td.c-score");
        var runCells = row.tr.querySelectorAll("td.c-run");
        for (var s = 0; s < scoreCells.length; s++) {
          var score = scoreCells[s].querySelector(".score");
          score.textContent = scores ? signed(scores[s]) : "";
          score.classList.toggle("neg", !!scores && scores[s] < 0);
          score.classList.toggle("provisional", !!own || (provisional && n === previewRow));
          score.classList.toggle("stale", row.dirty && !own && n !== previewRow);
          var run = runCells[s].querySelector(".run");
          run.textContent = running ? signed(running[s]) : "";
          run.classList.toggle("provisional", provisional && !!running);
        }
        var sum = row.tr.querySelector(".rowsum");
        var rowSum = own ? own.reduce(function (a, b) { return a + b; }, 0) : sheet.row_sums[n];
        sum.textContent = rowSum === undefined ? "" : signed(rowSum);
        sum.classList.toggle("bad", config.zero_sum && rowSum !== undefined && rowSum !== 0);
      }
      var totals = table.querySelectorAll("tfoot td.c-total");
      for (var i = 0; i < totals.length; i++) {
        totals[i].textContent = signed(sheet.totals[i]);
        totals[i].classList.toggle("neg", sheet.totals[i] < 0);
        totals[i].classList.toggle("provisional", previewRow !== undefined && previewRow !== null);
      }
      var totalSum = document.getElementById("total-sum");
      totalSum.textContent = signed(sheet.total_sum);
      totalSum.classList.toggle("bad", !sheet.balanced);
      var check = document.getElementById("zero-check");
      check.textContent = sheet.balanced ? "\u2713" : "\u2717";
      check.className = sheet.balanced ? "ok" : "bad";
      document.getElementById("entered-count").textContent = sheet.entered;
      var totalsLink = document.getElementById("totals-link");
      if (totalsLink) totalsLink.hidden = sheet.entered > 0;
    }

    function setStatus(message) {
      statusLine.textContent = message || "";
    }

    /* --------------------------------------------------------------- preview */

    function changed(n) {
      var row = rows[n];
      row.dirty = isDirty(n);
      row.previewScores = null;
      markState(n, row.dirty ? "dirty" : (versionInput(n).value ? "saved" : "empty"));
      if (config.locked && row.dirty) showReason(n);
      clearTimeout(row.timer);
      row.timer = setTimeout(function () { preview(n); }, PREVIEW_DELAY);
    }

    function preview(n) {
      var row = rows[n];
      var seq = ++row.seq;
      if (row.ctrl) row.ctrl.abort();
      if (!row.dirty || input(n, "contract").value.trim() === "") {
        row.previewScores = null;
        clearErrors(n);
        render(numbers);
        setStatus(row.dirty ? "" : row.explanation);
        return;
      }
      row.ctrl = typeof AbortController === "function" ? new AbortController() : null;
      post(urls.preview, new FormData(row.form), row.ctrl ? row.ctrl.signal : undefined)
        .then(function (response) { return isJson(response) ? response.json() : null; })
        .then(function (data) {
          if (!data || seq !== row.seq) return;
          if (data.ok) {
            clearErrors(n);
            row.previewScores = data.scores;
            render(data.sheet, n);
            setStatus(data.explanation + " (" + text.preview + ")");
          } else {
            row.previewScores = null;
            showErrors(n, data.errors, true);
            render(numbers);
            setStatus("");
          }
        })
        .catch(function () { /* aborted or offline: the save reports it */ });
    }

    /* --------------------------------------------------------------- save */

    function focusField(el) {
      if (!el) return;
      el.focus();
      if (el.select) el.select();
    }

    function focusRow(n) {
      if (n > rowCount) {
        var last = input(rowCount, "contract");
        if (last) last.blur();
        return;
      }
      focusField(input(n, "contract"));
      rows[n].tr.scrollIntoView({block: "nearest"});
    }

    function afterSaved(n, game) {
      var row = rows[n];
      setValues(n, game.values);
      versionInput(n).value = game.version;
      hideReason(n);
      row.snapshot = values(n);
      row.dirty = false;
      row.autoSeat = false;
      row.previewScores = null;
      row.explanation = game.explanation;
      row.tr.dataset.explanation = game.explanation;
      row.tr.classList.add("is-saved");
      row.tr.querySelector(".del").hidden = false;
      applyKind(n);
      clearErrors(n);
      removeConflict(n);
      markState(n, "saved");
    }

    function replaceAudit(html) {
      var old = document.getElementById("audit");
      if (old && html) old.outerHTML = html;
    }

    function save(n) {
      var row = rows[n];
      if (row.saving) return;               // a second Enter while the first save runs
      clearTimeout(row.timer);
      row.seq++;
      if (row.ctrl) row.ctrl.abort();
      if (!row.dirty && !row.conflict) {
        if (versionInput(n).value || input(n, "contract").value.trim() === "") {
          focusRow(n + 1);                  // nothing changed: Enter just moves on
          return;
        }
      }
      row.saving = true;
      markState(n, "saving");
      post(urls.save, new FormData(row.form))
        .then(function (response) {
          if (response.redirected || !isJson(response)) {
            row.saving = false;
            markState(n, "error");
            showErrors(n, {__all__: [response.redirected ? text.session : fill(text.server, {status: response.status})]});
            return null;
          }
          return response.json().then(function (data) {
            row.saving = false;
            if (response.status === 200 && data.ok) {
              afterSaved(n, data.game);
              numbers = data.sheet;
              render(numbers);
              replaceAudit(data.audit_html);
              setStatus(data.game.explanation);
              focusRow(n + 1);
            } else if (response.status === 409) {
              markState(n, "error");
              showConflict(n, data);
            } else {
              markState(n, "error");
              var first = showErrors(n, data.errors || {__all__: [fill(text.server, {status: response.status})]});
              render(numbers);
              if (first) focusField(first);
            }
          });
        })
        .catch(function () {
          row.saving = false;
          markState(n, "error");
          showErrors(n, {__all__: [text.network]});
        });
    }

    /* --------------------------------------------------------------- conflicts */

    function removeConflict(n) {
      var box = document.getElementById("c" + n);
      if (box) box.remove();
      rows[n].conflict = null;
    }

    function showConflict(n, data) {
      removeConflict(n);
      clearErrors(n);
      var holder = document.createElement("tbody");
      holder.innerHTML = data.conflict_html;
      var box = holder.firstElementChild;
      lastRowPart(n).after(box);
      rows[n].conflict = data;
      var saved = data.conflict.saved;
      box.querySelector("[data-action=overwrite]").addEventListener("click", function (event) {
        event.preventDefault();
        versionInput(n).value = saved ? saved.version : "";
        removeConflict(n);
        rows[n].dirty = true;
        save(n);
      });
      box.querySelector("[data-action=take]").addEventListener("click", function (event) {
        event.preventDefault();
        takeSaved(n, data);
      });
      box.addEventListener("keydown", function (event) {
        if (event.key === "Escape") { event.preventDefault(); takeSaved(n, data); }
      });
      box.querySelector("[data-action=overwrite]").focus();
    }

    function takeSaved(n, data) {
      var saved = data.conflict.saved;
      var row = rows[n];
      if (saved) {
        afterSaved(n, saved);
      } else {
        setValues(n, {});
        versionInput(n).value = "";
        row.snapshot = values(n);
        row.dirty = false;
        row.tr.classList.remove("is-saved");
        row.tr.querySelector(".del").hidden = true;
        applyKind(n);
        clearErrors(n);
        removeConflict(n);
        restingState(n);
      }
      if (data.sheet) numbers = data.sheet;
      render(numbers);
      focusField(input(n, "contract"));
    }

    /* --------------------------------------------------------------- revert, delete */

    function revert(n) {
      var row = rows[n];
      if (row.conflict) {
        takeSaved(n, row.conflict);         // Esc in a conflict: the saved version wins
        return;
      }
      clearTimeout(row.timer);
      row.seq++;
      setValues(n, row.snapshot);
      row.dirty = false;
      row.autoSeat = false;
      row.previewScores = null;
      applyKind(n);
      clearErrors(n);
      if (config.locked) hideReason(n);
      restingState(n);
      render(numbers);
      setStatus(row.explanation);
      var active = document.activeElement;
      if (active && active.classList.contains("in") && active.select) active.select();
    }

    function remove(n, link) {
      var message = fill(text.confirm_delete, {number: n});
      if (!window.confirm(message)) return;
      var body = new FormData();
      body.append("number", n);
      body.append("version", versionInput(n).value);
      if (config.locked) {
        var reason = window.prompt(fill(text.reason_delete, {number: n}), "");
        if (!reason) return;
        body.append("reason", reason);
      }
      post(urls.remove, body).then(function (response) {
        if (!isJson(response)) {
          showErrors(n, {__all__: [response.redirected ? text.session : fill(text.server, {status: response.status})]});
          return null;
        }
        return response.json().then(function (data) {
          var row = rows[n];
          if (!data.ok) {
            var errors = data.errors && Object.keys(data.errors).length ? data.errors :
              {__all__: [data.conflict ? data.conflict.message : fill(text.server, {status: response.status})]};
            var flat = [];
            Object.keys(errors).forEach(function (k) { flat = flat.concat(errors[k]); });
            showErrors(n, {__all__: flat});
            return;
          }
          setValues(n, {});
          versionInput(n).value = "";
          row.snapshot = values(n);
          row.dirty = false;
          row.explanation = "";
          row.tr.dataset.explanation = "";
          row.tr.classList.remove("is-saved");
          link.hidden = true;
          applyKind(n);
          clearErrors(n);
          restingState(n);
          numbers = data.sheet;
          render(numbers);
          replaceAudit(data.audit_html);
          focusField(input(n, "contract"));
        });
      }).catch(function () { showErrors(n, {__all__: [text.network]}); });
    }

    /* --------------------------------------------------------------- keyboard */

    function rowOf(el) {
      var form = el.getAttribute("form");
      return form ? Number(form.slice(1)) : null;
    }

    function nextInChain(n, el) {
      var list = chain(n);
      var i = list.indexOf(el);
      if (i >= 0) return list[i + 1] || null;
      for (var k = 0; k < list.length; k++) {
        if (el.compareDocumentPosition(list[k]) & Node.DOCUMENT_POSITION_FOLLOWING) return list[k];
      }
      return null;
    }

    table.addEventListener("keydown", function (event) {
      var el = event.target;
      if (event.key === "Enter" && el.classList.contains("del")) {
        return;                               // Enter on the delete link: a click
      }
      if (!el.classList || !el.classList.contains("in") || event.isComposing) return;
      var n = rowOf(el);
      if (!n) return;
      var plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
      if (event.key === "Enter") {
        event.preventDefault();
        if (el.name === "contract") applyKind(n);
        var next = nextInChain(n, el);
        if (next) focusField(next);
        else save(n);
      } else if (event.key === "Escape") {
        event.preventDefault();
        revert(n);
      } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && plain && el.name !== "reason") {
        var target = n + (event.key === "ArrowDown" ? 1 : -1);
        if (!rows[target]) return;
        event.preventDefault();
        var same = input(target, el.name);
        focusField(same && visible(same) ? same : input(target, "contract"));
        rows[target].tr.scrollIntoView({block: "nearest"});
      }
    });

    table.addEventListener("input", function (event) {
      var el = event.target;
      if (!el.classList.contains("in")) return;
      var n = rowOf(el);
      if (!n) return;
      if (el.name === "declarer") rows[n].autoSeat = false;
      if (el.name === "contract") applyKind(n);
      if (el.name === "reason") return;
      changed(n);
    });

    table.addEventListener("focusin", function (event) {
      var el = event.target;
      if (!el.classList.contains("in")) return;
      if (el.select) el.select();
      var n = rowOf(el);
      if (n && !rows[n].dirty) setStatus(rows[n].explanation);
    });

    table.addEventListener("click", function (event) {
      var link = event.target.closest("a.del");
      if (!link) return;
      event.preventDefault();
      remove(rowOf(link.closest("tr").querySelector(".in")), link);
    });

    window.addEventListener("beforeunload", function (event) {
      var open = Object.keys(rows).some(function (n) { return rows[n].dirty; });
      if (open) {
        event.preventDefault();
        event.returnValue = text.leave;
      }
    });

    var focused = document.activeElement;
    if (focused && focused.classList.contains("in")) {
      focused.select();
      var fn = rowOf(focused);
      if (fn) rows[fn].tr.scrollIntoView({block: "center"});
    }
  }

  /* ------------------------------------------------------------------ totals only */

  function initTotals(form) {
    var fields = Array.prototype.slice.call(form.querySelectorAll(".in-total"));
    var output = document.getElementById("totals-sum");

    function update() {
      var sum = 0;
      var complete = true;
      fields.forEach(function (el) {
        var v = el.value.trim().replace("\u2212", "-");
        if (v === "" || !/^[+-]?\d+$/.test(v)) complete = false;
        else sum += Number(v);
      });
      output.textContent = complete ? signed(sum) : "\u2013";
      output.classList.toggle("bad", complete && sum !== 0);
      output.classList.toggle("ok", complete && sum === 0);
    }

    fields.forEach(function (el, i) {
      el.addEventListener("input", update);
      el.addEventListener("focus", function () { el.select(); });
      el.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || i === fields.length - 1) return;
        event.preventDefault();
        fields[i + 1].focus();
      });
    });
    update();
  }

  var table = document.getElementById("sheet");
  if (table) initSheet(table);
  var totals = document.getElementById("totals-form");
  if (totals) initTotals(totals);
})();
