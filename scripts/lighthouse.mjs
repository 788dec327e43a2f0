// `npm run lighthouse`: Lighthouse's mobile profile (simulated slow 4G, 4x CPU slowdown) against the
// built app, signed in as the demo manager, on a fresh demo database. Each page is loaded cold
// (Lighthouse clears the HTTP cache, service workers and Cache Storage, with it the style rules the
// device kept, before each run; the session cookie and localStorage stay, as on a returning phone). A
// benchmark, not a test: the machine is shared and noisy, so compare figures of one run, and run it
// twice before believing a change.
//
//   npm run lighthouse [-- --pages /,/scan --runs 3 --signed-out --http --again --devtools]
//
// --again also measures each page opened again on the same phone: the page is visited once first (its
// service worker installs and fills its caches), then Lighthouse loads it with storage kept
// (disableStorageReset: HTTP cache, service worker and Cache Storage stay), and the "again" columns
// give that run's LCP and TBT.
//
// The app is measured as a phone meets it in production: over HTTPS with HTTP/2 (scripts/tls-proxy.mjs,
// a TLS front like the README's nginx with a certificate), where Chromium asks for brotli and shares one
// connection among the requests. `--http` measures the plain http://127.0.0.1 port instead (HTTP/1.1,
// gzip: Chromium asks for br only over HTTPS), which no phone uses but which shows the cost of many files.
//
// --ab-styles measures each run twice, once with the device's kept style rules (client/src/platform/
// styleSnapshot.ts) and once without them (removed just before the measured load), alternating within the
// run, and prints a row for each: the host's drift falls on both alike. Only the "again" columns differ
// between the two: the rules are kept in Cache Storage, which a cold run starts without in both.
//
// LIGHTHOUSE_TRACE=1 also writes each page's last trace (what Lighthouse measured) beside its report, as
// .tmp/lighthouse/<page>[-again].trace.json, to read the tasks behind a figure.
// LIGHTHOUSE_TRACE=js does the same with V8's JavaScript samples in the trace, to name what runs in a task.
//
// LIGHTHOUSE_EACH=1 prints each run's figures as it ends, beside the medians of the table, with Lighthouse's estimate
// of the app's response time (network-server-latency), which its simulation adds to every request to the app.
//
// LIGHTHOUSE_LANTERN=1 prints, after each run, the path the simulation's LCP ends on: from the node that ends last back
// through what each waited on, with the simulated times (see printLcpPath).
//
// What the simulation counts (Lantern: @paulirish/trace_engine's models/trace/lantern, as Lighthouse 12.8 runs it),
// worth knowing before reading a figure or choosing a change:
// - A main-thread task shorter than 10 ms as observed (at full speed) leaves the graph unless it waits on two nodes
//   or more and two or more wait on it, or holds the first parse, layout or paint: its time counts nowhere. Every
//   task kept counts its time × "CPU ×".
// - A request the page makes over the network waits for the task that started it, and requests to one origin go
//   one at a time: a connection carries one request at once (no HTTP/2 multiplexing in the model), and the origin
//   has one connection for each the page opened, over HTTP/2 as a rule one. The first request on a connection also
//   pays for it: DNS (2 round trips), TCP and TLS, at 150 ms a round trip, before its own. Opened again, the
//   document and the files come from the phone (the service worker and its static route; 8 ms each, "local" in
//   LIGHTHOUSE_LANTERN's output), so the first request to the network is the screen's own GraphQL request:
//   /inventory's LCP ended on it at 1,117-1,384 ms in the runs read (a task of 4 ms sends it; the viewer's query
//   ahead of it pays for the connection, about 760 ms; then 150 ms).
// - LCP is the mean of two estimates, each the time the last node ends of a graph that holds every request ended
//   before the observed LCP with all it waits on (the tasks that started it, back to the document), the first
//   parse, layout and paint, the EvaluateScript tasks of classic scripts (a module's evaluation is none), and, in
//   the pessimistic one, every layout before the observed LCP. A task that only runs script (React's render, a
//   module's evaluation) counts there only when a request in the graph waits on it.
//
// Prints, per page, the median over runs of each category's score, FCP/LCP/TBT, and the JavaScript
// the page loaded: bytes over the wire, the same files' brotli size, and the brotli size of those that
// had arrived by the (observed) largest contentful paint. Brotli sizes are those of the .br files the
// server writes at build time. Also the host's Lighthouse benchmark index (BI): Lighthouse's CPU
// calibration equates the 4x slowdown with a host of BI 1533; on a slower host the CPU figures (TBT most
// of all) come out worse than on the phone the profile stands for. `--calibrate` makes the figures
// those of that phone on any host: a probe reads the host's BI, and every measured run slows the CPU
// by 4 × BI / 1533 instead of 4 (the calibration Lighthouse's docs describe; BI the median read so far),
// shown as "CPU ×".
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { throttling as presets } from "lighthouse/core/config/constants.js";
import puppeteer from "puppeteer-core";
import { signInAsManager, startDemoServer } from "./demo-server.mjs";
import { startTlsProxy } from "./tls-proxy.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const pages = opt("pages", "/,/inventory,/equipment,/requests,/scan").split(",");
const runs = Number(opt("runs", "1"));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3295);

const demo = await startDemoServer(port);
const tls = args.includes("--http") ? null : await startTlsProxy(port + 1, port);
const base = tls?.base ?? demo.base;
const stopServer = () => {
  tls?.stop();
  demo.stop();
};

/** Brotli size of a served asset: the .br file written at build time (0 when there is none), of the build served (CLIENT_DIR). */
function brotliSize(url) {
  const path = `${process.env.CLIENT_DIR ?? "client/dist"}${new URL(url).pathname}`;
  if (existsSync(`${path}.br`)) return statSync(`${path}.br`).size;
  if (existsSync(path)) return -statSync(path).size; // no .br: raw size, shown negative
  return 0;
}

/** The file name a page's report and trace go under in .tmp/lighthouse/ ("/" is the dashboard). */
const reportName = (path) => (path === "/" ? "dashboard" : path.slice(1).replaceAll("/", "-"));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  // The TLS front's certificate is made for the run, so no browser trusts it.
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
    ...(tls ? ["--ignore-certificate-errors"] : []),
  ],
});
const rows = [];
try {
  // Sign in through the app itself, as a person would: the cookie stays in the browser for Lighthouse.
  // With --signed-out the pages are measured as a visitor sees them (the sign-in screen).
  if (!args.includes("--signed-out")) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await signInAsManager(browser, base);
    await browser.disconnect();
  }

  const calibrate = args.includes("--calibrate");
  /** The CPU slowdown of every run: 4 (Lighthouse's mobile profile), or with --calibrate 4 × this host's BI / 1533. */
  let slowdown = presets.mobileSlow4G.cpuSlowdownMultiplier;
  /**
   * One Lighthouse run of `path`; `keep` keeps the HTTP cache, service worker and Cache Storage; a `probe` (the
   * calibration's) prints no LCP path.
   */
  const measure = async (path, keep, probe = false) => {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      // Only when calibrating: without it the run is exactly Lighthouse's mobile default, as before --calibrate existed.
      ...(calibrate ? { throttling: { ...presets.mobileSlow4G, cpuSlowdownMultiplier: slowdown } } : {}),
      // --devtools: the network slowed in the browser, request by request (Lighthouse's "devtools" method: 562.5 ms
      // round trips, 1.4 Mbit/s), rather than simulated from an unthrottled load; slower, and the one that shows
      // what a chain of requests (a file found only once another has run) costs on a phone's connection.
      ...(args.includes("--devtools") ? { throttlingMethod: "devtools" } : {}),
      ...(keep ? { disableStorageReset: true } : {}),
      // LIGHTHOUSE_TRACE=js: the trace also holds V8's JavaScript samples (ProfileChunk events), to name the
      // functions inside a task; the sampling itself slows the page a little, so the figures of such a run
      // are for reading tasks, not for comparing.
      ...(process.env.LIGHTHOUSE_TRACE === "js" ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } : {}),
    });
    if (process.env.LIGHTHOUSE_LANTERN && !probe) printLcpPath(`${path}${keep ? " opened again" : ""}`);
    else Lantern.Simulation.Simulator.allNodeTimings.clear();
    return result;
  };
  // With --calibrate, every run's index joins the reading (a cold first run reads low), and the next run's
  // slowdown follows the median of those read so far.
  const indexes = [];
  const calibrated = (index) => {
    if (!calibrate || !index) return;
    indexes.push(index);
    slowdown = Math.max(1, (presets.mobileSlow4G.cpuSlowdownMultiplier * median(indexes)) / 1533);
  };
  if (calibrate) {
    // Two probes, the first left out: the browser's and the server's first run reads the index low (1,560
    // against 2,200–2,800 for the runs after it, here).
    await measure(pages[0], false, true);
    calibrated((await measure(pages[0], false, true)).lhr.environment.benchmarkIndex);
    console.log(`benchmark index ${Math.round(indexes[0])}: CPU slowed ${slowdown.toFixed(2)}× (4× at BI 1533), then following each run's index`);
  }
  /** Opens `path` as the phone did before: the service worker takes control and its caches fill. */
  const visit = async (path) => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    try {
      await page.goto(`${base}${path}`, { waitUntil: "networkidle0" });
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, { timeout: 30_000 }).catch(() => page.reload({ waitUntil: "networkidle0" }));
      await page.goto(`${base}${path}`, { waitUntil: "networkidle0" });
    } finally {
      await page.close().catch(() => {});
      await browser.disconnect();
    }
  };
  const again = args.includes("--again");
  /** Removes the device's kept style rules (the next load compiles its styles, as on a first visit). */
  const forgetStyles = async () => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${base}/healthz`);
    // STYLES_CACHE of client/src/platform/styleStore.ts (this script runs without TypeScript).
    await page.evaluate(() => globalThis.caches.delete("trapline-styles"));
    await page.close();
    await browser.disconnect();
  };
  const variants = args.includes("--ab-styles") ? ["styles kept", "no styles"] : [null];

  for (const path of pages) {
    const byVariant = new Map(variants.map((v) => [v, []]));
    for (let r = 0; r < runs; r++) {
      for (const variant of variants) {
        const samples = byVariant.get(variant);
        // The file name of this run's report and trace: the page's, and the variant's when there are two.
        const name = variant ? `${reportName(path)}-${variant.replace(" ", "-")}` : reportName(path);
        const used = slowdown;
        if (variant === "no styles") await forgetStyles();
        const result = await measure(path, false);
        const lhr = result.lhr;
        calibrated(lhr.environment?.benchmarkIndex);
        // The whole report of the last run per page, to see where the time goes.
        mkdirSync(".tmp/lighthouse", { recursive: true });
        if (process.env.LIGHTHOUSE_TRACE) writeFileSync(`.tmp/lighthouse/${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
        writeFileSync(`.tmp/lighthouse/${name}.json`, JSON.stringify(lhr));
        // A run Lighthouse could not complete (e.g. NO_NAVSTART, a trace it could not read) has no metrics: say so and leave it out.
        if (lhr.runtimeError) {
          console.error(`${path}: run ${r + 1} left out: ${lhr.runtimeError.code ?? ""} ${lhr.runtimeError.message}`);
          continue;
        }
        const audits = lhr.audits;
        const scripts = (audits["network-requests"].details?.items ?? []).filter((i) => i.resourceType === "Script");
        const jsWire = scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0);
        const jsBrotli = scripts.reduce((n, i) => n + brotliSize(i.url), 0);
        // The scripts that had arrived when the largest paint happened (observed, unthrottled timeline): the
        // code the page needed to show its content, as against what it fetched after (live updates, the
        // service worker's helper, toasts).
        const observedLcp = audits.metrics.details?.items?.[0]?.observedLargestContentfulPaint ?? Infinity;
        const jsBeforeLcp = scripts.filter((i) => i.networkEndTime <= observedLcp).reduce((n, i) => n + brotliSize(i.url), 0);
        samples.push({
          perf: lhr.categories.performance.score,
          a11y: lhr.categories.accessibility.score,
          bp: lhr.categories["best-practices"].score,
          fcp: audits["first-contentful-paint"].numericValue,
          lcp: audits["largest-contentful-paint"].numericValue,
          tbt: audits["total-blocking-time"].numericValue,
          cls: audits["cumulative-layout-shift"].numericValue,
          jsWire,
          jsBrotli,
          jsBeforeLcp,
          scripts: scripts.length,
          protocol: [...new Set(scripts.map((i) => i.protocol))].join("+"),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          slowdown: used,
          // Lighthouse's estimate of the app's response time (the answers' wait less the connection's round trip),
          // which its simulation adds to every request to the app: a busy host shows here.
          serverMs: Math.max(0, ...(audits["network-server-latency"].details?.items ?? []).map((i) => i.serverResponseTime ?? 0)),
        });
        if (again) {
          // A warm-up that fails (seen once here: a navigation over 30 s on a loaded host) leaves this run's
          // opened-again figures out, as a failed measurement does, rather than ending the whole run without any.
          const warmedUp = await visit(path).then(
            () => true,
            (error) => (console.error(`${path}: opened-again run ${r + 1} left out: its first visit failed: ${error.message}`), false),
          );
          if (!warmedUp) continue;
          if (variant === "no styles") await forgetStyles();
          const warmResult = await measure(path, true);
          const warm = warmResult.lhr;
          if (process.env.LIGHTHOUSE_TRACE) writeFileSync(`.tmp/lighthouse/${name}-again.trace.json`, JSON.stringify(warmResult.artifacts.Trace));
          if (warm.runtimeError) console.error(`${path}: opened-again run ${r + 1} left out: ${warm.runtimeError.code ?? ""} ${warm.runtimeError.message}`);
          else
            Object.assign(samples.at(-1), {
              againLcp: warm.audits["largest-contentful-paint"].numericValue,
              againTbt: warm.audits["total-blocking-time"].numericValue,
              againPerf: warm.categories.performance.score,
            });
          writeFileSync(`.tmp/lighthouse/${name}-again.json`, JSON.stringify(warm));
        }
        if (process.env.LIGHTHOUSE_EACH) {
          const s = samples.at(-1);
          const opened = s.againLcp === undefined ? "" : ` · again perf ${s.againPerf} LCP ${Math.round(s.againLcp)} TBT ${Math.round(s.againTbt)}`;
          console.log(`${path}${variant ? ` (${variant})` : ""} run ${r + 1}: perf ${s.perf} LCP ${Math.round(s.lcp)} TBT ${Math.round(s.tbt)}${opened} · BI ${Math.round(s.benchmarkIndex)} · server ${Math.round(s.serverMs)} ms`);
        }
      }
    }
    for (const [variant, samples] of byVariant) {
      if (samples.length === 0) {
        console.error(`${path}: no run completed`);
        continue;
      }
      const m = (k) => median(samples.map((s) => s[k]));
      rows.push({
        page: variant ? `${path} (${variant})` : path,
        performance: m("perf"),
        accessibility: m("a11y"),
        "best-practices": m("bp"),
        "FCP ms": Math.round(m("fcp")),
        "LCP ms": Math.round(m("lcp")),
        "TBT ms": Math.round(m("tbt")),
        CLS: Number(m("cls").toFixed(3)),
        "JS files": m("scripts"),
        "JS wire kB": Number((m("jsWire") / 1000).toFixed(1)),
        "JS brotli kB": Number((m("jsBrotli") / 1000).toFixed(1)),
        "JS to LCP br kB": Number((m("jsBeforeLcp") / 1000).toFixed(1)),
        protocol: samples[0].protocol,
        ...(again
          ? {
              "again perf": median(samples.filter((x) => x.againPerf !== undefined).map((x) => x.againPerf)),
              "again LCP ms": Math.round(median(samples.filter((x) => x.againLcp !== undefined).map((x) => x.againLcp))),
              "again TBT ms": Math.round(median(samples.filter((x) => x.againTbt !== undefined).map((x) => x.againTbt))),
            }
          : {}),
        BI: Math.round(m("benchmarkIndex")),
        "CPU ×": Number(m("slowdown").toFixed(2)),
        runs: samples.length,
      });
    }
  }
} finally {
  await chrome.kill();
  stopServer();
}
console.table(rows);
if (existsSync("client/dist/index.html")) {
  const html = readFileSync("client/dist/index.html", "utf8");
  console.log(`index.html: ${html.length} bytes; runs per page: ${runs} (median shown)`);
}
process.exit(0);

/**
 * LIGHTHOUSE_LANTERN=1: the simulated LCP's path in the run just made. Lantern keeps every simulation's node timings
 * (Simulator.allNodeTimings); for each LCP estimate, from the node that ends last, back through the dependency that
 * ended last, to the document. A request shows its simulated start and end and its connection; a task its observed
 * length and the main events in it.
 */
function printLcpPath(title) {
  const all = Lantern.Simulation.Simulator.allNodeTimings;
  const seen = new Set();
  for (const label of ["optimisticLargestContentfulPaint", "pessimisticLargestContentfulPaint"]) {
    const timings = all.get(label);
    if (!timings) continue;
    const last = [...timings.entries()].sort((a, b) => b[1].endTime - a[1].endTime)[0];
    if (!last) continue;
    const lines = [];
    for (let node = last[0]; node; ) {
      const t = timings.get(node);
      const what =
        node.type === "network"
          ? `${node.request.url.replace(/^[a-z]+:\/\/[^/]+/, "")} (connection ${node.request.connectionId}${node.isConnectionless ? ", local" : ""})`
          : `task of ${(node.duration / 1000).toFixed(1)} ms observed: ${[...new Set(node.childEvents.filter((e) => e.dur > 1000).map((e) => e.name))].slice(0, 3).join(", ")}`;
      lines.push(`  ${t.startTime.toFixed(0).padStart(6)} - ${t.endTime.toFixed(0).padStart(6)} ms  ${what}`);
      node = node
        .getDependencies()
        .filter((d) => timings.has(d))
        .sort((a, b) => timings.get(b).endTime - timings.get(a).endTime)[0];
    }
    const text = lines.join("\n");
    if (seen.has(text)) continue;
    seen.add(text);
    console.log(`${title}: ${label.replace("LargestContentfulPaint", "")} LCP ends at ${last[1].endTime.toFixed(0)} ms, on\n${text}`);
  }
  all.clear();
}
