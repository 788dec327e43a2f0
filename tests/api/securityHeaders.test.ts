import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineStyleHashes } from "../../server/http/security.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 14: every answer carries the browser protections; HSTS only over HTTPS.

let server: TestServer;
let manager: ApiClient;

beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
});
afterAll(() => server.close());

/** The policy as directive → sources. */
function policy(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PLAIN_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

describe("security headers", () => {
  it("the app's page runs under a policy without unsafe-eval or unsafe-inline scripts, framed by nobody", async () => {
    const res = await manager.get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const csp = policy(res.headers.get("content-security-policy"));
    const host = new URL(server.url).host;
    expect(csp["default-src"]).toEqual(["'self'"]);
    // 'wasm-unsafe-eval' compiles the scanner's own .wasm (ZXing-C++); it allows no eval() of strings.
    expect(csp["script-src"]).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp["script-src-attr"]).toEqual(["'none'"]);
    // Emotion's styles: the empty <style> elements it fills through CSSOM, by hash; never unsafe-inline.
    expect(csp["style-src"]).toContain("'self'");
    expect(csp["style-src"]).toContain("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(csp["connect-src"]).toEqual(["'self'", "blob:", `ws://${host}`, `wss://${host}`]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    // The PWA and the camera scanners: service worker, manifest, blob: workers, camera media, label images.
    expect(csp["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(csp["manifest-src"]).toEqual(["'self'"]);
    expect(csp["media-src"]).toEqual(["'self'", "blob:"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    const all = res.headers.get("content-security-policy")!;
    // 'wasm-unsafe-eval' (compiling WebAssembly) is the one allowed; plain 'unsafe-eval' never.
    expect(all).not.toMatch(/(?<!wasm-)unsafe-eval|unsafe-inline|upgrade-insecure-requests|\*/);
    expect(res.headers.get("permissions-policy")).toMatch(/(^|, )camera=\(self\)(,|$)/);
    expect(res.headers.get("permissions-policy")).toMatch(/microphone=\(\)/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    for (const [name, value] of Object.entries(PLAIN_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  });

  it("every kind of answer carries them: JSON, GraphQL, errors, 404, 401, bad URLs, static files", async () => {
    const anonymous = server.anonymous();
    const answers = [
      await manager.get("/api/inventory"),
      await manager.post("/graphql", { query: "{ viewer { id } }" }),
      await manager.post("/api/inventory", { name: "" }),
      await manager.post("/api/inventory", "{not json"),
      await anonymous.get("/api/auth/me"),
      await anonymous.get("/api/nothing-here"),
      await anonymous.get("/healthz"),
      await anonymous.get("/inventory"),
      await anonymous.get("/api/inventory/%FF"),
    ];
    for (const res of answers) {
      for (const [name, value] of Object.entries(PLAIN_HEADERS)) expect(res.headers.get(name), `${res.status} ${res.text.slice(0, 60)} ${name}`).toBe(value);
      expect(res.headers.get("content-security-policy"), res.text.slice(0, 60)).toMatch(/frame-ancestors 'none'/);
    }
    const assets = /src="(\/assets\/[^"]+\.js)"/.exec((await anonymous.get("/")).text)?.[1];
    expect(assets).toBeTruthy();
    const script = await anonymous.get(assets!);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("does not repeat a Host header it cannot trust into the policy", async () => {
    const { request } = await import("node:http");
    const { hostname, port } = new URL(server.url);
    const header = await new Promise<string>((resolve, reject) => {
      const req = request({ host: hostname, port, path: "/", agent: false, headers: { host: "evil.example;script-src *" } }, (res) => {
        res.resume();
        resolve(String(res.headers["content-security-policy"]));
      });
      req.on("error", reject);
      req.end();
    });
    expect(policy(header)["connect-src"]).toEqual(["'self'", "blob:", "'self'"]);
    expect(policy(header)["script-src"]).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it("hashes the inline <style> blocks of index.html (a loading state)", () => {
    const dir = mkdtempSync(join(tmpdir(), "trapline-csp-"));
    try {
      const file = join(dir, "index.html");
      writeFileSync(file, "<html><head><style>body{margin:0}</style><style media=\"print\">\n.x{}\n</style></head></html>");
      const hashes = inlineStyleHashes(file);
      // echo -n 'body{margin:0}' | openssl dgst -sha256 -binary | base64
      expect(hashes()).toEqual(["'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
      expect(inlineStyleHashes(join(dir, "missing.html"))()).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("HSTS and the forwarded protocol (TRUST_PROXY)", () => {
  it("ignores X-Forwarded-Proto from a client when no proxy is trusted", async () => {
    const res = await server.anonymous().request("GET", "/healthz", undefined, { "x-forwarded-proto": "https" });
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const login = await server.anonymous().request("POST", "/api/auth/login", { username: "tech", password: "tech123" }, { "x-forwarded-proto": "https" });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().join(";")).not.toMatch(/Secure/i);
  });

  it("sends HSTS when a trusted proxy says the request came over HTTPS, and only then", async () => {
    const behindProxy = await startServer({ TRUST_PROXY: "127.0.0.1" });
    try {
      const https = await behindProxy.anonymous().request("GET", "/", undefined, { "x-forwarded-proto": "https" });
      expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const http = await behindProxy.anonymous().request("GET", "/", undefined, { "x-forwarded-proto": "http" });
      expect(http.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });
});
