// The phone's offline queue (tournament/phone/static/phone/queue.js) under node's test runner: `node --test tests/js/`
// (tests/test_js.py runs it within pytest). queue.js is a plain browser script; it is run here as it is, in a
// node:vm context that stands in for the page: a fake localStorage (shared between "reloads"), a fake fetch that
// answers what each test says, timers and event listeners that the test fires by hand.
//
// What queue.js promises (its opening comment): every write gets its own idempotency key and is stored BEFORE it
// is sent; it leaves the queue only when the server answered (2xx, or a 4xx/409 the page shows); network errors,
// 5xx and 429 keep it queued, and it is sent again (same key) on `online`, on each poll and by a retry timer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import vm from "node:vm";

const SOURCE_PATH = new URL("../../tournament/phone/static/phone/queue.js", import.meta.url);
const SOURCE = readFileSync(SOURCE_PATH, "utf8");
const URLS = { claim: "/t/tok/claim", release: "/t/tok/release", save: "/t/tok/save", state: "/t/tok/state" };

class FakeStorage {
  constructor() { this.data = new Map(); }
  getItem(key) { return this.data.has(key) ? this.data.get(key) : null; }
  setItem(key, value) { this.data.set(key, String(value)); }
  removeItem(key) { this.data.delete(key); }
}

function answer(status, payload, headers = {}) {
  return {
    status, ok: status >= 200 && status < 300, redirected: false,
    headers: { get: (name) => headers[name] ?? null },
    json: async () => { if (payload === undefined) throw new SyntaxError("no JSON"); return payload; },
  };
}

/* One page load: queue.js run in a fresh context on `storage`. `server(request)` answers each fetch (a Response-like
   object, or throws for a network error); requests are recorded with their form fields. */
function page(storage, server) {
  const requests = [];
  const listeners = {};
  const intervals = [];
  const window = {
    localStorage: storage,
    crypto: webcrypto,
    isSecureContext: false,
    URLSearchParams,
    setTimeout, clearTimeout,
    setInterval(fn, ms) { intervals.push({ fn, ms }); return intervals.length; },
    addEventListener(type, fn) { (listeners[type] ||= []).push(fn); },
    async fetch(url, init = {}) {
      const request = { url, method: init.method || "GET", fields: Object.fromEntries(new URLSearchParams(init.body || "")),
                        headers: init.headers || {}, queued: JSON.parse(storage.getItem("cego.queue.tok") || "[]") };
      requests.push(request);
      return server(request);
    },
  };
  window.window = window;
  window.navigator = {};
  window.document = { body: { dataset: { token: "tok" } }, hidden: false, addEventListener() {} };
  vm.createContext(window);
  vm.runInContext(SOURCE, window, { filename: SOURCE_PATH.pathname });
  const net = window.CegoNet;
  const events = [];
  net.on((event, detail, source) => events.push({ event, detail, source }));
  return { net, requests, events, listeners, intervals, window };
}

// Arrays and objects made inside the vm context have that context's prototypes: compare them as plain data.
const same = (actual, expected, message) => assert.deepEqual(JSON.parse(JSON.stringify(actual ?? null)), expected,
                                                             message);
const idle = async () => { for (let i = 0; i < 5; i += 1) await new Promise((done) => setTimeout(done, 0)); };
/* Whatever flush an enqueue started has ended, then one more flush (as the retry timer would) has run. */
const drain = async (net) => { await idle(); await net.flush(); await idle(); };
const writes = (requests) => requests.filter((r) => r.method === "POST");
const ok = () => answer(200, { ok: true });
const offline = () => { throw new TypeError("Failed to fetch"); };

test("a write is stored in the queue before it is sent, with a fresh idempotency key each", async () => {
  const storage = new FakeStorage();
  const p = page(storage, ok);
  p.net.urls = URLS;
  p.net.setSeat(2);
  const first = p.net.enqueue("save", { game: 1 });
  const second = p.net.enqueue("save", { game: 2 });
  await drain(p.net);
  const sent = writes(p.requests);
  assert.equal(sent.length, 2);
  assert.equal(sent[0].queued[0].key, first.key, "stored before the request left");
  assert.notEqual(first.key, second.key);
  assert.match(first.key, /^[A-Za-z0-9_-]{24}$/);
  same(sent.map((r) => r.fields.key), [first.key, second.key]);
  same(p.net.queue(), []);
});

test("the queue is sent in the order written, with the seat, device and secret of the phone", async () => {
  const storage = new FakeStorage();
  let up = false;
  const p = page(storage, () => (up ? ok() : offline()));
  p.net.urls = URLS;
  p.net.setSeat(3);
  p.net.enqueue("claim", {});
  p.net.enqueue("save", { game: 1, points: "12" });
  p.net.enqueue("save", { game: 2, points: null });
  await drain(p.net);
  same(p.net.queue().map((i) => i.action), ["claim", "save", "save"]);
  up = true;
  await drain(p.net);
  const sent = writes(p.requests).slice(-3);
  same(sent.map((r) => r.url), [URLS.claim, URLS.save, URLS.save]);
  same(sent.map((r) => r.fields.game ?? null), [null, "1", "2"]);
  assert.equal(sent[2].fields.points, "", "null is sent as an empty field");
  for (const r of sent) {
    assert.equal(r.fields.seat, "3");
    assert.equal(r.fields.device, p.net.device());
    assert.match(r.fields.secret, /^[A-Za-z0-9_-]{32}$/);
  }
  same(p.net.queue(), []);
});

test("the queue, the seat, the device and the secret survive a reload; the keys stay the same", async () => {
  const storage = new FakeStorage();
  const before = page(storage, offline);
  before.net.urls = URLS;
  before.net.setSeat(1);
  const item = before.net.enqueue("save", { game: 5 });
  await drain(before.net);
  assert.equal(before.net.online(), false);
  const secretBefore = writes(before.requests)[0].fields.secret;

  const after = page(storage, ok);                 // the page is loaded again (same localStorage)
  assert.equal(after.net.seat(), 1);
  assert.equal(after.net.device(), before.net.device());
  same(after.net.queue().map((i) => i.key), [item.key]);
  after.net.urls = URLS;
  await drain(after.net);
  const sent = writes(after.requests);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].fields.key, item.key, "the idempotency key is the one given when it was written");
  assert.equal(sent[0].fields.secret, secretBefore);
  same(after.net.queue(), []);
});

test("without localStorage (private mode) the queue lives in the page's memory", async () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); },
                   removeItem() { throw new Error("denied"); } };
  const p = page(broken, offline);
  p.net.urls = URLS;
  p.net.setSeat(4);
  p.net.enqueue("save", { game: 1 });
  await drain(p.net);
  assert.equal(p.net.seat(), 4);
  assert.equal(p.net.queue().length, 1);
});

test("a network error keeps the write, marks the phone offline and stops the queue there", async () => {
  const p = page(new FakeStorage(), offline);
  p.net.urls = URLS;
  p.net.enqueue("save", { game: 1 });
  p.net.enqueue("save", { game: 2 });
  await drain(p.net);
  assert.equal(p.net.online(), false);
  assert.equal(p.net.queue().length, 2);
  assert.ok(writes(p.requests).length >= 1);
  assert.ok(writes(p.requests).every((r) => r.fields.game === "1"), "never past the first item");
  assert.ok(p.events.some((e) => e.event === "changed"));
  assert.ok(!p.events.some((e) => e.event === "refused"));
});

for (const status of [500, 502, 503, 429]) {
  test(`a ${status} keeps the write queued (sent again later with the same key), the phone is online`, async () => {
    let status_ = status;
    const p = page(new FakeStorage(), () => answer(status_, { ok: status_ < 300 }));
    p.net.urls = URLS;
    const item = p.net.enqueue("save", { game: 1 });
    p.net.enqueue("save", { game: 2 });
    await drain(p.net);
    assert.equal(p.net.online(), true);
    same(p.net.queue().map((i) => i.fields.game), [1, 2]);
    status_ = 200;
    await drain(p.net);
    const keys = writes(p.requests).map((r) => r.fields.key);
    assert.equal(keys.filter((k) => k === item.key).length >= 2, true, "the same key again");
    same(p.net.queue(), []);
  });
}

for (const status of [400, 403, 409, 422]) {
  test(`a ${status} takes the write out of the queue, tells the page and goes on with the next`, async () => {
    const p = page(new FakeStorage(), (r) => (r.fields.game === "1"
      ? answer(status, { ok: false, errors: { game: ["taken"] }, sheet: { version: 7 } }) : ok()));
    p.net.urls = URLS;
    const refusedItem = p.net.enqueue("save", { game: 1 });
    p.net.enqueue("save", { game: 2 });
    await drain(p.net);
    same(p.net.queue(), []);
    const refused = p.events.filter((e) => e.event === "refused");
    assert.equal(refused.length, 1);
    assert.equal(refused[0].detail.status, status);
    assert.equal(refused[0].detail.item.key, refusedItem.key);
    same(refused[0].detail.payload.errors, { game: ["taken"] });
    assert.ok(p.events.some((e) => e.event === "sheet" && e.detail.version === 7), "the server's sheet is shown");
    same(writes(p.requests).map((r) => r.fields.game), ["1", "2"]);
  });
}

test("a refusal without a JSON body still leaves the queue and is reported", async () => {
  const p = page(new FakeStorage(), () => answer(403, undefined));
  p.net.urls = URLS;
  p.net.enqueue("save", { game: 1 });
  await drain(p.net);
  same(p.net.queue(), []);
  const refused = p.events.find((e) => e.event === "refused");
  assert.equal(refused.detail.status, 403);
  same(refused.detail.payload, {});
});

test("a seat the server refuses is given up; a refused release keeps the seat", async () => {
  const seatError = () => answer(409, { ok: false, errors: { seat: ["held by another phone"] } });
  const p = page(new FakeStorage(), seatError);
  p.net.urls = URLS;
  p.net.claim(2, true);
  await drain(p.net);
  assert.equal(p.net.seat(), null, "not ours: choose again");

  const q = page(new FakeStorage(), seatError);
  q.net.urls = URLS;
  q.net.setSeat(3);
  q.net.release(true);
  assert.equal(q.net.seat(), null);
  await drain(q.net);
  assert.equal(q.net.seat(), 3, "the release was refused: still ours");
});

test("flush runs once at a time: a second call while sending does not send twice", async () => {
  let release;
  const gate = new Promise((done) => { release = done; });
  const p = page(new FakeStorage(), async () => { await gate; return ok(); });
  p.net.urls = URLS;
  p.net.enqueue("save", { game: 1 });          // starts a flush that waits at the gate
  const second = p.net.flush();
  release();
  await second;
  await new Promise((done) => setTimeout(done, 0));
  await drain(p.net);
  assert.equal(writes(p.requests).length, 1);
  same(p.net.queue(), []);
});

test("retry: a fixed 4 s timer sends what is queued, the online event and each 10 s poll send it first", async () => {
  let up = false;
  const p = page(new FakeStorage(), (r) => {
    if (!up) offline();
    return r.method === "GET" ? answer(200, { sheet: { version: 1 } }, { ETag: '"1"' }) : ok();
  });
  p.net.start(URLS);
  await new Promise((done) => setTimeout(done, 0));
  const item = p.net.enqueue("save", { game: 1 });
  await drain(p.net);
  assert.equal(p.net.queue().length, 1);
  const retry = p.intervals.find((i) => i.ms === 4000);
  const poll = p.intervals.find((i) => i.ms === 10000);
  assert.ok(retry && poll, "a retry timer (4 s) and a poll (10 s); no growing backoff");

  const attempts = writes(p.requests).length;
  retry.fn();                                  // still offline: tried again, still queued
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(writes(p.requests).length, attempts + 1);
  assert.equal(p.net.queue().length, 1);

  up = true;
  p.listeners.online.forEach((fn) => fn());    // back online: poll, which sends the queue first
  await new Promise((done) => setTimeout(done, 10));
  same(p.net.queue(), []);
  assert.equal(writes(p.requests).at(-1).fields.key, item.key);
  assert.ok(p.events.some((e) => e.event === "sheet" && e.source === "poll"));
  const before = p.requests.length;
  retry.fn();                                  // nothing queued: the retry timer sends nothing
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(p.requests.length, before);
});

test("the poll asks with the ETag it was given and a 304 changes nothing", async () => {
  const p = page(new FakeStorage(), (r) => (r.headers["If-None-Match"] === '"1"'
    ? answer(304) : answer(200, { sheet: { version: 1 } }, { ETag: '"1"' })));
  p.net.urls = URLS;
  await p.net.poll();
  await p.net.poll();
  const gets = p.requests.filter((r) => r.method === "GET");
  assert.equal(gets.length, 2);
  assert.equal(gets[1].headers["If-None-Match"], '"1"');
  assert.equal(p.events.filter((e) => e.event === "sheet").length, 1);
});
