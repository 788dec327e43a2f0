// A TLS front for the benchmarks, as a phone meets the app in production: HTTPS with HTTP/2 (and
// HTTP/1.1 for WebSockets), in front of the app's plain HTTP port, like the README's nginx with a
// certificate. Over HTTPS Chromium asks for brotli and shares one connection among the requests, which
// plain http://127.0.0.1 never shows. The certificate is made here, for this run only (openssl), so
// the browser must be started with --ignore-certificate-errors.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Hop-by-hop headers (RFC 9110 §7.6.1) and HTTP/2's pseudo-headers: never forwarded. */
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "http2-settings"]);
const forwardable = (headers) => Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(":") && !HOP.has(k)));

/**
 * Starts the front on `port`, for the app on `backendPort`, in a process of its own (as nginx is its own):
 * in the measuring script's process, the front waited behind Lighthouse's own work on the DevTools
 * messages, and its answers' delay went into Lighthouse's estimate of the server's response time, which
 * its simulation adds to every request. Resolves to its base URL and a stop function.
 */
export async function startTlsProxy(port, backendPort) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port), String(backendPort)], { stdio: ["ignore", "pipe", "inherit"] });
  const stop = () => child.kill("SIGTERM");
  process.on("exit", stop);
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`the TLS front stopped (${code})`)));
  });
  return { base: `https://localhost:${port}`, stop };
}

/** The front itself, in this process (the child `startTlsProxy` starts); it stops with the process. */
async function serveTlsProxy(port, backendPort) {
  const dir = mkdtempSync(join(tmpdir(), "trapline-tls-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"),
  ], { stdio: "ignore" });
  const key = readFileSync(join(dir, "key.pem"));
  const cert = readFileSync(join(dir, "cert.pem"));
  rmSync(dir, { recursive: true, force: true });

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true });
  server.on("request", (req, res) => {
    const headers = forwardable(req.headers);
    headers.host = req.headers[":authority"] ?? req.headers.host;
    headers["x-forwarded-proto"] = "https";
    const upstream = http.request({ host: "127.0.0.1", port: backendPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // WebSockets come over HTTP/1.1 (Chromium opens one when the server does not offer them over HTTP/2).
  server.on("upgrade", (req, socket, head) => {
    const upstream = net.connect(backendPort, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push("X-Forwarded-Proto: https");
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => (socket.destroy(), upstream.destroy());
    upstream.on("error", close);
    socket.on("error", close);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
}

// `node scripts/tls-proxy.mjs <port> <backendPort>`: the front alone; says "ready" once it listens.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await serveTlsProxy(Number(process.argv[2]), Number(process.argv[3]));
  process.stdout.write("ready\n");
}
