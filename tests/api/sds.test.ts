import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docFile, docxFile, pdfFile, zipFile } from "../helpers/documents.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const INVALID_TYPE = "Please select a PDF, DOC, DOCX, or TXT file";
const LIMIT = 10 * 1024 * 1024;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

type Upload = { signedUrl: string; objectPath: string };

async function requestUpload(fileName: string, contentType: string, client = tech): Promise<Upload> {
  const res = await client.post("/api/objects/upload", { fileName, contentType });
  expect(res.status).toBe(200);
  return res.body;
}

function putFile(client: ApiClient, signedUrl: string, bytes: Uint8Array | string, contentType: string) {
  return client.request("PUT", signedUrl, bytes, { "content-type": contentType });
}

/** Requests an upload URL and PUTs the bytes: the SDS uploader's two steps. */
async function upload(fileName: string, contentType: string, bytes: Uint8Array | string): Promise<string> {
  const { signedUrl, objectPath } = await requestUpload(fileName, contentType);
  const put = await putFile(tech, signedUrl, bytes, contentType);
  expect(put.status).toBeGreaterThanOrEqual(200);
  expect(put.status).toBeLessThan(300);
  return objectPath;
}

/** GET with the client's cookie, keeping the body as bytes. */
async function download(client: ApiClient | null, path: string) {
  const res = await fetch(new URL(path, server.url), { headers: client?.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A request whose path is sent exactly as written (fetch would normalise "..", "%2e%2e"). */
function rawRequest(method: string, path: string, cookie?: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Everything the object store holds, for "nothing was kept" checks: files under the local folder and,
 * with the PostgreSQL store (DATABASE_URL), object and chunk rows.
 */
async function storedFiles(): Promise<string[]> {
  const root = join(server.dataDir, "objects");
  const files = existsSync(root)
    ? (readdirSync(root, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[]).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name))
    : [];
  const prisma = server.app.db.prisma;
  const objects = (await prisma.storedObject.findMany({ select: { key: true } })).map((o) => `object:${o.key}`);
  const chunks = (await prisma.storedObjectChunk.findMany({ select: { uploadId: true, seq: true } })).map((c) => `chunk:${c.uploadId}:${c.seq}`);
  return [...files, ...objects, ...chunks].sort();
}

async function firstItem(name: string) {
  const res = await tech.get("/api/inventory");
  return res.body.find((i: any) => i.name === name);
}

describe("POST /api/objects/upload", () => {
  it("returns a signed upload URL and an /objects/ path named after the file", async () => {
    const res = await tech.post("/api/objects/upload", { fileName: "termidor-sds.pdf", contentType: "application/pdf" });
    expect(res.status).toBe(200);
    expect(typeof res.body.signedUrl).toBe("string");
    expect(res.body.objectPath).toMatch(/^\/objects\//);
    expect(res.body.objectPath.split("/").pop()).toBe("termidor-sds.pdf");
    const signed = new URL(res.body.signedUrl, server.url);
    expect(signed.searchParams.get("signature")).toBeTruthy();
    expect(signed.searchParams.get("expires")).toBeTruthy();

    // Two uploads of one file name never share a path.
    const again = await tech.post("/api/objects/upload", { fileName: "termidor-sds.pdf", contentType: "application/pdf" });
    expect(again.body.objectPath).not.toBe(res.body.objectPath);
  });

  it("accepts .txt, .doc and .docx with their content types", async () => {
    for (const [fileName, contentType] of [
      ["notes.txt", "text/plain"],
      ["Label.DOC", "application/msword"],
      ["sds-sheet.docx", DOCX],
    ]) {
      const res = await tech.post("/api/objects/upload", { fileName, contentType });
      expect(res.status).toBe(200);
      expect(res.body.objectPath).toMatch(/^\/objects\//);
    }
  });

  it("refuses other file types and a content type that does not match the extension", async () => {
    for (const [fileName, contentType] of [
      ["x.exe", "application/octet-stream"],
      ["x.exe", "application/pdf"],
      ["report.pdf", "text/plain"],
      ["report.txt", "application/pdf"],
      ["report.docx", "application/msword"],
      ["page.html", "text/html"],
      ["noextension", "application/pdf"],
    ]) {
      const res = await tech.post("/api/objects/upload", { fileName, contentType });
      expect(res.status, `${fileName} ${contentType}`).toBe(400);
      expect(res.body.message).toBe(INVALID_TYPE);
      expect(res.body.signedUrl).toBeUndefined();
    }
  });

  it("requires fileName and contentType, and a session", async () => {
    expect((await tech.post("/api/objects/upload", { contentType: "application/pdf" })).status).toBe(400);
    expect((await tech.post("/api/objects/upload", { fileName: "a.pdf" })).status).toBe(400);
    const anon = await server.anonymous().post("/api/objects/upload", { fileName: "a.pdf", contentType: "application/pdf" });
    expect(anon.status).toBe(401);
    expect(anon.body.signedUrl).toBeUndefined();
  });
});

describe("PUT to the signed URL", () => {
  it("stores the bytes, which come back exactly, as an attachment named after the last path segment", async () => {
    const bytes = new Uint8Array(randomBytes(64 * 1024));
    bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d], 0); // %PDF-
    const { signedUrl, objectPath } = await requestUpload("termidor-sds.pdf", "application/pdf");
    const put = await putFile(tech, signedUrl, bytes, "application/pdf");
    expect(put.status).toBeGreaterThanOrEqual(200);
    expect(put.status).toBeLessThan(300);

    const got = await download(tech, objectPath);
    expect(got.status).toBe(200);
    expect(got.bytes.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(got.bytes), Buffer.from(bytes))).toBe(0);
    expect(got.headers.get("content-type")).toMatch(/^application\/pdf/);
    const disposition = got.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment/);
    expect(disposition).toContain('filename="termidor-sds.pdf"');

    // Any signed-in user may download; a visitor may not.
    expect((await download(manager, objectPath)).status).toBe(200);
    const anon = await download(null, objectPath);
    expect(anon.status).toBe(401);
    expect(Buffer.from(anon.bytes).includes(Buffer.from(bytes.subarray(0, 64)))).toBe(false);
  });

  it("stores text files too", async () => {
    const path = await upload("ppe-notes.txt", "text/plain", "Wear nitrile gloves.\nVentilate for 30 minutes.\n");
    const got = await tech.get(path);
    expect(got.status).toBe(200);
    expect(got.text).toBe("Wear nitrile gloves.\nVentilate for 30 minutes.\n");
    expect(got.headers.get("content-disposition")).toContain('filename="ppe-notes.txt"');
  });

  it("refuses a different Content-Type than the one signed, and the link still works afterwards", async () => {
    const { signedUrl, objectPath } = await requestUpload("label.pdf", "application/pdf");
    const wrong = await putFile(tech, signedUrl, "<script>alert(1)</script>", "text/html");
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBeTruthy();
    expect((await download(tech, objectPath)).status).toBe(404);
    const right = await putFile(tech, signedUrl, "%PDF-1.4 ok", "application/pdf");
    expect(right.status).toBe(200);
    expect((await tech.get(objectPath)).text).toBe("%PDF-1.4 ok");
  });

  it("refuses a tampered signature, expiry or path", async () => {
    const { signedUrl, objectPath } = await requestUpload("tamper.pdf", "application/pdf");
    const url = new URL(signedUrl, server.url);
    const signature = url.searchParams.get("signature")!;
    const expires = url.searchParams.get("expires")!;

    const variants: string[] = [];
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith("0") ? "1" : "0");
    const withParams = (path: string, params: Record<string, string | null>) => {
      const u = new URL(path, server.url);
      u.search = "";
      for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
      return u.pathname + u.search;
    };
    variants.push(withParams(url.pathname, { expires, signature: flip(signature) }));
    variants.push(withParams(url.pathname, { expires: String(Number(expires) + 3600), signature }));
    variants.push(withParams(url.pathname, { expires: String(Number(expires) - 1), signature }));
    variants.push(withParams(url.pathname, { expires, signature: null }));
    variants.push(withParams(url.pathname, { expires: null, signature }));
    variants.push(withParams(url.pathname, { expires, signature: "" }));
    // The same signature on another object's path.
    variants.push(withParams(url.pathname.replace(/tamper\.pdf$/, "other.pdf"), { expires, signature }));
    variants.push(withParams("/objects/sds/evil.pdf", { expires, signature }));

    for (const variant of variants) {
      const res = await putFile(tech, variant, "%PDF-1.4 forged", "application/pdf");
      expect(res.status, variant).toBe(403);
    }
    expect((await download(tech, objectPath)).status).toBe(404);
    expect((await storedFiles()).some((f) => f.endsWith("other.pdf") || f.endsWith("evil.pdf"))).toBe(false);
  });

  it("accepts one upload per signed URL: a second PUT is a conflict and the first file stays", async () => {
    const { signedUrl, objectPath } = await requestUpload("once.pdf", "application/pdf");
    expect((await putFile(tech, signedUrl, "%PDF-1.4 first", "application/pdf")).status).toBe(200);
    const second = await putFile(tech, signedUrl, "%PDF-1.4 second", "application/pdf");
    expect(second.status).toBe(409);
    expect(second.body.message).toBeTruthy();
    expect((await tech.get(objectPath)).text).toBe("%PDF-1.4 first");
  });

  it("refuses a file over 10 MB and keeps nothing", async () => {
    const { signedUrl, objectPath } = await requestUpload("huge.pdf", "application/pdf");
    const before = await storedFiles();
    let status: number | undefined;
    try {
      status = (await putFile(tech, signedUrl, new Uint8Array(LIMIT + 1), "application/pdf")).status;
    } catch {
      // The server may close the connection before the whole body is sent.
      status = undefined;
    }
    if (status !== undefined) expect(status).toBe(413);
    expect((await download(tech, objectPath)).status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an oversized body sent without a Content-Length (chunked) and keeps nothing", async () => {
    const { signedUrl, objectPath } = await requestUpload("streamed.pdf", "application/pdf");
    const before = await storedFiles();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > LIMIT) return controller.close();
        // A PDF's header first, so what is refused is the size, not the contents.
        controller.enqueue(sent === 0 ? Uint8Array.from([...pdfFile(), ...chunk]) : chunk);
        sent += chunk.length;
      },
    });
    let status: number | undefined;
    try {
      const res = await fetch(new URL(signedUrl, server.url), {
        method: "PUT",
        body,
        headers: { "content-type": "application/pdf", cookie: tech.cookie ?? "" },
        duplex: "half",
      } as RequestInit);
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = undefined;
    }
    if (status !== undefined) expect(status).toBe(413);
    expect((await download(tech, objectPath)).status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it("accepts a file just under 10 MB", async () => {
    const bytes = new Uint8Array(LIMIT - 1).fill(0x41);
    bytes.set(pdfFile(), 0);
    const path = await upload("big-but-ok.pdf", "application/pdf", bytes);
    const got = await download(tech, path);
    expect(got.status).toBe(200);
    expect(got.bytes.length).toBe(LIMIT - 1);
  });
});

describe("the bytes are what the file's type says", () => {
  const cases: [name: string, type: string, bytes: Uint8Array | string][] = [
    ["report.pdf", "application/pdf", pdfFile()],
    ["label.doc", "application/msword", docFile()],
    ["manual.docx", DOCX, docxFile()],
    ["notes.txt", "text/plain", "Gloves — nitrile, 8 mil.\r\nVentilate 30 min.\tThen re-enter.\n"],
  ];

  it("accepts a PDF, a DOC (OLE compound file), a DOCX (ZIP with word/) and UTF-8 text", async () => {
    for (const [name, type, bytes] of cases) {
      const path = await upload(name, type, bytes);
      const got = await download(tech, path);
      expect(got.status, name).toBe(200);
      expect(Buffer.from(got.bytes).equals(Buffer.from(bytes)), name).toBe(true);
    }
  });

  const mismatches: [name: string, type: string, bytes: Uint8Array | string, message: RegExp][] = [
    ["not.pdf", "application/pdf", "<html><script>alert(1)</script></html>", /not a PDF/],
    ["almost.pdf", "application/pdf", "%PDF", /not a PDF/],
    ["empty.pdf", "application/pdf", "", /not a PDF/],
    ["docx.pdf", "application/pdf", docxFile(), /not a PDF/],
    ["pdf.doc", "application/msword", pdfFile(), /not a Word document \(\.doc\)/],
    ["zip.docx", DOCX, zipFile({ "readme.txt": "just a zip" }), /not a Word document \(\.docx\)/],
    ["sheet.docx", DOCX, zipFile({ "[Content_Types].xml": '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>', "xl/workbook.xml": "<workbook/>" }), /not a Word document \(\.docx\)/],
    ["ole.docx", DOCX, docFile(), /not a Word document \(\.docx\)/],
    ["nul.txt", "text/plain", "line one\u0000line two", /not plain UTF-8 text/],
    ["latin1.txt", "text/plain", Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), /not plain UTF-8 text/],
    ["cut.txt", "text/plain", Uint8Array.from([0x61, 0xe2, 0x82]), /not plain UTF-8 text/],
    ["pdf.txt", "text/plain", Uint8Array.from([...pdfFile(), 0, 0xff]), /not plain UTF-8 text/],
  ];

  it("refuses bytes that are not the declared type, with a clear message, and keeps nothing", async () => {
    for (const [name, type, bytes, message] of mismatches) {
      const before = await storedFiles();
      const { signedUrl, objectPath } = await requestUpload(name, type);
      const put = await putFile(tech, signedUrl, bytes, type);
      expect(put.status, name).toBe(400);
      expect(put.body, name).toMatchObject({ message: expect.stringMatching(message), code: expect.stringMatching(/^sds\./), field: "file" });
      expect(put.body.message, name).toMatch(/It was not uploaded/);
      expect((await download(tech, objectPath)).status, name).toBe(404);
      expect(await storedFiles(), name).toEqual(before);
      // Nothing was kept, so nothing can be linked either.
      expect((await tech.put("/api/sds-files", { sdsFileUrl: objectPath, itemId: 1, itemType: "inventory" })).status, name).toBe(400);
    }
  });

  it("judges a large file by its start, while it streams, and answers before keeping any of it", async () => {
    const before = await storedFiles();
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(0x20); // 3 MB of spaces: not a PDF
    const { signedUrl, objectPath } = await requestUpload("spaces.pdf", "application/pdf");
    const put = await putFile(tech, signedUrl, bytes, "application/pdf");
    expect(put.status).toBe(400);
    expect(put.body.message).toMatch(/not a PDF/);
    expect((await download(tech, objectPath)).status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a text file whose invalid byte comes after the first megabyte", async () => {
    const bytes = new Uint8Array(2 * 1024 * 1024).fill(0x61);
    bytes[1_500_000] = 0;
    const { signedUrl, objectPath } = await requestUpload("late-nul.txt", "text/plain");
    const put = await putFile(tech, signedUrl, bytes, "text/plain");
    expect(put.status).toBe(400);
    expect((await download(tech, objectPath)).status).toBe(404);
  });
});

describe("GET /objects/*", () => {
  it("answers 404 for a path that was never uploaded", async () => {
    const { objectPath } = await requestUpload("never.pdf", "application/pdf");
    const res = await tech.get(objectPath);
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });

  it("never serves files outside the object store", async () => {
    const secret = readFileSync(join(server.dataDir, "session-secret"), "utf8").trim();
    expect(secret.length).toBeGreaterThan(20);
    const pkg = readFileSync(join(import.meta.dirname, "../../package.json"), "utf8");
    const attempts = [
      "/objects/sds/..%2F..%2Fsession-secret",
      "/objects/..%2Fsession-secret",
      "/objects/%2e%2e/session-secret",
      "/objects/sds/%2e%2e/%2e%2e/session-secret",
      "/objects/../package.json",
      "/objects/../../package.json",
      "/objects/%2e%2e/%2e%2e/etc/passwd",
      "/objects/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
      "/objects//etc/passwd",
      "/objects/%2Fetc%2Fpasswd",
      "/objects/sds/..%5C..%5Csession-secret",
    ];
    for (const client of [tech, null]) {
      for (const path of attempts) {
        const res = await rawRequest("GET", path, client?.cookie);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
        expect(res.text, path).not.toContain(secret);
        expect(res.text, path).not.toContain('"dependencies"');
        expect(res.text, path).not.toContain(pkg.slice(0, 40));
        expect(res.text, path).not.toMatch(/root:.*:0:0:/);
      }
    }
  });

  it("never writes outside the object store through a signed-looking PUT", async () => {
    for (const path of ["/objects/..%2F..%2Fevil.txt?expires=9999999999&signature=" + "0".repeat(64), "/objects/../evil.txt"]) {
      const res = await new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(server.url);
        const req = httpRequest({ host: hostname, port, method: "PUT", path, headers: { "content-type": "text/plain", cookie: tech.cookie ?? "" } }, (r) => {
          r.resume();
          r.on("end", () => resolve(r.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end("evil");
      });
      expect(res, path).toBeGreaterThanOrEqual(400);
      expect(res, path).toBeLessThan(500);
    }
    expect(existsSync(join(server.dataDir, "evil.txt"))).toBe(false);
    expect(existsSync(join(server.dataDir, "..", "evil.txt"))).toBe(false);
  });
});

describe("PUT /api/sds-files", () => {
  it("links an uploaded SDS to an inventory item, shows it on the item and in the activity log, and unlinks it", async () => {
    const item = await firstItem("Termidor SC Termiticide");
    const path = await upload("termidor-sds.pdf", "application/pdf", "%PDF-1.4 termidor");
    const res = await tech.put("/api/sds-files", { sdsFileUrl: path, itemId: item.id, itemType: "inventory" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sdsFileUrl: path, itemId: item.id, itemType: "inventory" });
    expect((await tech.get(`/api/inventory/${item.id}`)).body.sdsFileUrl).toBe(path);
    expect((await tech.get("/api/inventory")).body.find((i: any) => i.id === item.id).sdsFileUrl).toBe(path);

    const activity = await manager.get("/api/dashboard/activity?limit=20");
    const entry = activity.body.find((e: any) => e.entityType === "inventory" && e.entityId === item.id && /SDS/.test(e.details));
    expect(entry).toBeDefined();
    expect(entry.userName).toBe("Marcus Reyes");
    expect(entry.details).toContain("termidor-sds.pdf");
    expect(entry.details).toContain("Termidor SC Termiticide");

    // The linked path downloads the file.
    expect((await tech.get((await tech.get(`/api/inventory/${item.id}`)).body.sdsFileUrl)).text).toBe("%PDF-1.4 termidor");

    const removed = await tech.put("/api/sds-files", { sdsFileUrl: null, itemId: item.id, itemType: "inventory" });
    expect(removed.status).toBe(200);
    expect(removed.body.sdsFileUrl).toBeNull();
    expect((await tech.get(`/api/inventory/${item.id}`)).body.sdsFileUrl).toBeNull();
  });

  it("links an uploaded SDS to equipment, and unlinks it", async () => {
    const camera = (await tech.get("/api/equipment")).body.find((e: any) => e.name === "FLIR C5 Thermal Camera");
    const path = await upload("flir-c5-manual.docx", DOCX, docxFile());
    const res = await tech.put("/api/sds-files", { sdsFileUrl: path, itemId: camera.id, itemType: "equipment" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sdsFileUrl: path, itemId: camera.id, itemType: "equipment" });
    const after = (await tech.get(`/api/equipment/${camera.id}`)).body;
    expect(after.sdsFileUrl).toBe(path);
    // Linking does not disturb the rest of the record.
    expect(after).toMatchObject({ name: camera.name, status: camera.status, serialNumber: camera.serialNumber });

    const activity = await manager.get("/api/dashboard/activity?limit=20");
    expect(activity.body.some((e: any) => e.entityType === "equipment" && e.entityId === camera.id && e.details.includes("flir-c5-manual.docx"))).toBe(true);

    expect((await tech.put("/api/sds-files", { sdsFileUrl: null, itemId: camera.id, itemType: "equipment" })).status).toBe(200);
    expect((await tech.get(`/api/equipment/${camera.id}`)).body.sdsFileUrl).toBeNull();
  });

  it("refuses a path that was never uploaded or is not an SDS object", async () => {
    const item = await firstItem("Demand CS Insecticide");
    const { objectPath } = await requestUpload("not-yet.pdf", "application/pdf"); // signed but never PUT
    for (const sdsFileUrl of [
      objectPath,
      "/objects/sds/00000000-0000-0000-0000-000000000000/ghost.pdf",
      "/objects/../package.json",
      "/objects/sds/..%2F..%2Fsession-secret",
      "/etc/passwd",
      "https://evil.example/sds.pdf",
    ]) {
      const res = await tech.put("/api/sds-files", { sdsFileUrl, itemId: item.id, itemType: "inventory" });
      expect(res.status, sdsFileUrl).toBe(400);
      expect(res.body.field).toBe("sdsFileUrl");
    }
    expect((await tech.get(`/api/inventory/${item.id}`)).body.sdsFileUrl).toBeNull();
  });

  it("refuses an unknown itemType, an unknown item, and a visitor", async () => {
    const item = await firstItem("Demand CS Insecticide");
    const path = await upload("demand-sds.pdf", "application/pdf", "%PDF-1.4 demand");

    const truck = await tech.put("/api/sds-files", { sdsFileUrl: path, itemId: item.id, itemType: "truck" });
    expect(truck.status).toBe(400);
    expect(truck.body.field).toBe("itemType");

    const missing = await tech.put("/api/sds-files", { sdsFileUrl: path, itemId: 999999, itemType: "inventory" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBeTruthy();
    const missingEq = await tech.put("/api/sds-files", { sdsFileUrl: path, itemId: 999999, itemType: "equipment" });
    expect(missingEq.status).toBe(404);

    const anon = await server.anonymous().put("/api/sds-files", { sdsFileUrl: path, itemId: item.id, itemType: "inventory" });
    expect(anon.status).toBe(401);
    expect((await tech.get(`/api/inventory/${item.id}`)).body.sdsFileUrl).toBeNull();
  });
});
