/* Live updates of a running tournament's public pages (docs/accessibility.md "Live updates"); the request and the
   parsing of the answer go through static/tournament/fragments.js, like every page of the office and the public.

   Every N seconds (data-refresh on #live) the page asks its own URL — same filter, sort, page, category — with
   the version it shows (data-live-version, sent as If-None-Match). 304: nothing changed. 200: the regions marked
   data-live-region get the new contents in place; nothing else of the page is touched, so keyboard focus, the page's
   scroll, a table's sideways scroll and half-typed text stay. A region holding the field the user is typing in
   waits for the next turn. The pause button's state is remembered (localStorage) across pages and reloads; hidden
   tabs do not ask. Rows that changed flash briefly, unless the user prefers reduced motion. */
(function () {
  "use strict";
  const live = document.getElementById("live");
  const seconds = live ? parseFloat(live.getAttribute("data-refresh")) : 0;
  if (!seconds || !window.fetch || !window.DOMParser || !window.CegoFragments) { return; }

  const PAUSED_KEY = "cego-live-paused";
  const FLASH = "live-changed";
  const FLASH_MS = 2500;
  const KEYED = "[data-entry], [data-game]";
  let version = live.getAttribute("data-live-version") || "";
  const button = document.getElementById("live-pause");
  const status = document.getElementById("live-status");
  let timer = null;
  let asking = false;
  let ended = false;
  let pausedHere = false;              // when storage is disabled
  const shown = {};                      // region name → the HTML it was last given
  const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  each(document.querySelectorAll("[data-live-region]"), function (region) {
    shown[region.getAttribute("data-live-region")] = region.innerHTML;
  });

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  function isPaused() {
    try { return window.localStorage.getItem(PAUSED_KEY) === "1"; } catch (e) { return pausedHere; }
  }

  function setPaused(paused) {
    pausedHere = paused;
    try {
      if (paused) { window.localStorage.setItem(PAUSED_KEY, "1"); } else { window.localStorage.removeItem(PAUSED_KEY); }
    } catch (e) { /* storage disabled: remembered on this page only */ }
    showPaused();
  }

  function showPaused() {
    const paused = isPaused();
    if (button) {
      button.hidden = ended;
      button.setAttribute("aria-pressed", paused ? "true" : "false");
      const label = button.getAttribute(paused ? "data-label-resume" : "data-label-pause");
      const long = button.querySelector(".live-long"), short = button.querySelector(".live-short");
      if (long && short) {
        long.textContent = label;         // the name is "short long": it starts with the visible word (WCAG 2.5.3)
        short.textContent = button.getAttribute(paused ? "data-short-resume" : "data-short-pause");
      } else {
        button.textContent = label;
      }
    }
    each(live.querySelectorAll(".live-on"), function (el) { el.hidden = paused; });
    each(live.querySelectorAll(".live-off"), function (el) { el.hidden = !paused; });
    live.classList.toggle("is-paused", paused);
  }

  function clock() {
    const now = new Date();
    return (now.getHours() < 10 ? "0" : "") + now.getHours() + ":" + (now.getMinutes() < 10 ? "0" : "") + now.getMinutes();
  }

  function setStamp(time) {
    each(live.querySelectorAll(".stamp"), function (stamp) {
      stamp.textContent = stamp.textContent.replace(/\d{1,2}:\d\d/, time);
    });
  }

  function announce(time) {
    if (status) { status.textContent = (status.getAttribute("data-text") || "%(time)s").replace("%(time)s", time); }
  }

  function schedule(delay) {
    window.clearTimeout(timer);
    timer = null;
    if (ended || asking || isPaused() || document.hidden) { return; }
    timer = window.setTimeout(ask, delay === undefined ? seconds * 1000 : delay);
  }

  function ask() {
    timer = null;
    if (ended || isPaused() || document.hidden) { return; }
    asking = true;
    const headers = version ? { "If-None-Match": version } : {};
    window.CegoFragments.request(location.pathname + location.search, { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304) { setStamp(clock()); return null; }
        if (!response.ok || response.redirected || isPaused()) { return null; }   // paused while asking: drop it
        const tag = response.headers.get("ETag") || "";
        return response.text().then(function (html) { apply(html, tag); });
      })
      .catch(function () { /* offline for a moment: ask again next turn */ })
      .then(function () { asking = false; schedule(); });
  }

  function apply(html, tag) {
    const page = window.CegoFragments.regions(html);
    const doc = page.document;
    let changed = false;
    let complete = true;
    each(document.querySelectorAll("[data-live-region]"), function (region) {
      const name = region.getAttribute("data-live-region");
      const fresh = page.found[name];
      if (!fresh || fresh.innerHTML === shown[name]) { return; }
      if (typingIn(region)) { complete = false; return; }
      swap(region, fresh);
      shown[name] = fresh.innerHTML;
      changed = true;
    });
    const time = clock();
    setStamp(time);
    if (changed) { announce(time); }
    if (!doc.getElementById("live")) {          // the last round is locked: no more asking, no "Live" any more
      ended = true;
      live.classList.add("is-ended");
      showPaused();
    }
    if (complete) { version = tag; }
  }

  function typingIn(region) {
    const el = document.activeElement;
    return el && region.contains(el) && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
  }

  /* What finds an element of ``region`` again in its new contents: its id, else its link target, else its name,
     else its place (the child-index path). */
  function describe(region, el) {
    const tag = el.tagName.toLowerCase();
    if (el.id) { return "#" + window.CSS.escape(el.id); }
    if (el.getAttribute("href")) { return tag + '[href="' + window.CSS.escape(el.getAttribute("href")) + '"]'; }
    if (el.getAttribute("name")) { return tag + '[name="' + window.CSS.escape(el.getAttribute("name")) + '"]'; }
    return path(region, el);
  }

  function find(region, where) {
    return typeof where === "string" ? region.querySelector(where) : follow(region, where);
  }

  /* The child-index path from ``root`` to ``el``, to find an element again in new contents of the same shape. */
  function path(root, el) {
    const steps = [];
    for (let node = el; node && node !== root; node = node.parentElement) {
      steps.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return steps;
  }

  function follow(root, steps) {
    let node = root;
    for (let i = 0; node && i < steps.length; i++) { node = node.children[steps[i]]; }
    return node;
  }

  function swap(region, fresh) {
    const active = document.activeElement;
    const focus = active && active !== region && region.contains(active) ? describe(region, active) : null;
    const scrolled = [];
    each(region.querySelectorAll(".table-scroll, [data-live-scroll], [tabindex]"), function (el) {
      if (el.scrollLeft || el.scrollTop) {
        scrolled.push({ where: describe(region, el), left: el.scrollLeft, top: el.scrollTop });
      }
    });
    const before = {};
    each(region.querySelectorAll(KEYED), function (el) { before[key(el)] = el.outerHTML; });
    const x = window.scrollX;
    const y = window.scrollY;

    const nodes = Array.prototype.map.call(fresh.childNodes, function (node) { return document.importNode(node, true); });
    region.replaceChildren.apply(region, nodes);

    scrolled.forEach(function (s) {
      const el = find(region, s.where);
      if (el) { el.scrollLeft = s.left; el.scrollTop = s.top; }
    });
    window.scrollTo(x, y);
    if (focus) {
      const target = find(region, focus);
      if (target) { target.focus({ preventScroll: true }); }
    }
    if (!reduce.matches) {
      each(region.querySelectorAll(KEYED), function (el) {
        if (before[key(el)] !== el.outerHTML) { el.classList.add(FLASH); }
      });
      window.setTimeout(function () {
        each(region.querySelectorAll("." + FLASH), function (el) { el.classList.remove(FLASH); });
      }, FLASH_MS);
    }
  }

  function key(el) {            /* a player's row, or a game of a round on the player's page */
    const round = el.closest("[data-round]");
    return (el.getAttribute("data-entry") || "") + "/" + (round ? round.getAttribute("data-round") : "") + "/" +
      (el.getAttribute("data-game") || "");
  }

  if (button) {
    button.addEventListener("click", function () {
      const paused = !isPaused();
      setPaused(paused);
      if (!paused) { schedule(0); }
    });
  }
  window.addEventListener("storage", function (event) {      // paused or resumed in another tab
    if (event.key === PAUSED_KEY) { showPaused(); schedule(isPaused() ? undefined : 0); }
  });
  document.addEventListener("visibilitychange", function () { schedule(document.hidden ? undefined : 0); });
  showPaused();
  schedule();
})();
