import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";

/** How the built client and the API answers travel: compression by Accept-Encoding, cache headers, the web app manifest. */
let server: TestServer;
let cookie = "";
beforeAll(async () => {
  server = await startServer();
  const manager = await server.as("manager");
  cookie = manager.cookie!;
});
afterAll(async () => {
  await server?.close();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
/** A plain HTTP request that sends exactly the headers given and returns the bytes as they came (no decoding). */
function raw(path: string, headers: Record<string, string> = {}, body?: string, method = body ? "POST" : "GET"): Promise<Raw> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

const dist = "client/dist";
const assets = readdirSync(join(dist, "assets")).filter((f) => /\.(js|css)$/.test(f));
/** The largest script of the build: the one most worth compressing. */
const largest = assets.filter((f) => f.endsWith(".js")).sort((a, b) => readFileSync(join(dist, "assets", b)).length - readFileSync(join(dist, "assets", a)).length)[0]!;
const original = readFileSync(join(dist, "assets", largest));

describe("static assets", () => {
  it("come as brotli to a browser that asks for br, as gzip to one that asks for gzip, and plain otherwise", async () => {
    const br = await raw(`/assets/${largest}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await raw(`/assets/${largest}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await raw(`/assets/${largest}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    for (const r of [br, gz, plain]) expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("every script and stylesheet of the build has its brotli and gzip files", () => {
    const all = readdirSync(join(dist, "assets"));
    for (const f of assets.filter((a) => readFileSync(join(dist, "assets", a)).length > 1024)) {
      expect(all, f).toContain(`${f}.br`);
      expect(all, f).toContain(`${f}.gz`);
    }
  });

  it("hashed assets may be kept for a year; index.html, client routes, the service worker and the manifest are revalidated", async () => {
    const asset = await raw(`/assets/${largest}`, { "accept-encoding": "br" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const path of ["/", "/index.html", "/inventory", "/scan", "/sw.js", "/manifest.webmanifest"]) {
      const res = await raw(path, { "accept-encoding": "br, gzip" });
      expect(res.status, path).toBe(200);
      expect(res.headers["cache-control"], path).toBe("no-cache");
    }
  });

  it("a build file that is not there is a 404, not index.html (which client routes get)", async () => {
    const missing = await raw("/assets/SomeOtherBuild-0123abcd.js", { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.body.toString("utf8")).not.toContain("<!doctype html>");
    expect((await raw("/no-such-screen")).status).toBe(200);
  });

  it("a build file is served by its exact name only: another letter case, a path or a dot name is a 404", async () => {
    const upper = largest.replace(/[a-z]/, (c) => c.toUpperCase());
    expect(upper).not.toBe(largest);
    for (const path of [`/assets/${upper}`, "/assets/..%2Findex.html", "/assets/.%2E%2Findex.html", "/assets/.vite"]) {
      const res = await raw(path, { "accept-encoding": "br" });
      expect(res.status, path).toBe(404);
      expect(res.body.toString("utf8"), path).not.toContain("<!doctype html>");
    }
  });

  it("a HEAD names the file's size without its bytes, and a browser's copy is confirmed with a 304", async () => {
    const head = await raw(`/assets/${largest}`, { "accept-encoding": "br" }, undefined, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(readFileSync(join(dist, "assets", `${largest}.br`)).length);
    const first = await raw(`/assets/${largest}`, { "accept-encoding": "br" });
    const again = await raw(`/assets/${largest}`, { "accept-encoding": "br", "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("a file a rebuild adds while the server runs is served without a restart", async () => {
    const name = `added-${Date.now().toString(36)}.js`;
    expect((await raw(`/assets/${name}`)).status).toBe(404);
    writeFileSync(join(dist, "assets", name), "export const added = 1;\n");
    try {
      // The folder's listing is read again at most once a second.
      await expect.poll(async () => (await raw(`/assets/${name}`)).status, { timeout: 5_000 }).toBe(200);
      expect((await raw(`/assets/${name}`)).body.toString("utf8")).toBe("export const added = 1;\n");
    } finally {
      rmSync(join(dist, "assets", name), { force: true });
    }
  });

  it("index.html paints 'Loading...' itself, links the manifest and the apple-touch-icon", async () => {
    const res = await raw("/inventory");
    const html = res.body.toString("utf8");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    // Inside #root before any script runs; React replaces it.
    expect(html).toMatch(/<div id="root">[\s\S]*Loading\.\.\.[\s\S]*<\/div>/);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(touch).toBeTruthy();
    const icon = await raw(touch!);
    expect(icon.status).toBe(200);
    expect(pngSize(icon.body)).toEqual({ width: 180, height: 180 });
  });

  it("index.html's icon is a 48×48 PNG, not an SVG (Chromium draws an SVG icon in a page of its own, on the main thread, while the first screen loads)", async () => {
    const html = (await raw("/inventory")).body.toString("utf8");
    const links = [...html.matchAll(/<link rel="(?:shortcut )?icon"[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    expect(links[0]).not.toMatch(/svg/);
    const href = /href="([^"]+)"/.exec(links[0]!)?.[1];
    const icon = await raw(href!);
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/image\/png/);
    expect(pngSize(icon.body)).toEqual({ width: 48, height: 48 });
  });
});

describe("the build's chunks", () => {
  /** The scripts a file imports statically (the minified `import … from "./x.js"` and `import "./x.js"`). */
  const importsOf = (file: string) => [...readFileSync(join(dist, "assets", file), "utf8").matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.~-]+\.js)"/g)].map((m) => m[1]!);
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      importsOf(file).forEach(walk);
    };
    roots.forEach(walk);
    return seen;
  };
  const chunk = (name: string) => {
    const file = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"));
    expect(file, `a chunk named ${name}`).toBeTruthy();
    return file!;
  };

  // On mobile data each file costs a round trip: the build's chunk plan (scripts/build-client.mjs,
  // client/vite.config.ts) keeps the first load and a screen to a few files. The default splitting
  // gives 16 and 86.
  it("index.html loads the app in at most 8 files, and the inventory screen's code comes in at most 32", async () => {
    // /index.html as built: what the service worker keeps for every page (a page's document adds its screen's code, below).
    const html = (await raw("/index.html")).body.toString("utf8");
    const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first).toContain(chunk("shell"));
    expect(first.length).toBeLessThanOrEqual(8);
    // Everything the first load needs is preloaded: nothing it imports is left to be found late.
    expect([...closure(first)].filter((f) => !first.includes(f))).toEqual([]);
    const inventory = closure(["index", "start", "AppRouter", "InventoryPage"].map(chunk));
    expect(inventory).toContain(chunk("frame"));
    expect(inventory.size).toBeLessThanOrEqual(32);
  });

  // A page's document names the first screen's code (server/http/client.ts, pageDocuments): the browser asks for it
  // while it reads the document, and the entry's preload helper has no link left to append.
  const named = (html: string) => [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const documentOf = async (path: string, withCookie: boolean) => {
    const res = await raw(path, withCookie ? { cookie } : {});
    expect(res.status, path).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    return named(res.body.toString("utf8"));
  };

  it("a signed-in page's document names every file of its screen's code, once: the frame's and the route's screen's", async () => {
    for (const [path, screen] of [["/", "Dashboard"], ["/inventory", "InventoryPage"], ["/scan", "ScanPage"], ["/locations/some-id", "LocationDetailPage"], ["/inventory/", "InventoryPage"]] as const) {
      const files = await documentOf(path, true);
      expect(new Set(files).size, path).toBe(files.length);
      expect([...closure(["index", "start", "AppRouter", screen].map(chunk))].filter((f) => !files.includes(f)), path).toEqual([]);
    }
    // The most specific pattern wins, as in the router: /applications/new is the form, not an application's page.
    expect(await documentOf("/applications/new", true)).toContain(chunk("RecordApplicationPage"));
    expect(await documentOf("/applications/new", true)).not.toContain(chunk("ApplicationPage"));
    expect(await documentOf("/applications/some-id", true)).toContain(chunk("ApplicationPage"));
    // A path no route opens: the frame, which shows the not-found card.
    const unknown = await documentOf("/no-such-screen", true);
    expect(unknown).toContain(chunk("AppRouter"));
    expect(unknown.filter((f) => /^(Dashboard|InventoryPage)-/.test(f))).toEqual([]);
  });

  it("a visitor's document names the sign-in screen's code and nothing of the signed-in app", async () => {
    const files = await documentOf("/inventory", false);
    expect([...closure(["index", "start", "SignIn"].map(chunk))].filter((f) => !files.includes(f))).toEqual([]);
    for (const name of ["AppRouter", "frame", "InventoryPage"]) expect(files).not.toContain(chunk(name));
  });

  it("a page's document is confirmed with a 304 and varies with the cookie; /index.html and the build's list are not changed or served", async () => {
    const first = await raw("/inventory", { cookie });
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(String(first.headers.vary)).toMatch(/cookie/i);
    const again = await raw("/inventory", { cookie, "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw("/inventory", { "if-none-match": String(first.headers.etag) })).status).toBe(200);
    // The file as built (the service worker's copy for every page) preloads only the app's own files.
    expect(named((await raw("/index.html", { cookie })).body.toString("utf8"))).not.toContain(chunk("AppRouter"));
    // The build's list is the server's: the path is a page like any other path (the not-found card), not the file.
    const list = await raw("/.vite/route-preloads.json");
    expect(list.headers["content-type"]).toMatch(/text\/html/);
    expect(list.body.toString("utf8")).not.toContain('"routes"');
  });

  // The entry sends the screen's early queries as soon as it runs; a module can run only when the files it
  // imports have arrived, and the runtime is the largest. Vite's preload helper, which the entry calls, is a file of its own.
  it("the entry (index.html's script) waits for no more than a few kB of imports: not the runtime chunk", () => {
    const entry = chunk("index");
    const waitsFor = [...closure([entry])].filter((f) => f !== entry);
    expect(waitsFor).toContain(chunk("preload-helper"));
    expect(waitsFor).not.toContain(chunk("runtime"));
    const bytes = waitsFor.reduce((n, f) => n + readFileSync(join(dist, "assets", f)).length, 0);
    expect(bytes).toBeLessThan(8_000);
  });

  // The chunk plan's weight rule: the form stack (zod, react-hook-form, the shared rules and fields) is used
  // by a few screens and is large, so it stays out of `common`, which every screen loads.
  it("the dashboard, a screen without a form, loads no zod before its first paint; the record-application screen does", async () => {
    const withZod = (roots: string[]) => [...closure(roots.map(chunk))].filter((f) => readFileSync(join(dist, "assets", f), "utf8").includes("ZodError"));
    expect(withZod(["index", "start", "AppRouter", "Dashboard"])).toEqual([]);
    expect(withZod(["index", "start", "AppRouter", "RecordApplicationPage"]).length).toBeGreaterThan(0);
  });

  // V8's explicit compile hint (client/vite.config.ts): the runtime, which every first screen runs almost all of, is
  // compiled while it streams in, off the main thread. It works only as the file's first line, and only there.
  it("the runtime chunk, and only it, opens with V8's compile hint, and is served so", async () => {
    const hint = "//# allFunctionsCalledOnLoad\n";
    const hinted = assets.filter((f) => f.endsWith(".js") && readFileSync(join(dist, "assets", f), "utf8").includes(hint.trim()));
    expect(hinted).toEqual([chunk("runtime")]);
    expect(readFileSync(join(dist, "assets", chunk("runtime")), "utf8").startsWith(hint)).toBe(true);
    const served = await raw(`/assets/${chunk("runtime")}`, { "accept-encoding": "br" });
    expect(served.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(served.body).toString("utf8").startsWith(hint)).toBe(true);
  });
});

describe("the web app manifest", () => {
  it("parses, names the app, opens standalone at / and lists 192, 512 and maskable icons that exist", async () => {
    const res = await raw("/manifest.webmanifest");
    expect(res.headers["content-type"]).toMatch(/application\/manifest\+json/);
    const manifest = JSON.parse(res.body.toString("utf8"));
    expect(manifest).toMatchObject({ name: "Trapline", short_name: "Trapline", display: "standalone", start_url: "/", scope: "/", theme_color: "#1b5e20" });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(icons.some((i) => i.purpose?.split(" ").includes("maskable"))).toBe(true);
    for (const icon of icons) {
      const file = await raw(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers["content-type"]).toBe(icon.type);
      const [w, h] = icon.sizes.split("x").map(Number);
      expect(pngSize(file.body), icon.src).toEqual({ width: w, height: h });
    }
  });

  it("the service worker script is served from the root, so its scope is the whole app", async () => {
    const res = await raw("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    const text = res.body.toString("utf8");
    // The precache manifest lists index.html and the scanner's chunks, and nothing of the API, GraphQL or objects.
    const precached = [...text.matchAll(/\{\\?"revision\\?":[^{}]*?\\?"url\\?":\\?"([^"\\]+)\\?"\}/g)].map((m) => m[1]!);
    expect(precached).toContain("index.html");
    expect(precached.some((u) => /^assets\/ScanPage-[\w-]+\.js$/.test(u))).toBe(true);
    expect(precached.filter((u) => /^\/?(api|graphql|objects)\b/.test(u))).toEqual([]);
    // Its one runtime cache holds the SDS files a user opened (offline field work).
    expect(text).toContain("trapline-sds");
    expect(text).toMatch(/startsWith\(["'`]\/objects\/sds\/["'`]\)/);
  });
});

describe("API answers", () => {
  it("are compressed from about 1 kB on when the client asks, and plain when it does not", async () => {
    const big = await raw("/api/inventory", { cookie, "accept-encoding": "br, gzip" });
    expect(big.status).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    const items = JSON.parse(brotliDecompressSync(big.body).toString("utf8"));
    expect(items.length).toBeGreaterThan(5);

    const gz = await raw("/api/inventory", { cookie, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.body).toString("utf8"))).toEqual(items);

    const plain = await raw("/api/inventory", { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(items);

    // Below the threshold compression costs more than it saves.
    const small = await raw("/healthz", { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8"))).toEqual({ status: "ok", db: "up" });
  });

  it("GraphQL answers are compressed when large, plain when small", async () => {
    const query = JSON.stringify({ query: "{ inventoryItems(first: 50) { edges { node { id name category quantity minQuantity description location labelCode } } } }" });
    const big = await raw("/graphql", { cookie, "accept-encoding": "gzip", accept: "application/json" }, query);
    expect(big.status).toBe(200);
    expect(big.headers["content-encoding"]).toBe("gzip");
    const data = JSON.parse(gunzipSync(big.body).toString("utf8"));
    expect(data.data.inventoryItems.edges.length).toBeGreaterThan(5);
    expect(Number(big.headers["content-length"])).toBe(big.body.length);

    const small = await raw("/graphql", { cookie, "accept-encoding": "gzip", accept: "application/json" }, JSON.stringify({ query: "{ viewer { name } }" }));
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8"))).toEqual({ data: { viewer: { name: expect.any(String) } } });
  });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
