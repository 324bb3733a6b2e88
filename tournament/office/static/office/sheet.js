/* Score-sheet entry: the keyboard and the requests. The server renders every row, number and message.
 *
 * Plain JavaScript, no libraries. A row is an ordinary form (it saves without JavaScript too); this file walks
 * the row with Enter, posts it (preview while typing, save at the end) and puts the HTML the server answers into
 * the page (swap.js). It has no words of its own: they come from the page or an answer. See docs/entry.md.
 *
 * Loaded in <head> without `defer`, with its listeners on `document`: they exist before the first input does,
 * so no keystroke reaches a field unhandled (a deferred script let Enter submit the plain form half-typed).
 */
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  const PREVIEW_DELAY = 150;    // ms after the last keystroke
  const rows = {};              // row number → {timer, edits, saving, autoSeat}
  let queue = [];             // requests waiting for the one in flight: the page sends one at a time
  let busy = false;
  let contracts = null;       // folded alias → [kind, forehand preselected], from the page (#sheet-keys)

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function sheet() { return document.getElementById("sheet"); }
  function gameRow(n) { return document.getElementById("g" + n); }
  function row(n) { return rows[n] || (rows[n] = {timer: null, edits: 0, saving: false, autoSeat: false}); }
  function inputs(n) { return Array.prototype.slice.call(document.querySelectorAll('.in[form="f' + n + '"]')); }
  function input(n, name) { return document.querySelector('.in[form="f' + n + '"][name="' + name + '"]'); }

  function rowOf(el) {
    const form = el.getAttribute && el.getAttribute("form");
    return form && /^f\d+$/.test(form) ? Number(form.slice(1)) : null;
  }

  /* Changed since the server last rendered the row's inputs (their `value` attribute is what it rendered),
   * or shown by the server as not saved (a rejected row). */
  function unsaved(n) {
    const tr = gameRow(n);
    return (tr && tr.classList.contains("is-dirty")) || inputs(n).some(function (el) {
      if (el.type === "checkbox") return el.checked !== el.defaultChecked;
      return el.name !== "reason" && el.value !== el.defaultValue;
    });
  }

  /* The cookie first: after a new login in another tab it holds the new token, the page's copy does not. */
  function csrfToken() {
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  /* ------------------------------------------------------------------ what the keyboard needs to know */

  function fold(text) {
    return String(text || "").trim().replace(/\s+/g, " ").toLowerCase()
      .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss");
  }

  function contractOf(n) {
    if (contracts === null) {
      const data = document.getElementById("sheet-keys");
      contracts = data ? JSON.parse(data.textContent) : {};
    }
    /* "GSo/KM" and "U2 ouv." (the variants, results.rows.split_variants) walk like GSo and U2 */
    const typed = fold(input(n, "contract").value).split("/")[0].replace(/ (ouverte|ouvert|ouv\.?)$/, "");
    const hit = contracts[typed];
    return hit ? {kind: hit[0], forehand: hit[1], gegensolo: hit[2]} : null;
  }

  /* The typed contract decides which inputs Enter walks through (CSS shows Räuber's or the points input);
   * Cego, Räuber and Drescher preselect the forehand, which is cleared again if the contract changes. */
  function applyKind(n) {
    const r = row(n);
    const tr = gameRow(n);
    const contract = contractOf(n);
    tr.dataset.kind = contract ? contract.kind : "";
    tr.dataset.with = contract && contract.gegensolo ? "1" : "";
    /* a recognised contract that takes no "played with" / is no goal game: an old choice must not stay hidden */
    const withInput = input(n, "played_with");
    if (contract && !contract.gegensolo && withInput) withInput.value = "";
    const open = input(n, "ouverte");
    if (contract && contract.kind !== "goal" && open) open.checked = false;
    const seat = input(n, "declarer");
    const forehand = String(Number(tr.dataset.forehand) + 1);
    if (contract && contract.forehand && seat.value === "") {
      seat.value = forehand;
      r.autoSeat = true;
    } else if (!(contract && contract.forehand) && r.autoSeat && seat.value === forehand) {
      seat.value = "";
      r.autoSeat = false;
    }
  }

  function visible(el) { return !el.disabled && el.getClientRects().length > 0; }

  /* The fields Enter walks through: visible, not optional (penalty, calls, tricks are reached with Tab). */
  function chain(n) {
    return inputs(n).filter(function (el) { return visible(el) && !el.hasAttribute("data-optional"); });
  }

  function nextInChain(n, el) {
    const list = chain(n);
    const i = list.indexOf(el);
    if (i >= 0) return list[i + 1] || null;
    for (let k = 0; k < list.length; k++) {
      if (el.compareDocumentPosition(list[k]) & Node.DOCUMENT_POSITION_FOLLOWING) return list[k];
    }
    return null;
  }

  /* ------------------------------------------------------------------ what the page shows by itself */

  function setState(n, state) {
    const states = document.getElementById("sheet-states");
    const old = gameRow(n).querySelector(".state");
    const fresh = states && states.content.querySelector(".state-" + state);
    if (old && fresh) old.replaceWith(fresh.cloneNode(true));
  }

  /* A message of the page (no connection, session ended, server error) under the row. */
  function showMessage(n, name, status) {
    const template = document.getElementById("sheet-messages");
    let tr = template && template.content.querySelector('[data-message="' + name + '"]');
    if (!tr) return;
    tr = tr.cloneNode(true);
    each(tr.querySelectorAll(".status-code"), function (el) { el.textContent = status; });
    const group = document.getElementById("rg" + n);
    each(group.querySelectorAll("tr.row-errors"), function (el) { el.remove(); });
    gameRow(n).after(tr);
    setState(n, "error");
  }

  /* ------------------------------------------------------------------ requests */

  /* Requests about row n, one at a time in the order they were made: an answer is swapped in before the next
   * request leaves, so no answer can overtake a newer one, and a preview never reads the sheet while a save
   * writes it. A preview still waiting is replaced by a newer one of its row (or dropped by a save); a preview's
   * answer is dropped when the row changed after it was sent, as it shows values no longer typed. */
  function request(n, kind, url, body) {
    const job = {n: n, kind: kind};
    const done = new Promise(function (resolve) { job.resolve = resolve; });
    job.start = function () {
      return send(n, kind, url, body).then(job.resolve, function (error) {
        job.resolve(null);                      // the row is usable again; the error stays visible
        throw error;
      });
    };
    if (kind === "preview") dropWaitingPreview(n);
    queue.push(job);
    pump();
    return done;
  }

  function pump() {
    if (busy || !queue.length) return;
    busy = true;
    const next = function () { busy = false; pump(); };
    queue.shift().start().then(next, function (error) {
      next();
      throw error;
    });
  }

  function send(n, kind, url, body) {
    const r = row(n);
    const edits = r.edits;
    if (body) body.set("csrfmiddlewaretoken", csrfToken());
    const options = {method: body ? "POST" : "GET", body, partial: true, headers: {"X-CSRFToken": csrfToken()}};
    return window.CegoFragments.request(url, options).then(function (response) {
      return response.text().then(function (html) { return {response: response, html: html}; });
    }).then(function (answer) {
      const response = answer.response;
      if (kind === "preview" && (r.edits !== edits || r.saving)) return null;
      const partial = !response.redirected && (response.headers.get("Content-Type") || "").indexOf("text/html") === 0
        && answer.html.indexOf("<html") < 0;
      if (!partial) {
        showMessage(n, response.redirected ? "session" : "server", response.status);
        return null;
      }
      window.sheetSwap(answer.html, focusField);
      return response.status;
    }, function () {                             // no answer; errors in swap() stay visible
      if (kind !== "preview") showMessage(n, "network");
      return null;
    });
  }

  function dropWaitingPreview(n) {
    queue = queue.filter(function (job) {
      const mine = job.kind === "preview" && job.n === n;
      if (mine) job.resolve(null);
      return !mine;
    });
  }

  /* Forget the row's preview that has not left yet; one in flight is answered, but its answer is dropped. */
  function abortPreview(n) {
    const r = row(n);
    clearTimeout(r.timer);
    r.timer = null;
    r.edits++;
    dropWaitingPreview(n);
  }

  function changed(n) {
    const r = row(n);
    abortPreview(n);
    if (unsaved(n)) {
      setState(n, "dirty");
      const reason = document.getElementById("r" + n);
      if (reason) reason.hidden = false;      // locked round: Enter reaches the reason after the row
    }
    r.timer = setTimeout(function () { preview(n); }, PREVIEW_DELAY);
  }

  function preview(n) {
    request(n, "preview", sheet().dataset.previewUrl, new FormData(document.getElementById("f" + n)));
  }

  function setReadOnly(n, on) { inputs(n).forEach(function (el) { el.readOnly = on; }); }

  /* Save the row (Enter in its last field, or "overwrite" in a conflict with the saved `version`). The focus
   * moves to the next row at once, so what is typed while the save runs goes where the typist means it; the
   * row itself is read-only until the answer. If the row is rejected and nothing was typed meanwhile, the focus
   * comes back to it (the first field in error, the conflict's "overwrite", or where Enter was pressed). */
  function save(n, version) {
    const r = row(n);
    if (r.saving) return;
    abortPreview(n);
    if (version === undefined && !unsaved(n) && !document.getElementById("c" + n)) {
      focusRow(n + 1);                        // nothing changed: Enter just moves on
      return;
    }
    const body = new FormData(document.getElementById("f" + n));
    if (version !== undefined) body.set("version", version);
    const from = document.activeElement;
    const fromName = from && rowOf(from) === n ? from.name : null;
    r.saving = true;
    setReadOnly(n, true);
    setState(n, "saving");
    const next = focusRow(n + 1);
    const nextEdits = next ? row(n + 1).edits : 0;
    request(n, "save", sheet().dataset.saveUrl, body).then(function (status) {
      r.saving = false;
      setReadOnly(n, false);
      if (status === 200) return;
      const untouched = next ? document.activeElement === next && row(n + 1).edits === nextEdits
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
    inputs(n).forEach(function (el) {
      if (el.type === "checkbox") el.checked = el.defaultChecked;
      else el.value = el.defaultValue;
    });
    row(n).autoSeat = false;
    applyKind(n);
    const reason = document.getElementById("r" + n);
    if (reason && !unsaved(n)) reason.hidden = true;
    abortPreview(n);
    preview(n);
    const active = document.activeElement;
    if (active && active.classList.contains("in") && active.select) active.select();
  }

  function remove(n, link) {
    if (!window.confirm(link.dataset.confirm)) return;
    const body = new FormData();
    body.append("number", n);
    body.append("version", document.getElementById("f" + n).querySelector("[name=version]").value);
    if (link.dataset.prompt) {
      const reason = window.prompt(link.dataset.prompt, "");
      if (!reason) return;
      body.append("reason", reason);
    }
    abortPreview(n);
    request(n, "delete", sheet().dataset.deleteUrl, body).then(function (status) {
      if (status !== null) focusField(input(n, "contract"));
    });
  }

  function focusField(el) {
    if (el) el.focus();
    if (el && el.select) el.select();
  }

  /* The next row's contract (returned), or out of the grid after the last row. */
  function focusRow(n) {
    const target = input(n, "contract");
    if (!target && document.activeElement && document.activeElement.blur) document.activeElement.blur();
    if (!target) return null;
    focusField(target);
    gameRow(n).scrollIntoView({block: "nearest"});
    return target;
  }

  function setStatusFor(n) {      // the saved row's explanation, as the server put it on the row
    const status = document.getElementById("sheet-status");
    if (status && !unsaved(n)) status.textContent = gameRow(n).dataset.explanation || "";
  }

  /* ------------------------------------------------------------------ the keyboard */

  document.addEventListener("keydown", function (event) {
    const el = event.target;
    if (!el.closest || !el.closest("#sheet") || event.isComposing) return;
    if (event.key === "Escape" && el.closest(".conflict-row")) {
      event.preventDefault();
      takeSaved(Number(el.closest(".conflict-row").id.slice(1)));
      return;
    }
    if (!el.classList.contains("in")) return;          // Enter on a link or button: its click
    const n = rowOf(el);
    if (!n) return;
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    if (event.key === "Enter") {
      event.preventDefault();                        // never the plain form's submit
      if (row(n).saving) return;
      if (el.name === "contract") applyKind(n);
      const next = nextInChain(n, el);
      if (next) focusField(next);
      else save(n);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (!row(n).saving) revert(n);
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && plain && el.name !== "reason") {
      const target = n + (event.key === "ArrowDown" ? 1 : -1);
      if (!gameRow(target)) return;
      event.preventDefault();
      const same = input(target, el.name);
      focusField(same && visible(same) ? same : input(target, "contract"));
      gameRow(target).scrollIntoView({block: "nearest"});
    }
  });

  document.addEventListener("input", function (event) {
    const el = event.target;
    if (!el.classList || !el.classList.contains("in")) return;
    const n = rowOf(el);
    if (!n || !el.closest("#sheet")) return;
    if (el.name === "declarer") row(n).autoSeat = false;
    if (el.name === "contract") applyKind(n);
    if (el.name !== "reason") changed(n);
  });

  document.addEventListener("focusin", function (event) {
    const el = event.target;
    if (!el.classList || !el.classList.contains("in") || !el.closest("#sheet")) return;
    if (el.select) el.select();
    const n = rowOf(el);
    if (n) setStatusFor(n);
  });

  document.addEventListener("click", function (event) {
    const target = event.target.closest ? event.target : null;
    if (!target || !target.closest("#sheet")) return;
    const link = target.closest("a.del");
    const overwrite = target.closest("[data-action=overwrite]");
    const take = target.closest("[data-action=take]");
    const box = target.closest(".conflict-row");
    if (link) {
      event.preventDefault();
      remove(Number(link.closest("tbody").id.slice(2)), link);
    } else if (box && (overwrite || take)) {
      event.preventDefault();
      const n = Number(box.id.slice(1));
      if (overwrite) save(n, box.querySelector("input[name=version]").value);
      else takeSaved(n);
    }
  });

  window.addEventListener("beforeunload", function (event) {
    const open = Array.prototype.some.call(document.querySelectorAll("#sheet tr.game"), function (tr) {
      return unsaved(Number(tr.dataset.number));
    });
    if (open) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  document.addEventListener("DOMContentLoaded", function () {    // the autofocused row in view
    const n = document.activeElement && rowOf(document.activeElement);
    if (n && gameRow(n)) gameRow(n).scrollIntoView({block: "center"});
  });
})();
