import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let termidor: any;
let camera: any;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  termidor = (await tech.get("/api/inventory")).body.find((i: any) => i.name === "Termidor SC Termiticide");
  camera = (await tech.get("/api/equipment")).body.find((e: any) => e.name === "FLIR C5 Thermal Camera");
});
afterAll(() => server.close());

const lookup = (client: ApiClient, qrData: unknown) => client.post("/api/scan/lookup", { qrData });

describe("POST /api/scan/lookup", () => {
  it("finds an inventory item by its barcode", async () => {
    expect(termidor.barcode).toMatch(/^\d{13}$/);
    const res = await lookup(tech, termidor.barcode);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("inventory");
    expect(res.body.data).toEqual((await tech.get(`/api/inventory/${termidor.id}`)).body);
    expect(res.body.data).toMatchObject({ id: termidor.id, name: "Termidor SC Termiticide", barcode: termidor.barcode });
  });

  it("ignores whitespace around the scanned code", async () => {
    for (const code of [`  ${termidor.barcode}  `, `${termidor.barcode}\n`, `\t${termidor.barcode}\r\n`]) {
      const res = await lookup(tech, code);
      expect(res.status).toBe(200);
      expect(res.body.type).toBe("inventory");
      expect(res.body.data.id).toBe(termidor.id);
    }
  });

  it("finds equipment by its serial number", async () => {
    const res = await lookup(tech, "FLIR-C5-90417");
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("equipment");
    expect(res.body.data).toEqual((await tech.get(`/api/equipment/${camera.id}`)).body);
    expect(res.body.data).toMatchObject({ id: camera.id, name: "FLIR C5 Thermal Camera", serialNumber: "FLIR-C5-90417" });
  });

  it("finds an inventory item and a piece of equipment by the QR code set on them", async () => {
    const gloves = (await tech.get("/api/inventory")).body.find((i: any) => i.name === "Nitrile Gloves 8 mil");
    const set = await tech.put(`/api/inventory/${gloves.id}`, { qrCode: "QR-GLOVES-8MIL-BOX" });
    expect(set.status).toBe(200);
    const item = await lookup(tech, "QR-GLOVES-8MIL-BOX");
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ type: "inventory", data: { id: gloves.id, name: "Nitrile Gloves 8 mil", qrCode: "QR-GLOVES-8MIL-BOX" } });

    const created = await manager.post("/api/equipment", { name: "Scan Test Duster", category: "Treatment Equipment" });
    expect(created.status).toBe(201);
    expect((await lookup(tech, "https://example.test/eq/duster-7")).status).toBe(404);
    const put = await tech.put(`/api/equipment/${created.body.id}`, { qrCode: "https://example.test/eq/duster-7" });
    expect(put.status).toBe(200);
    const eq = await lookup(tech, "https://example.test/eq/duster-7");
    expect(eq.status).toBe(200);
    expect(eq.body).toMatchObject({ type: "equipment", data: { id: created.body.id, name: "Scan Test Duster" } });

    // Changing the code: the old one no longer resolves.
    expect((await tech.put(`/api/inventory/${gloves.id}`, { qrCode: "QR-GLOVES-NEW" })).status).toBe(200);
    expect((await lookup(tech, "QR-GLOVES-8MIL-BOX")).status).toBe(404);
    expect((await lookup(tech, "QR-GLOVES-NEW")).body.data.id).toBe(gloves.id);
  });

  it("resolves Trapline's own label payloads, even when an inventory item and equipment share the id", async () => {
    const inventory = (await tech.get("/api/inventory")).body as any[];
    const equipment = (await tech.get("/api/equipment")).body as any[];
    const sharedId = equipment.map((e) => e.id).find((id) => inventory.some((i) => i.id === id));
    expect(sharedId).toBeDefined();
    const inv = await lookup(tech, `trapline:inventory:${sharedId}`);
    expect(inv.status).toBe(200);
    expect(inv.body.type).toBe("inventory");
    expect(inv.body.data).toMatchObject({ id: sharedId, name: inventory.find((i) => i.id === sharedId).name });
    const eq = await lookup(tech, `trapline:equipment:${sharedId}`);
    expect(eq.status).toBe(200);
    expect(eq.body.type).toBe("equipment");
    expect(eq.body.data).toMatchObject({ id: sharedId, name: equipment.find((e) => e.id === sharedId).name });

    const labelled = await lookup(tech, ` trapline:equipment:${camera.id} `);
    expect(labelled.body).toMatchObject({ type: "equipment", data: { id: camera.id, name: "FLIR C5 Thermal Camera" } });

    const gone = await lookup(tech, "trapline:equipment:999999");
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBeTruthy();

    // Found by the fuzzer (issue 14): an id past the 32-bit range was a 500 on PostgreSQL.
    for (const code of ["trapline:equipment:2147483648", "trapline:inventory:9999999999"]) {
      const tooBig = await lookup(tech, code);
      expect(tooBig.status, code).toBe(404);
      expect(tooBig.body.message).toBe(`No item found for code ${code}`);
    }
  });

  it("answers 404 with a message for an unknown code", async () => {
    const res = await lookup(tech, "NO-SUCH-CODE-123");
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.message).toContain("NO-SUCH-CODE-123");
    // A prefix of a real barcode is not a match.
    expect((await lookup(tech, termidor.barcode.slice(0, 8))).status).toBe(404);
  });

  it("requires qrData", async () => {
    for (const qrData of ["", "   ", undefined]) {
      const res = await lookup(tech, qrData);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
      expect(res.body.field).toBe("qrData");
    }
  });

  it("needs a session", async () => {
    const res = await lookup(server.anonymous(), termidor.barcode);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain("Termidor");
  });
});
