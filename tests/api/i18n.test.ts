import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, render, requestLocale } from "../../server/i18n/index.ts";
import { gql } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 35: the server answers a refusal with a stable `code` and a message in the reader's
 * language: the signed-in user's preference, else the request's Accept-Language, else English.
 * The same refusal, over REST and GraphQL, in both languages and by both ways of choosing.
 */

let server: TestServer;
let tech: ApiClient;
let manager: ApiClient;

const ES = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const EN = { "accept-language": "en-US,en;q=0.9" };
const MISSING_ITEM = "/api/inventory/999999";
const CREATE_ITEM = `mutation ($i: CreateInventoryItemInput!) {
  createInventoryItem(input: $i) { __typename ... on Error { message code } ... on ValidationError { field } }
}`;
const SET_LOCALE = `mutation ($l: String) {
  updateMyPreferences(input: { locale: $l }) {
    __typename
    ... on UpdateMyPreferencesPayload { locale viewer { locale } }
    ... on Error { message code }
    ... on ValidationError { field }
  }
}`;

/** GraphQL over HTTP with extra headers (ApiClient.request keeps the session cookie). */
async function gqlWith(client: ApiClient, headers: Record<string, string>, query: string, variables?: Record<string, unknown>) {
  const res = await client.request("POST", "/graphql", { query, variables }, headers);
  return res.body as { data?: any; errors?: any[] };
}

beforeAll(async () => {
  server = await startServer();
  tech = await server.as("tech");
  manager = await server.as("manager");
});
afterAll(async () => {
  await server?.close();
});

describe("choosing the language", () => {
  it("maps Accept-Language to en-US or es-US (es, es-MX, … → es-US), by quality, English otherwise", () => {
    expect(localeFromAcceptLanguage("es")).toBe("es-US");
    expect(localeFromAcceptLanguage("es-MX")).toBe("es-US");
    expect(localeFromAcceptLanguage("fr-FR, es;q=0.5, en;q=0.4")).toBe("es-US");
    expect(localeFromAcceptLanguage("en;q=0.4, es;q=0.8")).toBe("es-US");
    expect(localeFromAcceptLanguage("fr-FR, de")).toBeNull();
    expect(localeFromAcceptLanguage("es;q=0")).toBeNull();
    expect(requestLocale(null, "fr")).toBe("en-US");
    expect(requestLocale("en-US", "es")).toBe("en-US");
    expect(requestLocale(null, undefined)).toBe("en-US");
  });

  it("speaks plurals in both languages (ICU)", () => {
    const refused = (count: number) => ({ id: "csv.importRefused", message: "", values: { count } });
    expect(render(refused(1), "en-US")).toBe("The file has 1 error; nothing was imported");
    expect(render(refused(2), "en-US")).toBe("The file has 2 errors; nothing was imported");
    expect(render(refused(1), "es-US")).toBe("El archivo tiene 1 error; no se importó nada");
    expect(render(refused(2), "es-US")).toBe("El archivo tiene 2 errores; no se importó nada");
  });
});

describe("the same refusal in English and Spanish, with the same code", () => {
  it("REST, signed out: Accept-Language decides", async () => {
    const en = await server.anonymous().request("POST", "/api/auth/login", { username: "tech", password: "wrong-password" });
    const es = await server.anonymous().request("POST", "/api/auth/login", { username: "tech", password: "wrong-password" }, ES);
    expect(en.status).toBe(401);
    expect(es.status).toBe(401);
    expect(en.body).toEqual({ message: "Invalid username or password", code: "auth.signInFailed" });
    expect(es.body).toEqual({ message: "Nombre de usuario o contraseña no válidos", code: "auth.signInFailed" });
    const signedOut = await server.anonymous().request("GET", "/api/auth/me", undefined, ES);
    expect(signedOut.body).toEqual({ message: "Necesita iniciar sesión", code: "auth.signInRequired" });
  });

  it("REST, signed in without a preference: Accept-Language decides, parameters and field beside the message", async () => {
    const en = await tech.request("GET", MISSING_ITEM);
    const es = await tech.request("GET", MISSING_ITEM, undefined, ES);
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ message: "Inventory item not found", code: "item.notFound" });
    expect(es.body).toEqual({ message: "No se encontró el artículo de inventario", code: "item.notFound" });

    const enInvalid = await tech.request("POST", "/api/inventory", { category: "Bait" });
    const esInvalid = await tech.request("POST", "/api/inventory", { category: "Bait" }, ES);
    expect(enInvalid.body).toEqual({ message: "Name is required", code: "field.required", field: "name", params: { label: "Name" } });
    expect(esInvalid.body).toEqual({ message: "El campo «Nombre» es obligatorio", code: "field.required", field: "name", params: { label: "Nombre" } });
  });

  it("GraphQL, typed errors: `code` beside the message, by Accept-Language", async () => {
    const en = await gqlWith(tech, EN, CREATE_ITEM, { i: { name: " ", category: "Bait" } });
    const es = await gqlWith(tech, ES, CREATE_ITEM, { i: { name: " ", category: "Bait" } });
    expect(en.data.createInventoryItem).toEqual({ __typename: "ValidationError", message: "Name is required", code: "field.required", field: "name" });
    expect(es.data.createInventoryItem).toEqual({ __typename: "ValidationError", message: "El campo «Nombre» es obligatorio", code: "field.required", field: "name" });
  });

  it("GraphQL, untyped errors: extensions.code stays the kind, extensions.errorCode the message's code", async () => {
    const es = await gqlWith(server.anonymous(), ES, `{ inventoryItems(first: 1) { totalCount } }`);
    expect(es.errors?.[0]).toMatchObject({ message: "Necesita iniciar sesión", extensions: { code: "UNAUTHENTICATED", errorCode: "auth.signInRequired" } });
    const en = await gqlWith(server.anonymous(), {}, `{ inventoryItems(first: 1) { totalCount } }`);
    expect(en.errors?.[0]).toMatchObject({ message: "You need to sign in", extensions: { code: "UNAUTHENTICATED", errorCode: "auth.signInRequired" } });
  });

  it("the user's preference beats Accept-Language, on REST and GraphQL, and null gives the choice back to the browser", async () => {
    const user = await server.as("pnair");
    const set = (await gqlWith(user, EN, SET_LOCALE, { l: "es-US" })).data.updateMyPreferences;
    expect(set).toEqual({ __typename: "UpdateMyPreferencesPayload", locale: "es-US", viewer: { locale: "es-US" } });

    const rest = await user.request("GET", MISSING_ITEM, undefined, EN);
    expect(rest.body).toEqual({ message: "No se encontró el artículo de inventario", code: "item.notFound" });
    const typed = await gqlWith(user, EN, CREATE_ITEM, { i: { name: "", category: "Bait" } });
    expect(typed.data.createInventoryItem).toMatchObject({ message: "El campo «Nombre» es obligatorio", code: "field.required" });
    const refused = await gqlWith(user, EN, `mutation { deleteInventoryItem(input: { id: "${Buffer.from("InventoryItem:1").toString("base64")}" }) { __typename ... on Error { message code } } }`);
    expect(refused.data.deleteInventoryItem).toEqual({ __typename: "ForbiddenError", message: "Solo los gerentes pueden eliminar artículos de inventario", code: "item.onlyManagersCanDeleteInventoryItems" });

    // A new session of the same user reads the stored preference too.
    const again = await server.as("pnair");
    expect((await again.request("GET", MISSING_ITEM)).body.message).toBe("No se encontró el artículo de inventario");

    const cleared = await user.request("PUT", "/api/auth/me/preferences", { locale: null }, ES);
    expect(cleared).toMatchObject({ status: 200, body: { locale: null } });
    expect((await user.request("GET", MISSING_ITEM, undefined, EN)).body.message).toBe("Inventory item not found");
    expect((await user.request("GET", MISSING_ITEM, undefined, ES)).body.message).toBe("No se encontró el artículo de inventario");
  });

  it("an API token speaks its owner's language", async () => {
    const created = await gql(manager, `mutation { createApiToken(input: { name: "i18n", access: READ }) { ... on CreateApiTokenPayload { token } } }`);
    const token = server.bearer(created.data.createApiToken.token);
    expect((await token.request("GET", MISSING_ITEM, undefined, ES)).body.message).toBe("No se encontró el artículo de inventario");
    await manager.request("PUT", "/api/auth/me/preferences", { locale: "es-US" });
    expect((await token.request("GET", MISSING_ITEM, undefined, EN)).body).toEqual({ message: "No se encontró el artículo de inventario", code: "item.notFound" });
    await manager.request("PUT", "/api/auth/me/preferences", { locale: null });
  });
});

describe("updateMyPreferences", () => {
  it("takes en-US, es-US or null, and refuses anything else with a ValidationError on locale", async () => {
    const fr = (await gql(tech, SET_LOCALE, { l: "fr-FR" })).data.updateMyPreferences;
    expect(fr).toEqual({ __typename: "ValidationError", message: "Language must be one of: en-US, es-US", code: "preferences.localeUnknown", field: "locale" });
    const missing = (await gql(tech, `mutation { updateMyPreferences(input: {}) { __typename ... on Error { code } ... on ValidationError { field } } }`)).data.updateMyPreferences;
    expect(missing).toEqual({ __typename: "ValidationError", code: "preferences.localeRequired", field: "locale" });
    const rest = await tech.request("PUT", "/api/auth/me/preferences", { locale: "es" }, ES);
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: "preferences.localeUnknown", field: "locale", message: "El idioma debe ser uno de: en-US, es-US" });
    expect((await gql(tech, SET_LOCALE, { l: "en-US" })).data.updateMyPreferences.locale).toBe("en-US");
    expect((await gql(tech, SET_LOCALE, { l: null })).data.updateMyPreferences.locale).toBeNull();
  });

  it("is for signed-in users, each for themselves: another user's locale reads as null", async () => {
    const anonymous = server.anonymous();
    expect((await anonymous.request("PUT", "/api/auth/me/preferences", { locale: "es-US" })).status).toBe(401);
    const gqlOut = await gql(anonymous, SET_LOCALE, { l: "es-US" });
    expect(gqlOut.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    await gql(tech, SET_LOCALE, { l: "es-US" });
    const techId = (await gql(tech, `{ viewer { id locale } }`)).data.viewer;
    expect(techId.locale).toBe("es-US");
    // The manager may read the technician's account, but not their language.
    expect((await gql(manager, `query ($id: ID!) { node(id: $id) { ... on User { username locale } } }`, { id: techId.id })).data.node).toEqual({ username: "tech", locale: null });
    expect((await gql(manager, `{ viewer { locale } }`)).data.viewer.locale).toBeNull();
    await gql(tech, SET_LOCALE, { l: null });
  });

  it("a READ API token may not change it", async () => {
    const created = await gql(manager, `mutation { createApiToken(input: { name: "read-prefs", access: READ }) { ... on CreateApiTokenPayload { token } } }`);
    const token = server.bearer(created.data.createApiToken.token);
    expect((await token.request("PUT", "/api/auth/me/preferences", { locale: "es-US" })).status).toBe(403);
  });
});
