/* The hall's big screen (docs/screen.md). No interaction: it turns the slides every data-slide-seconds, counts the
   round clock down every second and asks its own URL every data-refresh seconds with the version it shows
   (If-None-Match: 304 while nothing changed). A new answer replaces #screen-live whole, on the slide it was on.
   A network drop or a server error shows a line at the bottom and asks again every few seconds until it answers;
   nothing else is needed to recover (a TV nobody touches). The server's Date header corrects the clock. */
(function () {
  "use strict";
  const body = document.body;
  const refresh = (parseFloat(body.getAttribute("data-refresh")) || 10) * 1000;
  const slideMs = (parseFloat(body.getAttribute("data-slide-seconds")) || 8) * 1000;
  const RETRY_MS = 5000;
  const offline = document.getElementById("screen-offline");
  let version = body.getAttribute("data-version") || "";
  let index = 0;
  let skew = 0;                          // server time minus this machine's time, from the Date header

  function slides() { return document.querySelectorAll("#screen-slides .slide"); }

  function show(i) {
    const all = slides();
    if (!all.length) { return; }
    index = ((i % all.length) + all.length) % all.length;
    Array.prototype.forEach.call(all, function (slide, n) { slide.hidden = n !== index; });
    const page = document.getElementById("screen-page");
    if (page && all.length > 1) {
      page.textContent = (page.getAttribute("data-of") || "%(n)s / %(of)s")
        .replace("%(n)s", index + 1).replace("%(of)s", all.length);
    }
  }

  function tick() {
    const box = document.getElementById("screen-clock");
    if (!box) { return; }
    const left = Math.round((Date.parse(box.getAttribute("data-ends-at")) - (Date.now() + skew)) / 1000);
    const time = box.querySelector(".screen-time");
    if (left <= 0) {
      box.classList.add("over");
      time.textContent = box.getAttribute("data-over") || "0:00";
      return;
    }
    box.classList.remove("over");
    const m = Math.floor(left / 60), s = left % 60;
    time.textContent = m + ":" + (s < 10 ? "0" : "") + s;
  }

  function setOffline(down) { if (offline) { offline.hidden = !down; } }

  function ask() {
    const headers = version ? { "If-None-Match": version } : {};
    fetch(location.pathname, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        const date = Date.parse(response.headers.get("Date") || "");
        if (!isNaN(date)) { skew = date - Date.now(); }
        if (response.status === 304) { return true; }
        if (!response.ok) { throw new Error("status " + response.status); }
        const tag = response.headers.get("ETag") || "";
        return response.text().then(function (html) {
          const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("screen-live");
          const here = document.getElementById("screen-live");
          if (!fresh || !here) { throw new Error("no screen in the answer"); }
          here.innerHTML = fresh.innerHTML;
          version = tag;
          show(index);
          tick();
          return true;
        });
      })
      .then(function () { setOffline(false); window.setTimeout(ask, refresh); })
      .catch(function () { setOffline(true); window.setTimeout(ask, RETRY_MS); });
  }

  show(0);
  tick();
  window.setInterval(tick, 1000);
  window.setInterval(function () { show(index + 1); }, slideMs);
  ask();                                 // at once: the server's time for the clock
}());
