import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeParts, toBase } from "../../schemas/measures.ts";
import { render } from "../../server/i18n/index.ts";
import { ERR, globalId, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 35: what the server itself writes, in the reader's language (the signed-in user's preference,
 * else Accept-Language, else English): the PDFs, the activity log, the measured-stock text, the CSV
 * import's problems, and the parameters of GraphQL's typed errors. The English stays as it was.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

const ES = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const EN = { "accept-language": "en-US,en;q=0.9" };

/** GraphQL over HTTP with extra headers. */
async function gqlWith(client: ApiClient, headers: Record<string, string>, query: string, variables?: Record<string, unknown>) {
  const res = await client.request("POST", "/graphql", { query, variables }, headers);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

/** A PDF the client may read, as one text (all pages). */
async function pdfTextOf(client: ApiClient, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, server.url), { headers: { cookie: client.cookie!, ...headers } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

beforeAll(async () => {
  server = await startServer({ COMPANY_NAME: "Bugs Away Pest Control" });
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(async () => {
  await server?.close();
});

describe("measured stock in words", () => {
  it("counts containers plural-correct in both languages; the remainder's unit abbreviation stays", () => {
    const words = (containers: number, open: string, locale: "en-US" | "es-US") => render(describeParts(containers, toBase(open, "FL_OZ"), "GAL"), locale);
    expect(words(1, "0", "en-US")).toBe("1 container");
    expect(words(2, "0", "en-US")).toBe("2 containers");
    expect(words(0, "0", "en-US")).toBe("0 containers");
    expect(words(4, "62", "en-US")).toBe("4 containers + 62 fl oz");
    expect(words(1, "62", "en-US")).toBe("1 container + 62 fl oz");
    expect(words(0, "3.5", "en-US")).toBe("3.5 fl oz");
    expect(words(1, "0", "es-US")).toBe("1 envase");
    expect(words(2, "0", "es-US")).toBe("2 envases");
    expect(words(0, "0", "es-US")).toBe("0 envases");
    expect(words(1, "62", "es-US")).toBe("1 envase + 62 fl oz");
    expect(words(4, "62", "es-US")).toBe("4 envases + 62 fl oz");
  });

  it("GraphQL's stockText is in the reader's language", async () => {
    const one = await ok(
      manager,
      `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ${ERR} ... on CreateInventoryItemPayload { item { id } } } }`,
      { i: { name: "Termidor SC one", category: "Pesticide", quantity: 1, minQuantity: 0, unit: "gallons", containerSize: { amount: "1", unit: "GAL" } } },
    );
    const id = one.createInventoryItem.item.id;
    const query = `query ($id: ID!) { node(id: $id) { ... on InventoryItem { stockText stockLevels { stockText } } } }`;
    expect((await gqlWith(manager, EN, query, { id })).node).toEqual({ stockText: "1 container", stockLevels: [{ stockText: "1 container" }] });
    expect((await gqlWith(manager, ES, query, { id })).node).toEqual({ stockText: "1 envase", stockLevels: [{ stockText: "1 envase" }] });
  });
});

describe("the PDFs", () => {
  let applicationId: number;

  beforeAll(async () => {
    const team = (await manager.get("/api/team")).body as { id: number; username: string }[];
    const techId = team.find((u) => u.username === "tech")!.id;
    const certified = await ok(manager, `mutation ($i: SetCertificationInput!) { setCertification(input: $i) { ${ERR} } }`, {
      i: { userId: globalId("User", techId), number: "TX-TECH-9", state: "tx", categories: ["Structural pest control"], expiresOn: isoDay(365) },
    });
    expect(certified.setCertification.__typename, JSON.stringify(certified)).toBe("SetCertificationPayload");
    const product = await ok(
      manager,
      `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ${ERR} ... on CreateInventoryItemPayload { item { id } } } }`,
      {
        i: {
          name: "Fumitoxin RUP",
          category: "Pesticide",
          quantity: 4,
          minQuantity: 1,
          unit: "gallons",
          epaRegistrationNumber: "5481-479",
          restrictedUse: true,
          signalWord: "WARNING",
          activeIngredients: [{ name: "Aluminum phosphide", percent: "57" }],
          containerSize: { amount: "1", unit: "GAL" },
        },
      },
    );
    const locations = (await ok(manager, `{ stockLocations(first: 20) { edges { node { id name } } } }`)).stockLocations.edges.map((e: any) => e.node);
    const main = locations.find((l: any) => l.name === "Main Warehouse");
    const recorded = await ok(
      tech,
      `mutation ($i: RecordApplicationInput!) { recordApplication(input: $i) { ${ERR} ... on RecordApplicationPayload { application { databaseId } } } }`,
      {
        i: {
          customerName: "Rosa Delgado",
          serviceAddress: { street: "418 Elm St", city: "Austin", state: "tx", zip: "78704" },
          areaTreated: { amount: "1200", unit: "SQ_FT" },
          startedAt: "2026-11-20T14:05:00.000Z",
          targetPests: ["Subterranean termites"],
          method: "BAIT",
          weather: { temperatureF: "72", windSpeedMph: "5", windDirection: "NW" },
          lines: [{ itemId: product.createInventoryItem.item.id, amount: "12.5", unit: "FL_OZ", locationId: main.id }],
        },
      },
    );
    expect(recorded.recordApplication.__typename, JSON.stringify(recorded)).toBe("RecordApplicationPayload");
    applicationId = recorded.recordApplication.application.databaseId;
  });

  it("the customer copy: English as it was, Spanish by Accept-Language (headings, labels, the method, signal word and date)", async () => {
    const path = `/api/applications/${applicationId}/customer-copy.pdf`;
    const en = await pdfTextOf(tech, path, EN);
    for (const expected of [
      "Pesticide application record - customer copy",
      "Customer: Rosa Delgado",
      "Service address: 418 Elm St, Austin, TX 78704",
      "Date: 2026-11-20 14:05 (UTC)",
      "Method: Bait",
      "Applicator: Marcus Reyes, certification TX-TECH-9 (TX)",
      "Weather: 72 °F, wind 5 mph NW",
      "Fumitoxin RUP (RESTRICTED USE)",
      "EPA Reg. No. 5481-479",
      "Signal word: WARNING",
      "Active ingredients: Aluminum phosphide 57%",
      "Amount: 12.5 fl oz",
      `Record ${applicationId}. Keep this copy with your service records.`,
    ]) {
      expect(en, expected).toContain(expected);
    }
    const es = await pdfTextOf(tech, path, ES);
    for (const expected of [
      "Registro de aplicación de plaguicida - copia para el cliente",
      "Cliente: Rosa Delgado",
      "Dirección del servicio: 418 Elm St, Austin, TX 78704",
      "Fecha: 20 nov 2026 14:05 (UTC)",
      "Área tratada: 1200 sq ft",
      "Clima: 72 °F, viento 5 mph NW",
      "Plagas objetivo: Subterranean termites",
      "Método: Cebo",
      "Aplicador: Marcus Reyes, certificación TX-TECH-9 (TX)",
      "Fumitoxin RUP (USO RESTRINGIDO)",
      "N.º de registro de la EPA 5481-479",
      "Palabra de advertencia: ADVERTENCIA",
      "Ingredientes activos: Aluminum phosphide 57%",
      "Cantidad: 12.5 fl oz",
      `Registro ${applicationId}. Conserve esta copia junto con sus registros de servicio.`,
    ]) {
      expect(es, expected).toContain(expected);
    }
    expect(es).not.toContain("Customer");
  });

  it("the customer copy follows the user's preference over Accept-Language", async () => {
    const set = `mutation ($l: String) { updateMyPreferences(input: { locale: $l }) { __typename } }`;
    await gqlWith(tech, EN, set, { l: "es-US" });
    try {
      expect(await pdfTextOf(tech, `/api/applications/${applicationId}/customer-copy.pdf`, EN)).toContain("copia para el cliente");
    } finally {
      await gqlWith(tech, EN, set, { l: null });
    }
    expect(await pdfTextOf(tech, `/api/applications/${applicationId}/customer-copy.pdf`, EN)).toContain("customer copy");
  });

  it("the restricted-use record", async () => {
    const path = "/api/applications/rup-report.pdf?from=2026-11-20&to=2026-11-20";
    const en = await pdfTextOf(manager, path, EN);
    expect(en).toContain("Bugs Away Pest Control - restricted-use pesticide application records");
    expect(en).toContain("2026-11-20 to 2026-11-20 (40 CFR 171.303(b)(7)); 1 product application");
    expect(en).toContain("Certified applicator / no.");
    const es = await pdfTextOf(manager, path, ES);
    expect(es).toContain("Bugs Away Pest Control - registros de aplicación de plaguicidas de uso restringido");
    expect(es).toContain("Del 20 nov 2026 al 20 nov 2026 (40 CFR 171.303(b)(7)); 1 aplicación de producto");
    expect(es).toContain("Aplicador certificado / n.º");
    expect(es).toContain("Marcus Reyes");
    expect(await pdfTextOf(manager, "/api/applications/rup-report.pdf?from=2026-10-01&to=2026-10-01", ES)).toContain(
      "No hay aplicaciones de uso restringido en este período.",
    );
  });
});

describe("the activity log", () => {
  it("reads in the reader's language on REST and GraphQL; the English as it was", async () => {
    const made = await manager.post("/api/equipment", { name: "Backpack sprayer B7", category: "Sprayer", serialNumber: "BP-77" });
    expect(made.status).toBe(201);
    const en = (await manager.request("GET", "/api/dashboard/activity?limit=50", undefined, EN)).body as { entityId: number; details: string }[];
    const es = (await manager.request("GET", "/api/dashboard/activity?limit=50", undefined, ES)).body as { entityId: number; details: string }[];
    expect(en.find((e) => e.entityId === made.body.id)?.details).toBe("Added Backpack sprayer B7 (Sprayer), serial BP-77");
    expect(es.find((e) => e.entityId === made.body.id)?.details).toBe("Agregó Backpack sprayer B7 (Sprayer), número de serie BP-77");
    const query = `{ activity(first: 5) { edges { node { entityId details } } } }`;
    const gqlEs = (await gqlWith(manager, ES, query)).activity.edges.map((e: any) => e.node);
    expect(gqlEs.find((e: any) => e.entityId === made.body.id)?.details).toBe("Agregó Backpack sprayer B7 (Sprayer), número de serie BP-77");
    // An entry written inside a larger statement (a new item's stock, activityCte) keeps its message too.
    expect(es.some((e) => e.details === "Agregó Termidor SC one (Pesticide), 1 gallons")).toBe(true);
    // The stored English text stays in `details` for older readers.
    const row = await server.app.deps.prisma.activityEntry.findFirst({ where: { entityType: "equipment", entityId: made.body.id } });
    expect(row).toMatchObject({ details: "Added Backpack sprayer B7 (Sprayer), serial BP-77", message: { id: "activity.equipmentAddedSerial" } });
  });
});

describe("the CSV import's problems", () => {
  it("are in the reader's language, the refusal's code the same", async () => {
    const csv = "name,category,quantity,colour\r\nBait station,Bait,3,red\r\n";
    const post = (headers: Record<string, string>) => manager.request("POST", "/api/inventory/import", csv, { "content-type": "text/csv", ...headers });
    const en = await post(EN);
    const es = await post(ES);
    expect(en.status).toBe(400);
    expect(es.status).toBe(400);
    expect(en.body).toMatchObject({ code: "csv.importRefused", message: "The file has 1 error; nothing was imported" });
    expect(es.body).toMatchObject({ code: "csv.importRefused", message: "El archivo tiene 1 error; no se importó nada" });
    expect(en.body.errors).toEqual([{ row: 1, field: "colour", message: expect.stringMatching(/^Unknown column "colour"; the columns are name, /) }]);
    expect(es.body.errors).toEqual([{ row: 1, field: "colour", message: expect.stringMatching(/^Columna desconocida «colour»; las columnas son name, /) }]);

    const rows = "name,category,quantity\r\n,Bait,3\r\nTrap,Traps\r\n";
    const problems = await manager.request("POST", "/api/inventory/import?dryRun=true", rows, { "content-type": "text/csv", ...ES });
    expect(problems.body.errors).toEqual([
      { row: 2, field: "name", message: "El campo «Nombre» es obligatorio" },
      { row: 3, field: null, message: "Esta fila tiene 2 celdas; el encabezado tiene 3" },
    ]);
  });
});

describe("GraphQL typed errors", () => {
  it("carry the message's parameters beside the code, in the reader's language", async () => {
    const query = `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { __typename ... on Error { message code params { name value } } } }`;
    const en = await gqlWith(tech, EN, query, { i: { name: " ", category: "Bait" } });
    const es = await gqlWith(tech, ES, query, { i: { name: " ", category: "Bait" } });
    expect(en.createInventoryItem).toEqual({
      __typename: "ValidationError",
      message: "Name is required",
      code: "field.required",
      params: [{ name: "label", value: "Name" }],
    });
    expect(es.createInventoryItem).toEqual({
      __typename: "ValidationError",
      message: "El campo «Nombre» es obligatorio",
      code: "field.required",
      params: [{ name: "label", value: "Nombre" }],
    });
    const missing = await gqlWith(
      tech,
      ES,
      `mutation { deleteInventoryItem(input: { id: "${globalId("InventoryItem", 1)}" }) { __typename ... on Error { code params { name } } } }`,
    );
    expect(missing.deleteInventoryItem.params).toEqual([]);
  });
});
