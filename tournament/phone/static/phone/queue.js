/* The table page's storage and network (docs/table-entry.md): the seat, the device id and the phone's secret
   (with it the phone holds its seat: sent with every write, never shown), the offline queue of writes in
   localStorage, sending it in order, polling the sheet. No library; the page script (phone.js) draws.

   Every write gets its own idempotency key and is stored in the queue BEFORE it is sent; it leaves the queue only
   when the server has answered (2xx, or a 4xx/409 the page shows). Network errors, 5xx and 429 keep it queued:
   it is sent again on the `online` event, on each poll and by a retry timer, and the server stores it once. */
(function () {
  "use strict";
  const token = document.body.dataset.token;
  const memory = {};
  const storage = {
    get(key) {
      try { return window.localStorage.getItem(key); } catch (e) { return key in memory ? memory[key] : null; }
    },
    set(key, value) {
      try { window.localStorage.setItem(key, value); } catch (e) { memory[key] = value; }
    },
    remove(key) {
      try { window.localStorage.removeItem(key); } catch (e) { delete memory[key]; }
    },
  };
  const KEYS = {seat: "cego.seat." + token, queue: "cego.queue." + token, sheet: "cego.sheet." + token,
                conflicts: "cego.conflicts." + token, device: "cego.device", secret: "cego.secret"};

  function randomId(length) {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    const bytes = new Uint8Array(length);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.from(bytes, (b) => alphabet[b & 63]).join("");
  }

  function readJSON(key, fallback) {
    try { const text = storage.get(key); return text ? JSON.parse(text) : fallback; } catch (e) { return fallback; }
  }

  let device = storage.get(KEYS.device);
  if (!device || !/^[A-Za-z0-9_-]{1,32}$/.test(device)) {
    device = randomId(16);
    storage.set(KEYS.device, device);
  }

  let secret = storage.get(KEYS.secret);
  if (!secret || !/^[A-Za-z0-9_-]{22,64}$/.test(secret)) {
    secret = randomId(32);
    storage.set(KEYS.secret, secret);
  }

  const listeners = [];
  let online = true;
  let flushing = false;
  let etag = null;
  const net = {
    token, storage, KEYS, randomId, readJSON,
    device() { return device; },
    seat() { const s = parseInt(storage.get(KEYS.seat), 10); return Number.isInteger(s) && s > 0 ? s : null; },
    setSeat(seat) { if (seat) storage.set(KEYS.seat, String(seat)); else storage.remove(KEYS.seat); },
    /* The seat chosen: this phone holds it from now on (or hears that another phone does). */
    claim(seat, send) { net.setSeat(seat); if (send) net.enqueue("claim", {}); },
    /* "Switch seat": the seat is given up for another phone (after the writes queued for it). */
    release(send) { if (send && net.seat()) net.enqueue("release", {}); net.setSeat(null); },
    queue() { return readJSON(KEYS.queue, []); },
    conflicts() { return readJSON(KEYS.conflicts, []); },
    setConflicts(list) { storage.set(KEYS.conflicts, JSON.stringify(list)); },
    online() { return online; },
    /* (event, detail, source): "sheet" (a newer sheet; source "poll" when nobody on this phone asked for it),
       "refused" ({item, status, payload}), "changed" (queue/online) */
    on(listener) { listeners.push(listener); },
  };

  function emit(event, detail, source) { listeners.forEach((l) => l(event, detail, source)); }
  function setOnline(value) { if (online !== value) { online = value; emit("changed"); } }
  function saveQueue(list) { storage.set(KEYS.queue, JSON.stringify(list)); }

  /* Put a write into the queue (with a fresh idempotency key), then try to send it. */
  net.enqueue = function (action, fields, extra) {
    const item = Object.assign({key: randomId(24), action, fields, seat: net.seat(), at: Date.now()}, extra || {});
    const list = net.queue();
    list.push(item);
    saveQueue(list);
    emit("changed");
    net.flush();
    return item;
  };

  net.post = function (url, fields) {
    const body = new URLSearchParams();
    Object.keys(fields).forEach((k) => body.append(k, fields[k] == null ? "" : String(fields[k])));
    return fetch(url, {method: "POST", body, cache: "no-store", credentials: "same-origin",
                       headers: {"Accept": "application/json"}});
  };

  function remove(key) { saveQueue(net.queue().filter((i) => i.key !== key)); }

  /* Send the queue in order; stop at the first item the network or the server could not take. */
  net.flush = async function () {
    if (flushing) return;
    flushing = true;
    try {
      for (;;) {
        const item = net.queue()[0];
        if (!item) break;
        let response;
        try {
          response = await net.post(net.urls[item.action],
                                     Object.assign({}, item.fields, {seat: item.seat || "", device, secret,
                                                                     key: item.key}));
        } catch (e) {
          setOnline(false);
          break;
        }
        if (response.status >= 500 || response.status === 429) { setOnline(true); break; }
        let payload = {};
        try { payload = await response.json(); } catch (e) { payload = {}; }
        remove(item.key);
        setOnline(true);
        const seatRefused = !response.ok && payload.errors && payload.errors.seat;
        if (seatRefused && item.action === "release" && !net.seat()) net.setSeat(item.seat);   // still ours
        else if (seatRefused && item.seat === net.seat()) net.setSeat(null);      // not ours: choose again
        if (payload.sheet) emit("sheet", payload.sheet);
        if (!response.ok) emit("refused", {item, status: response.status, payload});
        emit("changed");
      }
    } finally {
      flushing = false;
    }
  };

  /* The sheet as it is now (ETag: 304 when unchanged); sends the queue first. */
  net.poll = async function () {
    await net.flush();
    try {
      const headers = etag ? {"If-None-Match": etag} : {};
      const response = await fetch(net.urls.state, {headers, cache: "no-store", credentials: "same-origin"});
      setOnline(true);
      if (response.status === 304) return;
      if (response.status === 404) { emit("invalid"); return; }
      if (!response.ok) return;
      etag = response.headers.get("ETag");
      const payload = await response.json();
      if (payload.sheet) emit("sheet", payload.sheet, "poll");
    } catch (e) {
      setOnline(false);
    }
  };

  /* The sheet as it is now, whatever this page holds (no If-None-Match, so never a 304 on a held copy): asked
     before the keypad opens and by a save's "as the next game". Emits "sheet" with source "refresh" (the pause
     never holds it back); resolves to the sheet, or null when the server can't be reached within `wait` ms. */
  net.refresh = async function (wait) {
    const ask = (async () => {
      await net.flush();
      let response = await fetch(net.urls.state, {cache: "no-store", credentials: "same-origin"});
      if (response.status >= 500) {               // one more try: the keypad should open on the fresh sheet
        response = await fetch(net.urls.state, {cache: "no-store", credentials: "same-origin"});
      }
      if (response.status === 404) { emit("invalid"); return null; }
      if (!response.ok) return null;
      etag = response.headers.get("ETag");
      const payload = await response.json();
      if (payload.sheet) emit("sheet", payload.sheet, "refresh");
      return payload.sheet || null;
    })().then((sheet) => { setOnline(true); return sheet; }, () => { setOnline(false); return null; });
    if (!wait) return ask;
    return Promise.race([ask, new Promise((done) => window.setTimeout(() => done(null), wait))]);
  };

  /* Waking up: a phone whose screen was off stops its timers; when it wakes, the page is shown again (bfcache),
     gets the focus back or is visible again, it asks for the sheet at once instead of within the next 10 s. */
  const WAKE_GAP = 5000;
  let lastBeat = Date.now();
  let waking = null;
  function wake() {
    if (waking) return;                          // focus and visibilitychange come together: one poll
    waking = net.poll().finally(() => { waking = null; });
  }

  net.start = function (urls) {
    net.urls = urls;
    window.addEventListener("online", () => { setOnline(true); net.poll(); });
    window.addEventListener("offline", () => setOnline(false));
    document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
    window.addEventListener("pageshow", (e) => { if (e.persisted) wake(); });
    window.addEventListener("focus", wake);
    window.setInterval(() => {                  // a long gap between two beats: the phone slept
      const now = Date.now();
      if (now - lastBeat > WAKE_GAP) wake();
      lastBeat = now;
    }, 1000);
    window.setInterval(net.poll, 10000);
    window.setInterval(() => { if (net.queue().length) net.flush(); }, 4000);
    net.flush();
  };

  /* The service worker keeps the page available offline (secure contexts only: https or localhost). */
  net.registerWorker = function () {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(document.body.dataset.sw, {scope: "/t/"}).catch(() => {});
    if (window.caches) {           // this first load is not controlled yet: keep the page for offline use now
      window.caches.open("cego-phone-pages").then((cache) => cache.add(window.location.pathname)).catch(() => {});
    }
  };

  window.CegoNet = net;
})();
