import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { signInInput } from "../../schemas/auth.ts";
import { EQUIPMENT_STATUSES, REQUEST_TYPES, ROLES } from "../../schemas/constants.ts";
import { checkOutInput, createEquipmentInput, updateEquipmentInput } from "../../schemas/equipment.ts";
import { createInventoryItemInput, updateInventoryItemInput } from "../../schemas/inventory.ts";
import { approveRequestInput, createRequestInput } from "../../schemas/requests.ts";
import { scanInput } from "../domain/scan.ts";
import { linkInput, uploadInput } from "../domain/sds.ts";
import { createTeamMemberInput } from "../../schemas/team.ts";
import { SESSION_COOKIE } from "../auth/session.ts";
import { STOCK_LOCATION_KINDS } from "../domain/locations.ts";

/*
 * The REST contract as an OpenAPI 3.1 document (GET /api/openapi.json). Request bodies are the
 * domain's own zod input schemas, the ones the domain validates with; the answers are described
 * here in zod. tests/helpers/openapi.ts checks every answer the API suites receive against it, and
 * tests/api/openapi.test.ts that every /api route is in it.
 */

const timestamp = z.iso.datetime({ offset: true });
const nullableTimestamp = timestamp.nullable();

const ErrorBody = z
  .object({
    message: z.string().meta({ description: "What went wrong, in words a user can read" }),
    field: z.string().optional().meta({ description: "The input field at fault, when there is one" }),
  })
  .meta({ id: "Error", description: "Every failure: 4xx and 5xx alike" });

const InventoryItem = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    quantity: z.int(),
    minQuantity: z.int(),
    reorderPoint: z.int(),
    reorderQuantity: z.int(),
    unit: z.string(),
    price: z.int().nullable().meta({ description: "Integer cents" }),
    supplier: z.string().nullable(),
    location: z.string().nullable(),
    barcode: z.string().nullable(),
    qrCode: z.string().nullable(),
    sdsFileUrl: z.string().nullable(),
    hazardous: z.boolean(),
    epaRegistrationNumber: z.string().nullable(),
    activeIngredient: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "InventoryItem" });

const Equipment = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    serialNumber: z.string().nullable(),
    category: z.string(),
    status: z.enum(EQUIPMENT_STATUSES),
    assignedTo: z.string().nullable(),
    assignedAt: nullableTimestamp,
    location: z.string().nullable(),
    purchaseDate: nullableTimestamp,
    lastMaintenance: nullableTimestamp,
    nextMaintenance: nullableTimestamp,
    maintenanceIntervalDays: z.int().nullable(),
    dueBack: nullableTimestamp,
    qrCode: z.string().nullable(),
    sdsFileUrl: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "Equipment" });

const Request = z
  .object({
    id: z.int(),
    requesterId: z.int(),
    type: z.enum(REQUEST_TYPES),
    status: z.enum(["pending", "approved", "denied"]),
    items: z.string().meta({ description: "The lines as a JSON string: [{ id, name, quantity, type }]" }),
    justification: z.string(),
    approvedBy: z.int().nullable(),
    approvedAt: nullableTimestamp,
    createdAt: timestamp,
    requesterName: z.string(),
    requesterDepartment: z.string().nullable(),
  })
  .strict()
  .meta({ id: "Request" });

const StockLocationSummary = z
  .object({
    id: z.int(),
    name: z.string(),
    kind: z.enum(STOCK_LOCATION_KINDS),
    archived: z.boolean(),
    holderId: z.int().nullable(),
    holderName: z.string().nullable(),
    totalQuantity: z.number(),
    value: z.number().meta({ description: "Integer cents (priced items only)" }),
    belowMinimumCount: z.number(),
  })
  .strict()
  .meta({ id: "StockLocation" });

const LocationStockRow = z
  .object({
    itemId: z.int(),
    name: z.string(),
    unit: z.string(),
    quantity: z.int(),
    minQuantity: z.int().nullable(),
    belowMinimum: z.boolean(),
    value: z.number().nullable().meta({ description: "Integer cents; null for an unpriced item" }),
  })
  .strict()
  .meta({ id: "LocationStockRow" });

const ImportProblem = z.object({ row: z.int().meta({ description: "1 is the header row" }), field: z.string().nullable(), message: z.string() }).strict();
const importCounts = {
  created: z.int(),
  updated: z.int(),
  unchanged: z.int().meta({ description: "Rows that matched a record and changed nothing (not written)" }),
  errors: z.array(ImportProblem),
  dryRun: z.boolean(),
};
const ImportResult = z.object(importCounts).strict().meta({ id: "ImportResult" });
const ImportRefused = z.object({ message: z.string(), ...importCounts }).strict().meta({ id: "ImportRefused" });

const User = z
  .object({ id: z.int(), username: z.string(), name: z.string(), role: z.enum(ROLES), department: z.string().nullable(), createdAt: timestamp })
  .strict()
  .meta({ id: "User" });

const ActivityEntry = z
  .object({
    id: z.int(),
    userId: z.int(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.int().nullable(),
    details: z.string().nullable(),
    createdAt: timestamp,
    userName: z.string(),
  })
  .strict()
  .meta({ id: "ActivityEntry" });

const DashboardStats = z
  .object({ totalItems: z.int(), lowStockItems: z.int(), activeEquipment: z.int(), totalEquipment: z.int(), pendingRequests: z.int() })
  .strict()
  .meta({ id: "DashboardStats" });

const ReorderSuggestion = z
  .object({
    itemId: z.int(),
    name: z.string(),
    category: z.string(),
    currentQuantity: z.int(),
    minQuantity: z.int(),
    reorderPoint: z.int(),
    unit: z.string(),
    supplier: z.string().nullable(),
    suggestedQuantity: z.int(),
    estimatedCost: z.int().nullable().meta({ description: "price × suggestedQuantity in cents; null without a price" }),
    urgency: z.enum(["critical", "high"]),
  })
  .strict()
  .meta({ id: "ReorderSuggestion" });

const ScannedLocation = z
  .object({ id: z.int(), name: z.string(), kind: z.enum(STOCK_LOCATION_KINDS), archived: z.boolean(), holderId: z.int().nullable() })
  .strict()
  .meta({ id: "ScannedLocation", description: "A stock location's own label (trapline:location:<id>)" });

const ScanResult = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("inventory"), data: InventoryItem }).strict(),
    z.object({ type: z.literal("equipment"), data: Equipment }).strict(),
    z.object({ type: z.literal("location"), data: ScannedLocation }).strict(),
  ])
  .meta({ id: "ScanResult" });

const SdsUpload = z.object({ signedUrl: z.string(), objectPath: z.string() }).strict().meta({ id: "SdsUpload" });
const SdsLink = z
  .object({ itemType: z.enum(["inventory", "equipment"]), itemId: z.int(), sdsFileUrl: z.string().nullable(), item: z.union([InventoryItem, Equipment]) })
  .strict()
  .meta({ id: "SdsLink" });

const idParam = z.object({ id: z.string().meta({ description: "The record's id (a positive whole number)", example: "1" }) });

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const errorResponse = (description: string) => json(ErrorBody, description);

/** The failures each kind of operation can answer (every 4xx with its meaning; `default` for 5xx). */
const READ_ERRORS = {
  "400": errorResponse("Bad input (a malformed query or id)"),
  "414": errorResponse("The URL is too long"),
  "401": errorResponse("Not signed in, or the API token is invalid, expired or revoked"),
  "403": errorResponse("The role may not do this"),
  "404": errorResponse("Not found"),
  "429": errorResponse("Too many requests from this address; see Retry-After"),
  default: errorResponse("The server or its database failed (5xx; 503 with Retry-After while the database is away)"),
};
const WRITE_ERRORS = {
  ...READ_ERRORS,
  "400": errorResponse("Validation failed; `field` names the input at fault"),
  "403": errorResponse("The role may not do this, or the API token is READ only"),
  "409": errorResponse("Conflict: the record changed state or a unique value is taken"),
  "413": errorResponse("The body is larger than 1 MB"),
  "415": errorResponse("The body is not JSON"),
  "422": errorResponse("The Idempotency-Key was already used for a different request"),
};

const idempotencyKey = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .meta({ description: "16–128 characters of A–Z a–z 0–9 . _ : - ; a retry with the same key returns the first answer (see README)" }),
});

type Answer = { description: string; content?: Record<string, { schema: z.ZodType }> };
function read(summary: string, ok: Answer, extra: Partial<ZodOpenApiOperationObject> = {}): ZodOpenApiOperationObject {
  return { summary, ...extra, responses: { "200": ok, ...READ_ERRORS } };
}
function write(
  summary: string,
  status: "200" | "201" | "204",
  ok: ReturnType<typeof json> | { description: string },
  extra: Partial<ZodOpenApiOperationObject> = {},
): ZodOpenApiOperationObject {
  const requestParams = { ...extra.requestParams, header: idempotencyKey };
  return { summary, ...extra, requestParams, responses: { [status]: ok, ...WRITE_ERRORS } };
}
const body = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema } } });

const paths: ZodOpenApiPathsObject = {
  "/api/docs/{file}": {
    get: {
      summary: "Swagger UI's files (swagger-ui.css, swagger-ui-bundle.js, start.js)",
      security: [{}],
      requestParams: { path: z.object({ file: z.string() }) },
      responses: {
        "200": { description: "The file", content: { "text/css": { schema: z.string() }, "text/javascript": { schema: z.string() } } },
        "404": errorResponse("No such file"),
        "429": READ_ERRORS["429"],
      },
    },
  },
  "/api/auth/login": {
    post: write("Sign in (sets the session cookie)", "200", json(z.object({ user: User }).strict(), "Signed in"), {
      requestBody: body(signInInput),
      security: [{}],
    }),
  },
  "/api/auth/logout": { post: write("Sign out (clears the cookie)", "200", json(z.object({ success: z.literal(true) }).strict(), "Signed out"), { security: [{}] }) },
  "/api/auth/me": { get: read("The signed-in user", json(z.object({ user: User }).strict(), "The user")) },
  "/api/auth": { get: read("The signed-in user (the spec's other path)", json(z.object({ user: User }).strict(), "The user")) },
  "/api/dashboard/stats": { get: read("Dashboard counts", json(DashboardStats, "The counts")) },
  "/api/dashboard/activity": {
    get: read("Recent activity, newest first", json(z.array(ActivityEntry), "Entries"), {
      requestParams: { query: z.object({ limit: z.string().optional().meta({ description: "1–200 entries (default 50)" }) }) },
    }),
  },
  "/api/scan/lookup": {
    post: write("Find the item, equipment or stock location a scanned code names", "200", json(ScanResult, "What the code names"), { requestBody: body(scanInput) }),
  },
  "/api/inventory": {
    get: read("Every inventory item (the list's filters)", json(z.array(InventoryItem), "Items"), {
      requestParams: { query: z.object({ search: z.string().optional(), category: z.string().optional() }) },
    }),
    post: write("Create an item (managers)", "201", json(InventoryItem, "Created"), { requestBody: body(createInventoryItemInput) }),
  },
  "/api/inventory/low-stock": { get: read("Items at or below their minimum", json(z.array(InventoryItem), "Items")) },
  "/api/inventory/reorder-suggestions": { get: read("What to reorder, critical first", json(z.array(ReorderSuggestion), "Suggestions")) },
  "/api/inventory/{id}": {
    get: read("One item", json(InventoryItem, "The item"), { requestParams: { path: idParam } }),
    put: write("Change an item (managers; only the fields sent)", "200", json(InventoryItem, "Changed"), {
      requestParams: { path: idParam },
      requestBody: body(updateInventoryItemInput),
    }),
    delete: write("Delete an item (managers)", "204", { description: "Deleted" }, { requestParams: { path: idParam } }),
  },
  "/api/equipment": {
    get: read("All equipment (the list's filters)", json(z.array(Equipment), "Equipment"), {
      requestParams: { query: z.object({ search: z.string().optional(), status: z.string().optional() }) },
    }),
    post: write("Create equipment (managers)", "201", json(Equipment, "Created"), { requestBody: body(createEquipmentInput) }),
  },
  "/api/equipment/{id}": {
    get: read("One piece of equipment", json(Equipment, "The equipment"), { requestParams: { path: idParam } }),
    put: write("Change equipment (managers)", "200", json(Equipment, "Changed"), { requestParams: { path: idParam }, requestBody: body(updateEquipmentInput) }),
  },
  "/api/equipment/{id}/checkout": {
    post: write("Check out available equipment", "200", json(Equipment, "Checked out"), { requestParams: { path: idParam }, requestBody: body(checkOutInput) }),
  },
  "/api/equipment/{id}/checkin": {
    post: write("Check in checked-out equipment", "200", json(Equipment, "Checked in"), { requestParams: { path: idParam } }),
  },
  "/api/requests": {
    get: read("Requests (employees: their own)", json(z.array(Request), "Requests"), {
      requestParams: { query: z.object({ status: z.string().optional() }) },
    }),
    post: write("File a request", "201", json(Request, "Filed"), { requestBody: body(createRequestInput) }),
  },
  "/api/requests/{id}": { get: read("One request", json(Request, "The request"), { requestParams: { path: idParam } }) },
  "/api/requests/{id}/approve": {
    put: write("Approve a pending request (managers); stock is issued from fromLocationId (default the main warehouse)", "200", json(Request, "Approved"), {
      requestParams: { path: idParam },
      requestBody: { required: false, content: { "application/json": { schema: approveRequestInput } } },
    }),
  },
  "/api/locations": {
    get: read("Stock locations (warehouses and vehicles) with their figures", json(z.array(StockLocationSummary), "Locations"), {
      requestParams: { query: z.object({ kind: z.enum(STOCK_LOCATION_KINDS).optional(), archived: z.enum(["true", "false"]).optional() }) },
    }),
  },
  "/api/locations/{id}/stock": { get: read("What one location holds", json(z.array(LocationStockRow), "Stock levels"), { requestParams: { path: idParam } }) },
  "/api/requests/{id}/deny": { put: write("Deny a pending request (managers)", "200", json(Request, "Denied"), { requestParams: { path: idParam } }) },
  "/api/inventory/export.csv": {
    get: read("The inventory list as CSV (managers; the list's filters; UTF-8 with BOM, RFC 4180, formula-safe)", { description: "CSV", content: { "text/csv": { schema: z.string() } } }, {
      requestParams: { query: z.object({ search: z.string().optional(), category: z.string().optional() }) },
    }),
  },
  "/api/equipment/export.csv": {
    get: read("The equipment list as CSV (managers; the list's filters; UTF-8 with BOM, RFC 4180, formula-safe)", { description: "CSV", content: { "text/csv": { schema: z.string() } } }, {
      requestParams: { query: z.object({ search: z.string().optional(), status: z.string().optional() }) },
    }),
  },
  ...Object.fromEntries(
    (["inventory", "equipment"] as const).map((area) => [
      `/api/${area}/import`,
      {
        post: {
          ...write(
            `Import ${area} from CSV (managers): rows matched by ${area === "inventory" ? "barcode" : "serial number"} update, others are created; all rows or none`,
            "200",
            json(ImportResult, "Imported (or, with dryRun=true, what would be)"),
            {
              requestParams: { query: z.object({ dryRun: z.enum(["true", "false"]).optional() }) },
              requestBody: { required: true, content: { "text/csv": { schema: z.string() } } },
            },
          ),
          responses: {
            ...write("", "200", json(ImportResult, "Imported (or, with dryRun=true, what would be)")).responses,
            "400": { description: "Rows with errors (nothing imported), or a file that is not CSV", content: { "application/json": { schema: z.union([ImportRefused, ErrorBody]) } } },
            "413": errorResponse("The file is larger than the import limit"),
          },
        },
      },
    ]),
  ),
  "/api/admin/backup/database": {
    get: {
      summary: "The embedded database's dump, for `npm run backup` on the same machine (with DATA_DIR/backup-token); 404 to anyone else",
      security: [{}],
      responses: { "200": { description: "gzip", content: { "application/gzip": { schema: z.string() } } }, "404": errorResponse("Not found") },
    },
  },
  "/api/team": {
    get: read("Team members (managers)", json(z.array(User), "Members"), { requestParams: { query: z.object({ search: z.string().optional() }) } }),
    post: write("Add a team member (managers)", "201", json(User, "Added"), { requestBody: body(createTeamMemberInput) }),
  },
  "/api/objects/upload": {
    post: write("A signed, expiring URL to PUT an SDS file to", "200", json(SdsUpload, "Where to upload"), { requestBody: body(uploadInput) }),
  },
  "/api/sds-files": {
    put: write("Attach (or clear) an SDS file of an item or equipment", "200", json(SdsLink, "Attached"), { requestBody: body(linkInput) }),
  },
  "/api/openapi.json": {
    get: { summary: "This document", security: [{}], responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: z.object({}).passthrough() } } }, "429": READ_ERRORS["429"] } },
  },
  "/api/docs": {
    get: { summary: "This document, rendered (Swagger UI, served locally)", security: [{}], responses: { "200": { description: "HTML", content: { "text/html": { schema: z.string() } } }, "429": READ_ERRORS["429"] } },
  },
};

let built: ReturnType<typeof createDocument> | undefined;

/** The document, built once. */
export function openApiDocument() {
  built ??= createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Trapline REST API",
        version: "1.0.0",
        description:
          "Inventory, equipment and requests of a pest-control company. Authenticate with the session cookie (POST /api/auth/login) " +
          "or an API token: `Authorization: Bearer tl_…` (GraphQL `createApiToken`). READ tokens may only read.",
      },
      servers: [{ url: "/" }],
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      components: {
        securitySchemes: {
          cookieAuth: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Set by POST /api/auth/login" },
          bearerAuth: { type: "http", scheme: "bearer", description: "A personal API token (tl_…)" },
        },
      },
      paths,
    },
    {
      // Inputs accept a Date from in-process callers; over JSON a date is an ISO string.
      override: ({ jsonSchema, zodSchema }) => {
        if (zodSchema._zod.def.type === "date") {
          jsonSchema.type = "string";
          jsonSchema.format = "date-time";
        }
      },
    },
  );
  return built;
}
