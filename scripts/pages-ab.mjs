// `npm run bench:pages -- --base <dir> [--pages /,/inventory,/scan] [--loads 8] [--window 6000] [--again] [--cpu 4] [--simulate 7.4] [--storage]`: the built
// client (client/dist) against another build of it (<dir>: e.g. an earlier commit's client/dist, built in a
// git worktree), side by side on one server and one browser, as the phone meets them when it comes cold.
// A benchmark, not a test: it measures what a change does to the main thread when Lighthouse's figures are
// too noisy to tell (its TBT of one build moved between 400 and 1,700 ms within the hour here), by comparing
// the two builds within one run.
//
// Every load opens a fresh incognito context (no HTTP cache, no service worker, no Cache Storage) with the demo
// manager's session cookie, a phone's viewport and the CPU slowed 4× (CDP). The page's document, /boot.js,
// /assets/ and /icons/ are answered from the build under test (both builds alike, so the answering costs both
// the same); the API and GraphQL come from the server. Loads alternate between the builds (ABBA...). From a
// trace of the page's renderer main thread, per load: FCP, LCP (its last candidate), the blocking time after
// FCP (each task's time over 50 ms, as TBT counts it, observed rather than simulated), the longest task and
// the time the thread was busy, and of that its style, layout and paint ("rendering"), over the first `--window` ms
// after navigation. Prints the medians of each
// build and their ratio (this build / base).
//
// --cpu <rate> slows the CPU by that rate instead of 4 (1: not at all). --simulate <m> adds "blocking ×m": each task
// after FCP lengthened m times, its excess over 50 ms summed over the whole window (Lighthouse's calibrated multiplier
// on this host is 7.2-7.6 at `npm run lighthouse -- --calibrate`). A rough sign of how a wait on the browser inside a
// task (a synchronous storage read: the main thread idle, not working), which the CDP throttling above does not slow,
// could weigh when multiplied; it is not Lighthouse's TBT (which ends at its TTI and models the network), and did not
// rank builds the way Lighthouse does in the runs it was tried on.
//
// --storage adds "storage (sync)": the time the page's main thread spent inside its storage calls, summed (localStorage
// and sessionStorage, document.cookie, and the synchronous part of IndexedDB's, Cache Storage's and the Cookie Store's
// calls). A page's first use of a store waits for the browser, idle rather than working: the CDP throttling does not
// slow it, Lighthouse's simulation multiplies it.
//
// --again measures each page opened again instead, as Lighthouse's "again" columns do: every load's browser,
// with a profile of its own, first opens the page twice (the service worker takes control and precaches that
// build; Lighthouse's flow is its cold run, then a visit), then the measured load runs through that worker and
// its caches. A profile, not an off-the-record context as the cold loads use: in one of those, V8 also wrote
// the modules' code caches in the measured load (one task of 57-77 ms at 4x for the runtime chunk), which
// Lighthouse's profile did not. Each build is served by a server of its own (the base build from CLIENT_DIR),
// since each worker precaches its own build's files from its origin.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import puppeteer from "puppeteer-core";
import { signInAsManager, startDemoServer } from "./demo-server.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const baseDir = opt("base");
if (!baseDir || !existsSync(join(baseDir, "index.html"))) {
  console.error("usage: npm run bench:pages -- --base <a client build's dist directory> [--pages /,/inventory] [--loads 8] [--window 6000] [--again] [--cpu 4] [--simulate 7.4] [--storage]");
  process.exit(2);
}
const pages = opt("pages", "/,/inventory,/scan").split(",");
const loads = Number(opt("loads", "8"));
const windowMs = Number(opt("window", "6000"));
const again = args.includes("--again");
const cpuRate = Number(opt("cpu", "4"));
const simulate = opt("simulate") ? Number(opt("simulate")) : null;
const storage = args.includes("--storage");

/* global window, Document, IDBFactory */
/** In the page, before its scripts: wraps the storage calls to sum the time spent inside them (window.__syncStorage). */
function timeStorageCalls() {
  const spent = { ms: 0 };
  Object.defineProperty(window, "__syncStorage", { value: spent });
  const timed = (f) =>
    function (...args) {
      const t = performance.now();
      try {
        return f.apply(this, args);
      } finally {
        spent.ms += performance.now() - t;
      }
    };
  const wrap = (proto, name) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (!d) return;
    if (d.get) Object.defineProperty(proto, name, { ...d, get: timed(d.get), set: d.set && timed(d.set) });
    else if (typeof d.value === "function") proto[name] = timed(d.value);
  };
  for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) wrap(Storage.prototype, name);
  wrap(Document.prototype, "cookie");
  for (const name of ["open", "databases", "deleteDatabase"]) wrap(IDBFactory.prototype, name);
  for (const name of ["open", "keys", "match", "has", "delete"]) wrap(globalThis.CacheStorage?.prototype, name);
  for (const name of ["get", "getAll", "set", "delete"]) wrap(globalThis.CookieStore?.prototype, name);
}
const builds = { this: "client/dist", base: baseDir };
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml", ".json": "application/json", ".wasm": "application/wasm" };

const port = Number(process.env.BENCH_PORT ?? 3393);
const demo = await startDemoServer(port);
/** The server each build is loaded from: one for both, or with --again one each. */
const servers = { this: demo, base: again ? await startDemoServer(port + 1, { CLIENT_DIR: resolve(baseDir) }) : demo };
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--headless=new"],
};
const browser = await puppeteer.launch(chromium);

/** The demo manager's session cookie on each build's server, signed in through the app. */
const cookies = { this: await signInAsManager(browser, demo.base) };
cookies.base = servers.base === demo ? cookies.this : await signInAsManager(browser, servers.base.base);

/** The file of `dir` that answers `url`, or null when the build has none (a client route gets index.html). */
function buildFile(dir, url, isDocument) {
  const { pathname } = new URL(url);
  if (isDocument) return join(dir, "index.html");
  if (pathname === "/boot.js" || pathname.startsWith("/assets/") || pathname.startsWith("/icons/")) return join(dir, pathname);
  return null;
}

/** One load of build `b`'s `path` (cold, or with --again opened again): the figures of its renderer's main thread. */
async function load(path, b) {
  const dir = builds[b];
  const origin = servers[b].base;
  const profile = again ? mkdtempSync(join(tmpdir(), "trapline-bench-profile-")) : null;
  const own = profile ? await puppeteer.launch({ ...chromium, userDataDir: profile }) : null;
  const context = own ? own.defaultBrowserContext() : await browser.createBrowserContext();
  try {
    // The earlier visits: once its service worker is active, this build's files are in its precache.
    for (let visit = 0; again && visit < 2; visit++) {
      const earlier = await context.newPage();
      await earlier.setCookie(...cookies[b]);
      await earlier.goto(`${origin}${path}`, { waitUntil: "networkidle0" });
      await earlier.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await earlier.close();
    }
    const page = await context.newPage();
    await page.setCookie(...cookies[b]);
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    // Cold: the document and the build's files are answered from `dir` (opened again, the worker answers them).
    if (!again) {
      await cdp.send("Fetch.enable", { patterns: [{ urlPattern: `${origin}/*`, requestStage: "Request" }] });
      cdp.on("Fetch.requestPaused", (e) => {
        const file = buildFile(dir, e.request.url, e.resourceType === "Document");
        if (!file) return void cdp.send("Fetch.continueRequest", { requestId: e.requestId }).catch(() => {});
        const found = existsSync(file);
        void cdp
          .send("Fetch.fulfillRequest", {
            requestId: e.requestId,
            responseCode: found ? 200 : 404,
            responseHeaders: [{ name: "content-type", value: TYPES[extname(file)] ?? "application/octet-stream" }],
            body: found ? readFileSync(file).toString("base64") : "",
          })
          .catch(() => {});
      });
    }
    if (storage) await page.evaluateOnNewDocument(timeStorageCalls);
    await page.tracing.start({ categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "blink.user_timing"] });
    await page.goto(`${origin}${path}`, { waitUntil: "load" });
    if (again && !(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error(`${origin}${path}: opened again without its service worker`);
    await new Promise((r) => setTimeout(r, windowMs));
    const storageMs = storage ? await page.evaluate(() => window.__syncStorage.ms) : 0;
    const events = JSON.parse(Buffer.from(await page.tracing.stop()).toString("utf8")).traceEvents;
    const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL === `${origin}${path}`);
    // Now and then a trace holds no start of the navigation (seen opened again): that load is taken again.
    if (!nav) return null;
    const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === nav.pid);
    const ms = (ts) => (ts - nav.ts) / 1000;
    const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === nav.pid);
    const lcp = events.filter((e) => e.name === "largestContentfulPaint::Candidate" && e.pid === nav.pid).at(-1);
    const tasks = events.filter((e) => e.pid === nav.pid && e.tid === main.tid && e.name === "RunTask" && e.ts >= nav.ts && ms(e.ts) < windowMs);
    const fcpMs = fcp ? ms(fcp.ts) : 0;
    return {
      fcp: fcpMs,
      lcp: lcp ? ms(lcp.ts) : NaN,
      blocking: tasks.filter((e) => ms(e.ts) >= fcpMs).reduce((n, e) => n + Math.max(0, e.dur / 1000 - 50), 0),
      simulated: tasks.filter((e) => ms(e.ts) >= fcpMs).reduce((n, e) => n + Math.max(0, (e.dur / 1000) * (simulate ?? 1) - 50), 0),
      longest: Math.max(0, ...tasks.map((e) => e.dur / 1000)),
      busy: tasks.reduce((n, e) => n + e.dur / 1000, 0),
      // Style, layout and paint of the main thread in the window: the part of `busy` that CSS (and the DOM's size) decides.
      rendering: events
        .filter((e) => e.pid === nav.pid && e.tid === main.tid && RENDERING.has(e.name) && e.ph === "X" && e.ts >= nav.ts && ms(e.ts) < windowMs)
        .reduce((n, e) => n + e.dur / 1000, 0),
      storage: storageMs,
    };
  } finally {
    if (own) {
      await own.close();
      rmSync(profile, { recursive: true, force: true });
    } else await context.close();
  }
}

/** The main thread's rendering steps (Chromium's trace names), which do not nest in one another. */
const RENDERING = new Set(["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize"]);

/** `load`, taken again (twice at most) when its trace could not be read. */
async function measured(path, b) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const figures = await load(path, b);
    if (figures) return figures;
  }
  throw new Error(`${path}: no navigation in three traces`);
}

const median = (xs) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = [];
try {
  for (const path of pages) {
    const runs = { this: [], base: [] };
    for (let i = 0; i < loads; i++) for (const b of i % 2 ? ["this", "base"] : ["base", "this"]) runs[b].push(await measured(path, b));
    const m = (b, k) => median(runs[b].map((r) => r[k]));
    for (const k of ["fcp", "lcp", "blocking", ...(simulate ? ["simulated"] : []), "longest", "busy", "rendering", ...(storage ? ["storage"] : [])])
      rows.push({ page: path, "ms (median)": k === "simulated" ? `blocking ×${simulate}` : k === "storage" ? "storage (sync)" : k, base: Number(m("base", k).toFixed(k === "storage" ? 1 : 0)), this: Number(m("this", k).toFixed(k === "storage" ? 1 : 0)), "this / base": Number((m("this", k) / m("base", k)).toFixed(2)) });
  }
} finally {
  await browser.close();
  demo.stop();
  servers.base.stop();
}
console.table(rows);
console.log(`${loads} ${again ? "opened-again" : "cold"} loads of each build per page, alternating; CPU ${cpuRate}× (CDP); window ${windowMs} ms; base = ${baseDir}`);
process.exit(0);
