/* The hall view keeps itself up to date: every few seconds (data-poll) it asks the same URL for the live part
   alone (CegoFragments.request with django-htmx's HX-Request header, static/tournament/fragments.js) and puts it
   in place; in between, the round clock counts down each second. A hidden tab does not poll; it catches up when it is shown again. When a poll fails the page says so
   and keeps trying. */
(function () {
  "use strict";

  let live, seconds, timer;

  function clockText(left) {
    const abs = Math.abs(left);
    const minutes = Math.floor(abs / 60);
    const rest = abs % 60;
    return (left < 0 ? "\u2212" : "") + minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function readClock() {
    const clock = document.getElementById("hall-clock");
    seconds = clock && clock.dataset.seconds !== undefined ? parseInt(clock.dataset.seconds, 10) : null;
  }

  function tick() {
    if (seconds === null || isNaN(seconds)) { return; }
    seconds -= 1;
    const clock = document.getElementById("hall-clock");
    const left = document.getElementById("clock-left");
    if (left) { left.textContent = clockText(seconds); }
    if (clock) { clock.classList.toggle("over", seconds < 0); }
  }

  function stale(on) {
    let note = document.getElementById("hall-stale");
    if (on && !note) {
      note = document.createElement("p");
      note.id = "hall-stale";
      note.className = "alert error";
      note.textContent = live.dataset.stale;
      live.parentNode.insertBefore(note, live);
    } else if (!on && note) {
      note.remove();
    }
  }

  function writing() {
    /* A decision note being typed is not wiped by the next poll: the view waits until it is sent. */
    const notes = live.querySelectorAll(".resolve-form input[name=note]");
    for (let i = 0; i < notes.length; i += 1) {
      if (notes[i] === document.activeElement || notes[i].value) { return true; }
    }
    return false;
  }

  function refresh() {
    if (writing()) { return; }
    window.CegoFragments.request(window.location.pathname, { partial: true, cache: "no-store" })
      .then(function (response) {
        if (!response.ok || response.redirected) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        window.CegoFragments.fill(live, html);
        readClock();
        stale(false);
      })
      .catch(function () { stale(true); });
  }

  function schedule() {
    window.clearInterval(timer);
    timer = window.setInterval(function () {
      if (!document.hidden) { refresh(); }
    }, (parseInt(live.dataset.poll, 10) || 10) * 1000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    live = document.getElementById("hall-live");
    if (!live) { return; }
    readClock();
    window.setInterval(tick, 1000);
    schedule();
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { refresh(); schedule(); }
    });
  });
}());
