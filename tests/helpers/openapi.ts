import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { openApiDocument } from "../../server/rest/openapi.ts";

/**
 * Holds every REST answer a test receives against the OpenAPI document (GET /api/openapi.json,
 * built in-process from the same code): the status must be documented for the operation, and a
 * JSON body must match the documented schema. ApiClient (./server.ts) calls this for each answer,
 * so every API suite checks the document; tests/api/openapi.test.ts checks that every /api route is
 * in it. Paths that match no documented operation are left to that test (they answer 404).
 */

type Json = Record<string, any>;
type Operation = { template: string; method: string; pattern: RegExp; params: number; responses: Json };

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
let state: { operations: Operation[]; ajv: Ajv2020; components: Json; validators: Map<string, ValidateFunction> } | undefined;

function load() {
  if (state) return state;
  const document = openApiDocument() as Json;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    const names = template.match(/\{[^}]+\}/g) ?? [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+");
    for (const [method, operation] of Object.entries(item as Json)) {
      operations.push({ template, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), params: names.length, responses: (operation as Json).responses });
    }
  }
  // A static path wins over a templated one (/api/inventory/low-stock before /api/inventory/{id}), as in the router.
  operations.sort((a, b) => a.params - b.params);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  state = { operations, ajv, components: document.components ?? {}, validators: new Map() };
  return state;
}

/** The documented operation for a request, or undefined when no documented path matches it. */
export function documentedOperation(method: string, path: string): Operation | undefined {
  const pathname = path.split("?")[0]!;
  return load().operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(pathname));
}

/** Why an answer breaks the document, or null when it keeps to it (or its path is not a documented one). */
export function contractProblem(method: string, path: string, status: number, contentType: string | null, body: unknown, text: string): string | null {
  if (!path.startsWith("/api/")) return null;
  const operation = documentedOperation(method, path);
  if (!operation) return null;
  const where = `${method.toUpperCase()} ${operation.template} → ${status}`;
  const response: Json | undefined = operation.responses[String(status)] ?? (status >= 500 ? operation.responses.default : undefined);
  if (!response) return `${where}: status ${status} is not documented for this operation`;
  const content: Json | undefined = response.content;
  if (!content) return text.length ? `${where}: documented without a body, but the answer has one` : null;
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const documented = content[mediaType];
  if (!documented) return `${where}: answered ${mediaType || "no content type"}, documented ${Object.keys(content).join(", ")}`;
  if (!mediaType.endsWith("json")) return null;
  const { ajv, components, validators } = load();
  const key = `${operation.method} ${operation.template} ${status} ${mediaType}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...documented.schema, components });
    validators.set(key, validate);
  }
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? " " + JSON.stringify(e.params) : ""}`);
  return `${where}: the body does not match the documented schema: ${errors.join("; ")}`;
}
