/* Public pages of a running tournament: reload every N seconds (data-refresh on #live), keeping the URL
   (filter, page, sort) and the scroll position; wait while someone types in a field or the tab is hidden. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  var seconds = live ? parseInt(live.getAttribute("data-refresh"), 10) : 0;
  var key = "cego-scroll:" + location.pathname + location.search;
  try {
    var saved = sessionStorage.getItem(key);
    if (saved !== null) {
      sessionStorage.removeItem(key);
      window.scrollTo(0, parseInt(saved, 10) || 0);
    }
  } catch (e) { /* storage disabled: reload without keeping the position */ }
  if (!seconds) { return; }

  function busy() {
    var el = document.activeElement;
    return document.hidden || (el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName));
  }

  function tick() {
    if (busy()) { window.setTimeout(tick, 5000); return; }
    try { sessionStorage.setItem(key, String(Math.round(window.scrollY))); } catch (e) { /* ignore */ }
    location.reload();
  }

  window.setTimeout(tick, seconds * 1000);
})();
