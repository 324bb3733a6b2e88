/* The entries page: the check-in desk without page loads, and the focus where the director types.
 *
 * The desk's form (#checkin-form) and its "undo the last one" form are sent with fetch (Accept: JSON); the answer
 * (tournament/office/views/registration.py, check_in) carries the message, the entry's row as the list shows it
 * and whether the list's filter still shows it, the desk (counter, undo) and the list's summary; the HTML parts are
 * placed with static/tournament/fragments.js like every other fragment. The box is emptied as soon as Enter is
 * pressed, so the next number can be typed while the answer is on its way; the requests go one after another, so
 * the messages come in the order typed. Without this script the same forms
 * post and come back with the desk focused.
 *
 * The search box: when the page opens with the focus in it (autofocus; after registering a player) its text is
 * selected, so the next name replaces it.
 */
(function () {
  "use strict";

  let queue = Promise.resolve();

  function byId(id) { return document.getElementById(id); }

  function say(text, level) {
    const box = byId("checkin-message");
    if (!box) { return; }
    box.className = "checkin-message msg " + level;
    box.textContent = text;
  }

  function fromHtml(html) {
    return window.CegoFragments.element(html);
  }

  /* Put the entry's fresh row where it belongs: replace it, drop it (the filter hides it now) or insert it in
   * start-number order (it is shown again, e.g. after an undo in the "missing" list). */
  function placeRow(answer) {
    const table = byId("entries");
    const live = byId(answer.row_id);
    if (live && !answer.shown) { live.remove(); return; }
    const fresh = fromHtml(answer.row);
    if (live) { live.replaceWith(fresh); return; }
    if (!table || !answer.shown) { return; }
    const body = table.tBodies[0];
    const after = Array.prototype.find.call(body.rows, function (row) {
      return parseInt(row.dataset.startNumber, 10) > answer.number;
    });
    body.insertBefore(fresh, after || null);
  }

  function firstError(answer) {
    const errors = answer && answer.errors ? answer.errors : {};
    const all = [].concat.apply([], Object.keys(errors).map(function (k) { return errors[k]; }));
    return all.length ? all[0] : null;
  }

  /* Every check-in sent from the desk is a write of its own: a fresh idempotency key for each (the form's
     hidden key was issued once, when the page was rendered). */
  function freshKey(data) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    data.set("once", Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join(""));
    return data;
  }

  function send(form, data) {
    const input = byId("id_number");
    return window.CegoFragments.request(form.action, { method: "POST", body: data,
                                                      headers: { "Accept": "application/json" } })
      .then(function (response) {
        return response.json().catch(function () { return null; }).then(function (answer) {
          if (!answer) { throw new Error(String(response.status)); }
          return answer;
        });
      })
      .then(function (answer) {
        if (!answer.ok) {
          say(firstError(answer) || form.dataset.failed, "error");
          return;
        }
        say(answer.message, answer.level);
        placeRow(answer);
        const desk = byId("checkin-desk");
        if (desk) { window.CegoFragments.fill(desk, answer.desk); }
        const summary = byId("entries-summary");
        if (summary) { summary.replaceWith(fromHtml(answer.summary)); }
      })
      .catch(function () {
        say((form.dataset.failed || "") + " " + (data.get("number") || ""), "error");
      })
      .then(function () { if (input && document.activeElement !== input) { input.focus(); } });
  }

  function enqueue(form, data) {
    queue = queue.then(function () { return send(form, data); });
  }

  function setUp() {
    const form = byId("checkin-form");
    const input = byId("id_number");
    const search = byId("id_q");
    /* autofocus may be applied after this runs: focus and select here, so the order does not matter */
    if (search && search.hasAttribute("autofocus") && search.value) { search.focus(); search.select(); }
    if (!form || !input || !window.fetch || !window.CegoFragments) { return; }
    form.dataset.failed = form.dataset.failed || "";
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const value = input.value.trim();
      if (!value) { input.focus(); return; }
      const data = freshKey(new FormData(form));
      input.value = "";
      input.focus();
      enqueue(form, data);
    });
    /* The undo of the last single check-in is sent the same way; the undo of "everybody" reloads the page. */
    byId("checkin-desk").addEventListener("submit", function (event) {
      const undo = event.target.closest("form.checkin-undo");
      if (!undo) { return; }
      event.preventDefault();
      enqueue(form, new FormData(undo));
      input.focus();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
}());
