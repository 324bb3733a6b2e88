{% load static %}/* The table page's service worker (scope /t/): keeps the page and its scripts for a phone without connection.
   Navigations to a table page: the network first, the last good copy when offline. The page's own files: from
   the cache when their URL is hashed (production), else the network first. Never POSTs, never blatt/. */
"use strict";
const ASSETS = ["{% static 'phone/queue.js' %}", "{% static 'phone/phone.js' %}", "{% static 'phone/entry.js' %}",
                "{% static 'phone/phone.css' %}", "{% static 'tournament/site.css' %}",
                "{% static 'phone/games.js' %}", "{% static 'phone/games_sheet.js' %}",
                "{% static 'phone/games.css' %}", "{% static 'phone/live.js' %}",
                "{% static 'phone/conflicts.js' %}"];
const ASSET_CACHE = "cego-phone-assets-" + ASSETS.join("|").length + "-" + ASSETS[1].slice(-24);
const PAGE_CACHE = "cego-phone-pages";
const PAGE = /^\/t\/[A-Za-z0-9_-]+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(ASSET_CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys
    .filter((key) => key.startsWith("cego-phone-assets-") && key !== ASSET_CACHE)
    .map((key) => caches.delete(key)))).then(() => self.clients.claim()));
});

async function networkFirst(request, cacheName, key) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(key || request, response.clone());
    }
    return response;
  } catch (err) {
    const cached = await caches.match(key || request);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request, PAGE_CACHE, url.pathname));
  } else if (ASSETS.includes(url.pathname)) {
    const hashed = /\.[0-9a-f]{12}\.(js|css)$/.test(url.pathname);
    event.respondWith(hashed ? caches.match(request).then((hit) => hit || networkFirst(request, ASSET_CACHE))
                             : networkFirst(request, ASSET_CACHE));
  }
});
