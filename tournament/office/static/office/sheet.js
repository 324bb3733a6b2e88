/* Score-sheet entry: the keyboard and the requests. The server renders every row, number and message.
 *
 * Plain JavaScript, no build step, no libraries. A row is an ordinary form (it saves without JavaScript too);
 * this file walks the row with Enter, posts it (preview while typing, save at the end), and swaps in the HTML
 * the server answers. It shows no text of its own: every word comes from the page or from an answer.
 * Protocol and keyboard map: docs/entry.md.
 *
 * The script is loaded in <head> without `defer`, and its listeners sit on `document`: they are in place before
 * the first input of the sheet exists, so no keystroke can reach a field unhandled. (A deferred script left a
 * window after the autofocus in which Enter submitted the plain form half-typed: the flaky 400 of the e2e test.)
 */
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  var PREVIEW_DELAY = 150;    // ms after the last keystroke
  var rows = {};              // row number → {timer, edits, saving, autoSeat}
  var queue = [];             // requests waiting for the one in flight: the page sends one at a time
  var busy = false;
  var contracts = null;       // folded alias → [kind, forehand preselected], from the page (#sheet-keys)

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function sheet() { return document.getElementById("sheet"); }

  function row(n) {
    return rows[n] || (rows[n] = {timer: null, edits: 0, saving: false, autoSeat: false});
  }

  function inputs(n) {
    return Array.prototype.slice.call(document.querySelectorAll('.in[form="f' + n + '"]'));
  }

  function input(n, name) {
    return document.querySelector('.in[form="f' + n + '"][name="' + name + '"]');
  }

  function gameRow(n) { return document.getElementById("g" + n); }

  function rowOf(el) {
    var form = el.getAttribute && el.getAttribute("form");
    return form && /^f\d+$/.test(form) ? Number(form.slice(1)) : null;
  }

  /* Changed since the server last rendered the row's inputs (their `value` attribute is what it rendered),
   * or shown by the server as not saved (a rejected row). */
  function unsaved(n) {
    var tr = gameRow(n);
    return (tr && tr.classList.contains("is-dirty")) || inputs(n).some(function (el) {
      return el.name !== "reason" && el.value !== el.defaultValue;
    });
  }

  /* The cookie first: after a new login in another tab it holds the new token, the page's copy does not. */
  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  /* ------------------------------------------------------------------ what the keyboard needs to know */

  function fold(text) {
    return String(text || "").trim().replace(/\s+/g, " ").toLowerCase()
      .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss");
  }

  function contractOf(n) {
    if (contracts === null) {
      var data = document.getElementById("sheet-keys");
      contracts = data ? JSON.parse(data.textContent) : {};
    }
    var hit = contracts[fold(input(n, "contract").value)];
    return hit ? {kind: hit[0], forehand: hit[1]} : null;
  }

  /* The typed contract decides which inputs Enter walks through (CSS shows Räuber's or the points input);
   * Cego, Räuber and Drescher preselect the forehand, which is cleared again if the contract changes. */
  function applyKind(n) {
    var r = row(n);
    var tr = gameRow(n);
    var contract = contractOf(n);
    tr.dataset.kind = contract ? contract.kind : "";
    var seat = input(n, "declarer");
    var forehand = String(Number(tr.dataset.forehand) + 1);
    if (contract && contract.forehand && seat.value === "") {
      seat.value = forehand;
      r.autoSeat = true;
    } else if (!(contract && contract.forehand) && r.autoSeat && seat.value === forehand) {
      seat.value = "";
      r.autoSeat = false;
    }
  }

  function visible(el) {
    return !el.disabled && el.getClientRects().length > 0;
  }

  /* The fields Enter walks through: visible, not optional (penalty, calls, tricks are reached with Tab). */
  function chain(n) {
    return inputs(n).filter(function (el) { return visible(el) && !el.hasAttribute("data-optional"); });
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

  /* ------------------------------------------------------------------ showing what the server rendered */

  function setState(n, state) {
    var states = document.getElementById("sheet-states");
    var old = gameRow(n).querySelector(".state");
    var fresh = states && states.content.querySelector(".state-" + state);
    if (old && fresh) old.replaceWith(fresh.cloneNode(true));
  }

  /* A message of the page (no connection, session ended, server error) under the row. */
  function showMessage(n, name, status) {
    var template = document.getElementById("sheet-messages");
    var tr = template && template.content.querySelector('[data-message="' + name + '"]');
    if (!tr) return;
    tr = tr.cloneNode(true);
    each(tr.querySelectorAll(".status-code"), function (el) { el.textContent = status; });
    var group = document.getElementById("rg" + n);
    each(group.querySelectorAll("tr.row-errors"), function (el) { el.remove(); });
    gameRow(n).after(tr);
    setState(n, "error");
  }

  function holdsInput(el) {
    return el.matches(".in") || el.querySelector(".in") !== null;
  }

  function copyAttributes(live, fresh) {
    var keepValue = live.matches(".in");      // the `value` attribute is what the server last rendered as saved
    each(Array.prototype.slice.call(live.attributes), function (a) {
      if (!fresh.hasAttribute(a.name) && !(keepValue && a.name === "value")) live.removeAttribute(a.name);
    });
    each(fresh.attributes, function (a) {
      if (keepValue && a.name === "value") return;
      if (live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
    });
  }

  function heldChildren(el) {
    return Array.prototype.filter.call(el.children, holdsInput);
  }

  /* Whether the server's rendering has the page's inputs in the same places (it has, unless the page is old). */
  function mergeable(live, fresh) {
    if (live.matches(".in")) return fresh.matches(".in") && live.name === fresh.name;
    var kept = heldChildren(live);
    var incoming = heldChildren(fresh);
    return kept.length === incoming.length && kept.every(function (el, i) {
      return el.tagName === incoming[i].tagName && mergeable(el, incoming[i]);
    });
  }

  /* Take the server's rendering of a row group but keep the page's inputs (focus, cursor, what is typed):
   * parts that hold inputs are merged, everything else is replaced. */
  function merge(live, fresh) {
    copyAttributes(live, fresh);
    if (live.matches(".in")) return;
    var kept = heldChildren(live);
    heldChildren(fresh).forEach(function (el, i) { merge(kept[i], el); });
    each(Array.prototype.slice.call(live.childNodes), function (node) {
      if (kept.indexOf(node) < 0) live.removeChild(node);
    });
    var k = 0;
    each(Array.prototype.slice.call(fresh.childNodes), function (node) {
      if (node.nodeType === 1 && holdsInput(node)) k++;
      else live.insertBefore(node, kept[k] || null);
    });
  }

  function replaceGroup(live, fresh) {
    var active = document.activeElement;
    var name = active && live.contains(active) && active.name;
    if (fresh.hasAttribute("data-keep-inputs")) {
      var conflict = live.querySelector(".conflict-row");
      if (conflict && !fresh.querySelector(".conflict-row")) fresh.appendChild(conflict);   // stays until resolved
      if (mergeable(live, fresh)) {
        merge(live, fresh);
        return;
      }
    }
    live.replaceWith(fresh);
    if (name) focusField(fresh.querySelector('.in[name="' + name + '"]'));
  }

  /* An answer: every element with an id replaces the page's element with that id (table parts come wrapped
   * in <template>); a row group is merged or replaced (replaceGroup), a live region gets the new text. */
  function swap(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var parts = [];
    each(holder.content.children, function (el) {
      if (el.tagName === "TEMPLATE") each(el.content.children, function (inner) { parts.push(inner); });
      else parts.push(el);
    });
    parts.forEach(function (fresh) {
      var live = fresh.id && document.getElementById(fresh.id);
      if (!live) return;
      if (fresh.classList.contains("game-group")) replaceGroup(live, fresh);
      else if (live.hasAttribute("aria-live")) live.innerHTML = fresh.innerHTML;   // announced, not replaced
      else live.replaceWith(fresh);
    });
  }

  /* ------------------------------------------------------------------ requests */

  /* Requests about row n, one at a time in the order they were made: an answer is swapped in before the next
   * request leaves, so no answer can overtake a newer one, and a preview never reads the sheet while a save
   * writes it. A preview still waiting is replaced by a newer one of its row (or dropped by a save); a preview's
   * answer is dropped when the row changed after it was sent, as it shows values no longer typed. */
  function request(n, kind, url, body) {
    var job = {n: n, kind: kind};
    var done = new Promise(function (resolve) { job.resolve = resolve; });
    job.start = function () {
      return send(n, kind, url, body).then(job.resolve, function (error) {
        job.resolve(null);                      // the row is usable again; the error stays visible
        throw error;
      });
    };
    queue = queue.filter(function (other) {
      var obsolete = other.kind === "preview" && other.n === n;
      if (obsolete) other.resolve(null);
      return !obsolete;
    });
    queue.push(job);
    pump();
    return done;
  }

  function pump() {
    if (busy || !queue.length) return;
    busy = true;
    var next = function () {
      busy = false;
      pump();
    };
    queue.shift().start().then(next, function (error) {
      next();
      throw error;
    });
  }

  function send(n, kind, url, body) {
    var r = row(n);
    var edits = r.edits;
    var options = {method: body ? "POST" : "GET", credentials: "same-origin",
                   headers: {"HX-Request": "true", "X-CSRFToken": csrfToken()}};
    if (body) {
      body.set("csrfmiddlewaretoken", csrfToken());
      options.body = body;
    }
    return fetch(url, options).then(function (response) {
      return response.text().then(function (html) { return {response: response, html: html}; });
    }).then(function (answer) {
      var response = answer.response;
      if (kind === "preview" && (r.edits !== edits || r.saving)) return null;
      var partial = !response.redirected && (response.headers.get("Content-Type") || "").indexOf("text/html") === 0
        && answer.html.indexOf("<html") < 0;
      if (!partial) {
        showMessage(n, response.redirected ? "session" : "server", response.status);
        return null;
      }
      swap(answer.html);
      return response.status;
    }, function () {                             // no answer; errors in swap() stay visible
      if (kind !== "preview") showMessage(n, "network");
      return null;
    });
  }

  /* Forget the row's preview that has not left yet; one in flight is answered, but its answer is dropped. */
  function abortPreview(n) {
    var r = row(n);
    clearTimeout(r.timer);
    r.timer = null;
    r.edits++;
    queue = queue.filter(function (job) {
      var mine = job.kind === "preview" && job.n === n;
      if (mine) job.resolve(null);
      return !mine;
    });
  }

  function changed(n) {
    var r = row(n);
    abortPreview(n);
    if (unsaved(n)) {
      setState(n, "dirty");
      var reason = document.getElementById("r" + n);
      if (reason) reason.hidden = false;      // locked round: Enter reaches the reason after the row
    }
    r.timer = setTimeout(function () { preview(n); }, PREVIEW_DELAY);
  }

  function preview(n) {
    row(n).timer = null;
    request(n, "preview", sheet().dataset.previewUrl, new FormData(document.getElementById("f" + n)));
  }

  function setReadOnly(n, on) {
    inputs(n).forEach(function (el) { el.readOnly = on; });
  }

  /* Save the row (Enter in its last field, or "overwrite" in a conflict with the saved `version`). The focus
   * moves to the next row at once, so what is typed while the save runs goes where the typist means it; the
   * row itself is read-only until the answer. If the row is rejected and nothing was typed meanwhile, the focus
   * comes back to it (the first field in error, the conflict's "overwrite", or where Enter was pressed). */
  function save(n, version) {
    var r = row(n);
    if (r.saving) return;
    abortPreview(n);
    if (version === undefined && !unsaved(n) && !document.getElementById("c" + n)) {
      focusRow(n + 1);                        // nothing changed: Enter just moves on
      return;
    }
    var body = new FormData(document.getElementById("f" + n));
    if (version !== undefined) body.set("version", version);
    var from = document.activeElement;
    var fromName = from && rowOf(from) === n ? from.name : null;
    r.saving = true;
    setReadOnly(n, true);
    setState(n, "saving");
    var next = focusRow(n + 1);
    var nextEdits = next ? row(n + 1).edits : 0;
    request(n, "save", sheet().dataset.saveUrl, body).then(function (status) {
      r.saving = false;
      setReadOnly(n, false);
      if (status === 200) return;
      var untouched = next ? document.activeElement === next && row(n + 1).edits === nextEdits
        : !document.activeElement || document.activeElement === document.body;
      if (!untouched) return;                 // the typist went on: the row shows "!" and why
      if (status === 409) {
        focusField(document.querySelector("#c" + n + " [data-action=overwrite]"));
      } else {
        focusField(gameRow(n).parentNode.querySelector(".in[aria-invalid]") ||
                   (fromName && input(n, fromName)) || input(n, "contract"));
      }
    });
  }

  function takeSaved(n) {
    abortPreview(n);
    request(n, "row", sheet().dataset.rowUrl + "?number=" + n).then(function (status) {
      if (status === 200) focusField(input(n, "contract"));
    });
  }

  /* Esc: back to what the server rendered; the preview of the restored row brings back its saved numbers. */
  function revert(n) {
    if (document.getElementById("c" + n)) {
      takeSaved(n);                          // Esc in a conflict: the saved version wins
      return;
    }
    inputs(n).forEach(function (el) { el.value = el.defaultValue; });
    row(n).autoSeat = false;
    applyKind(n);
    var reason = document.getElementById("r" + n);
    if (reason && !unsaved(n)) reason.hidden = true;
    abortPreview(n);
    preview(n);
    var active = document.activeElement;
    if (active && active.classList.contains("in") && active.select) active.select();
  }

  function remove(n, link) {
    if (!window.confirm(link.dataset.confirm)) return;
    var body = new FormData();
    body.append("number", n);
    body.append("version", document.getElementById("f" + n).querySelector("[name=version]").value);
    if (link.dataset.prompt) {
      var reason = window.prompt(link.dataset.prompt, "");
      if (!reason) return;
      body.append("reason", reason);
    }
    abortPreview(n);
    request(n, "delete", sheet().dataset.deleteUrl, body).then(function (status) {
      if (status !== null) focusField(input(n, "contract"));
    });
  }

  /* ------------------------------------------------------------------ focus */

  function focusField(el) {
    if (!el) return;
    el.focus();
    if (el.select) el.select();
  }

  /* The next row's contract (returned), or out of the grid after the last row. */
  function focusRow(n) {
    var target = input(n, "contract");
    if (!target) {
      var active = document.activeElement;
      if (active && active.blur) active.blur();
      return null;
    }
    focusField(target);
    gameRow(n).scrollIntoView({block: "nearest"});
    return target;
  }

  function setStatusFor(n) {
    var status = document.getElementById("sheet-status");
    if (status && !unsaved(n)) status.textContent = gameRow(n).dataset.explanation || "";
  }

  /* ------------------------------------------------------------------ the keyboard */

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (!el.closest || !el.closest("#sheet") || event.isComposing) return;
    if (event.key === "Escape" && el.closest(".conflict-row")) {
      event.preventDefault();
      takeSaved(Number(el.closest(".conflict-row").id.slice(1)));
      return;
    }
    if (!el.classList.contains("in")) return;          // Enter on a link or button: its click
    var n = rowOf(el);
    if (!n) return;
    var plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    if (event.key === "Enter") {
      event.preventDefault();                        // never the plain form's submit
      if (row(n).saving) return;
      if (el.name === "contract") applyKind(n);
      var next = nextInChain(n, el);
      if (next) focusField(next);
      else save(n);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (!row(n).saving) revert(n);
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && plain && el.name !== "reason") {
      var target = n + (event.key === "ArrowDown" ? 1 : -1);
      if (!gameRow(target)) return;
      event.preventDefault();
      var same = input(target, el.name);
      focusField(same && visible(same) ? same : input(target, "contract"));
      gameRow(target).scrollIntoView({block: "nearest"});
    }
  });

  document.addEventListener("input", function (event) {
    var el = event.target;
    if (!el.classList || !el.classList.contains("in")) return;
    var n = rowOf(el);
    if (!n || !el.closest("#sheet")) return;
    if (el.name === "declarer") row(n).autoSeat = false;
    if (el.name === "contract") applyKind(n);
    if (el.name !== "reason") changed(n);
  });

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (!el.classList || !el.classList.contains("in") || !el.closest("#sheet")) return;
    if (el.select) el.select();
    var n = rowOf(el);
    if (n) setStatusFor(n);
  });

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : null;
    if (!target || !target.closest("#sheet")) return;
    var link = target.closest("a.del");
    var overwrite = target.closest("[data-action=overwrite]");
    var take = target.closest("[data-action=take]");
    var box = target.closest(".conflict-row");
    if (link) {
      event.preventDefault();
      remove(Number(link.closest("tbody").id.slice(2)), link);
    } else if (box && (overwrite || take)) {
      event.preventDefault();
      var n = Number(box.id.slice(1));
      if (overwrite) save(n, box.querySelector("input[name=version]").value);
      else takeSaved(n);
    }
  });

  window.addEventListener("beforeunload", function (event) {
    var open = Array.prototype.some.call(document.querySelectorAll("#sheet tr.game"), function (tr) {
      return unsaved(Number(tr.dataset.number));
    });
    if (open) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  /* ------------------------------------------------------------------ page loaded */

  function initSheet() {
    each(document.querySelectorAll("#sheet tr.game"), function (tr) {
      var n = Number(tr.dataset.number);
      if (input(n, "contract")) applyKind(n);
    });
    var focused = document.activeElement;
    if (focused && focused.classList.contains("in")) {
      focused.select();
      var n = rowOf(focused);
      if (n) gameRow(n).scrollIntoView({block: "center"});
    }
  }

  function signed(v) {
    return v > 0 ? "+" + v : v < 0 ? "\u2212" + (-v) : "0";
  }

  /* Totals only: the live sum of the typed totals (the server checks it again). */
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

  document.addEventListener("DOMContentLoaded", function () {
    if (sheet()) initSheet();
    var totals = document.getElementById("totals-form");
    if (totals) initTotals(totals);
  });
})();
