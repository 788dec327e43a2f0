import { say } from "../../schemas/messages.ts";
import { LOCALES, updateMyPreferencesInput } from "../../schemas/preferences.ts";
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { INT32_MAX, oneOf } from "../../schemas/fields.ts";
import { IDEMPOTENCY_KEY_FORM, KEY_FORM_MESSAGE } from "../domain/idempotency.ts";
import { signInInput } from "../../schemas/auth.ts";
import { EQUIPMENT_STATUSES, INVENTORY_CATEGORIES, REQUEST_TYPES, ROLES, SIGNAL_WORDS } from "../../schemas/constants.ts";
import { AREA_UNITS, MEASURE_UNITS } from "../../schemas/measures.ts";
import { APPLICATION_METHODS, recordApplicationInput } from "../../schemas/applications.ts";
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
    message: z.string().meta({ description: "What went wrong, in words a user can read: in the signed-in user's language, else the request's Accept-Language (en-US, es-US)" }),
    code: z.string().meta({ description: "A stable id of the refusal (e.g. `item.notFound`), the same in every language: match on this", example: "item.notFound" }),
    field: z.string().optional().meta({ description: "The input field at fault, when there is one" }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({ description: "The values the message was made with (a field's label in the reader's language), when it has any" }),
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
    activeIngredient: z.string().nullable().meta({ description: "The active ingredients as one line" }),
    activeIngredients: z.array(z.object({ name: z.string(), percent: z.string().nullable() }).strict()).nullable(),
    signalWord: z.enum(SIGNAL_WORDS).nullable(),
    restrictedUse: z.boolean(),
    formulation: z.string().nullable(),
    containerSize: z
      .object({ amount: z.string().meta({ description: "An exact decimal" }), unit: z.enum(MEASURE_UNITS) })
      .strict()
      .nullable()
      .meta({ description: "A measured product's container; `quantity` then counts whole containers" }),
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
const ImportRefused = z.object({ message: z.string(), code: z.literal("csv.importRefused"), ...importCounts }).strict().meta({ id: "ImportRefused" });

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
    estimatedCost: z.number().nullable().meta({ description: "price × suggestedQuantity in whole cents (exact up to 2^53); null without a price" }),
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

const Application = z
  .object({
    id: z.int(),
    customerName: z.string().nullable().meta({ description: "null: not recorded (a record converted from an older chemical-use row)" }),
    serviceAddress: z.object({ street: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable() }).strict(),
    siteDescription: z.string().nullable(),
    areaTreated: z.object({ amount: z.string(), unit: z.enum(AREA_UNITS) }).strict().nullable(),
    startedAt: timestamp,
    endedAt: nullableTimestamp,
    targetPests: z.array(z.string()),
    method: z.enum(APPLICATION_METHODS).nullable(),
    applicatorId: z.int(),
    applicatorName: z.string(),
    certificationNumber: z.string().nullable(),
    certificationState: z.string().nullable(),
    supervisorId: z.int().nullable(),
    supervisorName: z.string().nullable(),
    supervisorCertificationNumber: z.string().nullable(),
    supervisedApplicators: z.array(z.string()),
    weather: z.object({ temperatureF: z.string().nullable(), windSpeedMph: z.string().nullable(), windDirection: z.string().nullable() }).strict().nullable(),
    notes: z.string().nullable(),
    recordedById: z.int(),
    late: z.boolean().meta({ description: "Recorded or amended more than 14 days after the application" }),
    lines: z.array(
      z
        .object({
          id: z.int(),
          itemId: z.int().nullable(),
          productName: z.string(),
          epaRegistrationNumber: z.string().nullable(),
          restrictedUse: z.boolean(),
          signalWord: z.enum(SIGNAL_WORDS).nullable(),
          activeIngredients: z.array(z.object({ name: z.string(), percent: z.string().nullable() }).strict()),
          amount: z.string().meta({ description: "An exact decimal, as entered" }),
          unit: z.string().meta({ description: "A measure unit (FL_OZ, GAL…) or the item's own unit" }),
          dilution: z.object({ amount: z.string(), unit: z.enum(MEASURE_UNITS), finishedVolume: z.string(), finishedUnit: z.enum(MEASURE_UNITS) }).strict().nullable(),
          locationId: z.int().nullable(),
        })
        .strict(),
    ),
    amendments: z.array(
      z
        .object({ id: z.int(), userId: z.int(), reason: z.string(), changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() }).strict()), late: z.boolean(), createdAt: timestamp })
        .strict(),
    ),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "Application" });

const SdsUpload = z.object({ signedUrl: z.string(), objectPath: z.string() }).strict().meta({ id: "SdsUpload" });
const SdsLink = z
  .object({ itemType: z.enum(["inventory", "equipment"]), itemId: z.int(), sdsFileUrl: z.string().nullable(), item: z.union([InventoryItem, Equipment]) })
  .strict()
  .meta({ id: "SdsLink" });

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const errorResponse = (description: string) => json(ErrorBody, description);

/*
 * Inputs beside the body: each query, path and header parameter is a zod schema here, and the route
 * (./route.ts) parses the request with this very schema before its handler runs, so the document
 * states exactly what is accepted. Query values arrive as text: whole numbers are parsed strictly.
 */

/** A whole number in a query or path: digits only, within [min, max]. */
const wholeNumberParam = (label: string, min: number, max: number) => {
  const message = say(/*i18n*/ { id: "query.notWholeNumberInRange", message: "{name} must be a whole number from {min} to {max}", values: { name: label, min, max } });
  return z.preprocess((v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message).min(min, message).max(max, message));
};
/** (Parameter names and limits are few, so their texts are too: said through the text registry.) */
const tooLongParam = (name: string, max: number) => say(/*i18n*/ { id: "query.tooLong", message: "{name} must be at most {max} characters", values: { name, max } });
const recordIdParam = wholeNumberParam("id", 1, INT32_MAX).meta({ description: "The record's id (a positive whole number)", example: 1 });
const idParams = z.object({ id: recordIdParam });
const searchParam = z.string().max(200, tooLongParam("search", 200)).optional().meta({ description: "Matches name, description or category (case-insensitive)" });
/** A filter, not an input: a category outside the §9 list matches nothing. */
const categoryParam = z.string().max(100, tooLongParam("category", 100)).optional().meta({ description: `One of ${INVENTORY_CATEGORIES.join(", ")}; another matches nothing` });
const trueOrFalse = (label: string) =>
  z.enum(["true", "false"], { error: say(/*i18n*/ { id: "query.notTrueOrFalse", message: "{name} must be true or false", values: { name: label } }) }).optional();

/** The Idempotency-Key header of a write, with the form the server takes (see README). */
const idempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .regex(IDEMPOTENCY_KEY_FORM, KEY_FORM_MESSAGE)
    .optional()
    .meta({ description: "16–128 characters of A–Z a–z 0–9 . _ : - ; a retry with the same key returns the first answer (see README)" }),
});

/** Who may call an operation: anyone, anyone signed in (cookie or token), or managers only. */
type Access = "public" | "signedIn" | "managers";

type OperationSpec = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  access: Access;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** A JSON (or other) body; `required` ones are refused with 400 when absent. */
  body?: { schema: z.ZodType; required: boolean; contentType?: string };
  /** The success answer. */
  ok: { status: "200" | "201" | "204"; response: { description: string; content?: Record<string, { schema: z.ZodType }> } };
  /** Failures this operation answers besides those its kind always may (see statusesOf). */
  errors?: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }>;
  /** Not keyed (Idempotency-Key is ignored): sign-in and sign-out change no record. */
  unkeyed?: boolean;
  /** Rules between parameters that JSON Schema cannot state, in words (`x-rules`); a request can keep to every schema and still break one (400). */
  rules?: string[];
};

/**
 * What an operation can answer besides its success, from what it is: every request may be refused
 * for a malformed query string (400: control characters, a parameter given twice, bad UTF-8) or the
 * address's rate limit (429), and may meet a server or database failure (5xx); a signed-in one
 * answers 401 without a session or token; a managers' one 403 to anyone else; one with an id 404
 * for an id that names nothing, and 414 for a path parameter over 100 characters; a write 403 to a
 * READ token, 409 when the record changed state or a value is taken, 413/415 for a body too large
 * or not JSON, and 422 for an Idempotency-Key used before for another request.
 */
function statusesOf(spec: OperationSpec) {
  const write = spec.method !== "get";
  const out: Record<string, ReturnType<typeof errorResponse>> = {
    "400": errorResponse(write || spec.query || spec.params ? "Bad input; `field` names the input at fault" : "A malformed query string"),
  };
  // Any request with an Authorization header that is not a valid API token is refused with 401, public ones too.
  out["401"] = errorResponse(spec.access === "public" ? "The Authorization header is not a valid API token" : "Not signed in, or the API token is invalid, expired or revoked");
  if (spec.access === "managers" || write) out["403"] = errorResponse(spec.access === "managers" ? "Managers only (or, for a write, the API token is READ only)" : "The API token is READ only");
  if (spec.params) {
    out["404"] = errorResponse("No record has this id");
    out["414"] = errorResponse("A path parameter is longer than 100 characters");
  }
  if (write && spec.access !== "public") {
    out["409"] = errorResponse("Conflict: the record changed state, a unique value is taken, or others changed it at the same moment");
    out["422"] = errorResponse("The Idempotency-Key was already used for a different request");
  }
  if (write) {
    out["413"] = errorResponse("The body is larger than 1 MB");
    out["415"] = errorResponse("The body is not JSON");
  }
  out["429"] = errorResponse("Too many requests (or failed sign-ins) from this address; see Retry-After");
  return { ...out, ...spec.errors, default: errorResponse("The server or its database failed (5xx; 503 with Retry-After while the database is away)") };
}

const isoDay = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });
/** A report's period: UTC calendar days, both included, at most 731 days. */
const RANGE_RULES = ["from is on or before to", "the period covers at most 731 days"];
const rangeQuery = z.object({ from: isoDay("from"), to: isoDay("to") });
const applicationQuery = z.object({
  from: isoDay("from").optional(),
  to: isoDay("to").optional(),
  applicatorId: wholeNumberParam("applicatorId", 1, INT32_MAX).optional(),
  restrictedUseOnly: trueOrFalse("restrictedUseOnly"),
  customer: z.string().max(200, tooLongParam("customer", 200)).optional().meta({ description: "Part of the customer's name" }),
  itemId: wholeNumberParam("itemId", 1, INT32_MAX).optional(),
});

/** POST /api/{area}/import: a text/csv body, all rows or none. */
function importOperation(area: "inventory" | "equipment") {
  return {
    method: "post",
    path: `/api/${area}/import`,
    access: "managers",
    summary: `Import ${area} from CSV (managers): rows matched by ${area === "inventory" ? "barcode" : "serial number"} update, others are created; all rows or none`,
    query: z.object({ dryRun: trueOrFalse("dryRun").meta({ description: "true: check the file and count, change nothing" }) }),
    body: { schema: z.string(), required: true, contentType: "text/csv" },
    ok: { status: "200", response: json(ImportResult, "Imported (or, with dryRun=true, what would be)") },
    errors: {
      "400": { description: "Rows with errors (nothing imported), a file that is not UTF-8, or bad input", content: { "application/json": { schema: z.union([ImportRefused, ErrorBody]) } } },
      "413": errorResponse("The file is larger than the import limit"),
      "415": errorResponse("The body is not text/csv"),
    },
  } as const satisfies OperationSpec;
}

const csv = (description: string) => ({ description, content: { "text/csv": { schema: z.string() } } });
const jsonBody = (schema: z.ZodType, required = true) => ({ schema, required });

/*
 * The REST contract: every /api operation, named by a stable operationId (a generated client's
 * method name). Routes register from it (./route.ts), so a route is in the document exactly as served
 * (tests/api/openapi.test.ts), and tests/fuzz/openapi.test.ts fuzzes the server from the document alone.
 */
export const OPERATIONS = {
  getSwaggerUiFile: {
    method: "get", path: "/api/docs/{file}", access: "public",
    summary: "Swagger UI's files (swagger-ui.css, swagger-ui-bundle.js, start.js)",
    params: z.object({ file: z.enum(["swagger-ui.css", "swagger-ui-bundle.js", "start.js"], { error: "No such file" }) }),
    ok: { status: "200", response: { description: "The file", content: { "text/css": { schema: z.string() }, "text/javascript": { schema: z.string() } } } },
    errors: { "404": errorResponse("No such file") },
  },
  signIn: {
    method: "post", path: "/api/auth/login", access: "public", unkeyed: true,
    summary: "Sign in (sets the session cookie, a role cookie the app's page reads and the server never does, and a device cookie that spares this browser other clients' sign-in delays)",
    body: jsonBody(signInInput),
    ok: { status: "200", response: json(z.object({ user: User }).strict(), "Signed in") },
    errors: { "401": errorResponse("Wrong username or password") },
  },
  signOut: {
    method: "post", path: "/api/auth/logout", access: "public", unkeyed: true,
    summary: "Sign out (clears the session and role cookies)",
    ok: { status: "200", response: json(z.object({ success: z.literal(true) }).strict(), "Signed out") },
  },
  getCurrentUser: { method: "get", path: "/api/auth/me", access: "signedIn", summary: "The signed-in user", ok: { status: "200", response: json(z.object({ user: User }).strict(), "The user") } },
  updateMyPreferences: {
    method: "put", path: "/api/auth/me/preferences", access: "signedIn",
    summary: "Set the signed-in user's own preferences: `locale` (en-US, es-US, or null for the browser's languages)",
    body: jsonBody(updateMyPreferencesInput),
    ok: { status: "200", response: json(z.object({ locale: z.enum(LOCALES).nullable() }).strict(), "The preferences") },
  },
  getCurrentUserAlias: { method: "get", path: "/api/auth", access: "signedIn", summary: "The signed-in user (the spec's other path)", ok: { status: "200", response: json(z.object({ user: User }).strict(), "The user") } },
  getDashboardStats: { method: "get", path: "/api/dashboard/stats", access: "signedIn", summary: "Dashboard counts", ok: { status: "200", response: json(DashboardStats, "The counts") } },
  listActivity: {
    method: "get", path: "/api/dashboard/activity", access: "signedIn",
    summary: "Recent activity, newest first (employees: without purchasing and team entries)",
    query: z.object({ limit: wholeNumberParam("limit", 1, 200).optional().meta({ description: "How many entries (default 50)" }) }),
    ok: { status: "200", response: json(z.array(ActivityEntry), "Entries") },
  },
  lookupScan: {
    method: "post", path: "/api/scan/lookup", access: "signedIn",
    summary: "Find the item, equipment or stock location a scanned code names",
    body: jsonBody(scanInput),
    ok: { status: "200", response: json(ScanResult, "What the code names") },
    errors: { "404": errorResponse("The code names nothing") },
  },
  listInventoryItems: {
    method: "get", path: "/api/inventory", access: "signedIn",
    summary: "Every inventory item (the list's filters)",
    query: z.object({ search: searchParam, category: categoryParam }),
    ok: { status: "200", response: json(z.array(InventoryItem), "Items") },
  },
  createInventoryItem: {
    method: "post", path: "/api/inventory", access: "signedIn",
    summary: "Create an item",
    body: jsonBody(createInventoryItemInput),
    ok: { status: "201", response: json(InventoryItem, "Created") },
  },
  listLowStockItems: { method: "get", path: "/api/inventory/low-stock", access: "signedIn", summary: "Items at or below their minimum", ok: { status: "200", response: json(z.array(InventoryItem), "Items") } },
  listReorderSuggestions: { method: "get", path: "/api/inventory/reorder-suggestions", access: "signedIn", summary: "What to reorder, critical first", ok: { status: "200", response: json(z.array(ReorderSuggestion), "Suggestions") } },
  getInventoryItem: { method: "get", path: "/api/inventory/{id}", access: "signedIn", summary: "One item", params: idParams, ok: { status: "200", response: json(InventoryItem, "The item") } },
  updateInventoryItem: {
    method: "put", path: "/api/inventory/{id}", access: "signedIn",
    summary: "Change an item (only the fields sent)",
    params: idParams,
    body: jsonBody(updateInventoryItemInput),
    ok: { status: "200", response: json(InventoryItem, "Changed") },
  },
  deleteInventoryItem: { method: "delete", path: "/api/inventory/{id}", access: "managers", summary: "Delete an item (managers)", params: idParams, ok: { status: "204", response: { description: "Deleted" } } },
  listEquipment: {
    method: "get", path: "/api/equipment", access: "signedIn",
    summary: "All equipment (the list's filters)",
    query: z.object({ search: searchParam, status: oneOf("Status", EQUIPMENT_STATUSES).optional() }),
    ok: { status: "200", response: json(z.array(Equipment), "Equipment") },
  },
  createEquipment: { method: "post", path: "/api/equipment", access: "signedIn", summary: "Create equipment", body: jsonBody(createEquipmentInput), ok: { status: "201", response: json(Equipment, "Created") } },
  getEquipment: { method: "get", path: "/api/equipment/{id}", access: "signedIn", summary: "One piece of equipment", params: idParams, ok: { status: "200", response: json(Equipment, "The equipment") } },
  updateEquipment: {
    method: "put", path: "/api/equipment/{id}", access: "signedIn",
    summary: "Change equipment (only the fields sent)",
    params: idParams,
    body: jsonBody(updateEquipmentInput),
    ok: { status: "200", response: json(Equipment, "Changed") },
  },
  checkOutEquipment: {
    method: "post", path: "/api/equipment/{id}/checkout", access: "signedIn",
    summary: "Check out available equipment",
    params: idParams,
    body: jsonBody(checkOutInput),
    ok: { status: "200", response: json(Equipment, "Checked out") },
  },
  checkInEquipment: { method: "post", path: "/api/equipment/{id}/checkin", access: "signedIn", summary: "Check in checked-out equipment", params: idParams, ok: { status: "200", response: json(Equipment, "Checked in") } },
  listRequests: {
    method: "get", path: "/api/requests", access: "signedIn",
    summary: "Requests, newest first",
    query: z.object({ status: oneOf("Status", ["pending", "approved", "denied"] as const).optional() }),
    ok: { status: "200", response: json(z.array(Request), "Requests") },
  },
  createRequest: { method: "post", path: "/api/requests", access: "signedIn", summary: "File a request (the requester is the caller)", body: jsonBody(createRequestInput), ok: { status: "201", response: json(Request, "Filed") } },
  getRequest: { method: "get", path: "/api/requests/{id}", access: "signedIn", summary: "One request", params: idParams, ok: { status: "200", response: json(Request, "The request") } },
  approveRequest: {
    method: "put", path: "/api/requests/{id}/approve", access: "managers",
    summary: "Approve a pending request (managers); stock is issued from fromLocationId (default the main warehouse)",
    params: idParams,
    body: jsonBody(approveRequestInput, false),
    ok: { status: "200", response: json(Request, "Approved") },
  },
  denyRequest: { method: "put", path: "/api/requests/{id}/deny", access: "managers", summary: "Deny a pending request (managers)", params: idParams, ok: { status: "200", response: json(Request, "Denied") } },
  listStockLocations: {
    method: "get", path: "/api/locations", access: "signedIn",
    summary: "Stock locations (warehouses and vehicles) with their figures",
    query: z.object({ kind: oneOf("kind", STOCK_LOCATION_KINDS).optional(), archived: trueOrFalse("archived").meta({ description: "true: archived ones too" }) }),
    ok: { status: "200", response: json(z.array(StockLocationSummary), "Locations") },
  },
  listLocationStock: { method: "get", path: "/api/locations/{id}/stock", access: "signedIn", summary: "What one location holds", params: idParams, ok: { status: "200", response: json(z.array(LocationStockRow), "Stock levels") } },
  exportInventoryCsv: {
    method: "get", path: "/api/inventory/export.csv", access: "managers",
    summary: "The inventory list as CSV (managers; the list's filters; UTF-8 with BOM, RFC 4180, formula-safe)",
    query: z.object({ search: searchParam, category: categoryParam }),
    ok: { status: "200", response: csv("CSV") },
  },
  exportEquipmentCsv: {
    method: "get", path: "/api/equipment/export.csv", access: "managers",
    summary: "The equipment list as CSV (managers; the list's filters; UTF-8 with BOM, RFC 4180, formula-safe)",
    query: z.object({ search: searchParam, status: oneOf("Status", EQUIPMENT_STATUSES).optional() }),
    ok: { status: "200", response: csv("CSV") },
  },
  importInventoryCsv: importOperation("inventory"),
  importEquipmentCsv: importOperation("equipment"),
  backupDatabase: {
    method: "get", path: "/api/admin/backup/database", access: "public",
    summary: "The embedded database's dump, for `npm run backup` on the same machine (with DATA_DIR/backup-token); 404 to anyone else",
    ok: { status: "200", response: { description: "gzip", content: { "application/gzip": { schema: z.string() } } } },
    errors: { "404": errorResponse("Not found") },
  },
  listTeamMembers: {
    method: "get", path: "/api/team", access: "managers",
    summary: "Team members (managers)",
    query: z.object({ search: z.string().max(200, tooLongParam("search", 200)).optional().meta({ description: "Matches name, username or department" }) }),
    ok: { status: "200", response: json(z.array(User), "Members") },
  },
  createTeamMember: { method: "post", path: "/api/team", access: "managers", summary: "Add a team member (managers)", body: jsonBody(createTeamMemberInput), ok: { status: "201", response: json(User, "Added") } },
  createSdsUpload: {
    method: "post", path: "/api/objects/upload", access: "signedIn",
    summary: "A signed, expiring URL to PUT an SDS file to",
    body: jsonBody(uploadInput),
    ok: { status: "200", response: json(SdsUpload, "Where to upload") },
  },
  linkSdsFile: {
    method: "put", path: "/api/sds-files", access: "signedIn",
    summary: "Attach (or clear) an SDS file of an item or equipment",
    body: jsonBody(linkInput),
    ok: { status: "200", response: json(SdsLink, "Attached") },
    errors: { "404": errorResponse("No item or equipment has this id") },
  },
  createApplication: {
    method: "post", path: "/api/applications", access: "signedIn",
    summary: "Record a pesticide application (the applicator is the caller unless a manager names another); each product is taken from stock",
    body: jsonBody(recordApplicationInput),
    ok: { status: "201", response: json(Application, "Recorded") },
  },
  listApplications: {
    method: "get", path: "/api/applications", access: "signedIn",
    summary: "Application records, newest first (technicians: their own), at most 1000",
    query: applicationQuery,
    ok: { status: "200", response: json(z.array(Application), "Records") },
  },
  getApplication: { method: "get", path: "/api/applications/{id}", access: "signedIn", summary: "One application record with its amendments", params: idParams, ok: { status: "200", response: json(Application, "The record") } },
  getApplicationCustomerCopy: {
    method: "get", path: "/api/applications/{id}/customer-copy.pdf", access: "signedIn",
    summary: "The customer's one-page copy of a visit",
    params: idParams,
    ok: { status: "200", response: { description: "PDF", content: { "application/pdf": { schema: z.string() } } } },
  },
  getRupReportCsv: {
    rules: RANGE_RULES,
    method: "get", path: "/api/applications/rup-report.csv", access: "managers",
    summary: "Restricted-use application records of a period, the federal fields, one row per product per application (managers)",
    query: rangeQuery,
    ok: { status: "200", response: csv("CSV") },
  },
  getRupReportPdf: {
    rules: RANGE_RULES,
    method: "get", path: "/api/applications/rup-report.pdf", access: "managers",
    summary: "The restricted-use records of a period as a PDF (managers)",
    query: rangeQuery,
    ok: { status: "200", response: { description: "PDF", content: { "application/pdf": { schema: z.string() } } } },
  },
  getApplicationMonthlySummaryCsv: {
    rules: RANGE_RULES,
    method: "get", path: "/api/applications/monthly-summary.csv", access: "managers",
    summary: "Per month and product: total applied and applications (managers)",
    query: rangeQuery,
    ok: { status: "200", response: csv("CSV") },
  },
  getApplicationLogCsv: {
    rules: RANGE_RULES,
    method: "get", path: "/api/applications/log.csv", access: "managers",
    summary: "Every product line of every application of a period, all fields (managers)",
    query: rangeQuery,
    ok: { status: "200", response: csv("CSV") },
  },
  getOpenApiDocument: {
    method: "get", path: "/api/openapi.json", access: "public",
    summary: "This document",
    ok: { status: "200", response: { description: "OpenAPI 3.1", content: { "application/json": { schema: z.object({}).passthrough() } } } },
  },
  getApiDocs: {
    method: "get", path: "/api/docs", access: "public",
    summary: "This document, rendered (Swagger UI, served locally)",
    ok: { status: "200", response: { description: "HTML", content: { "text/html": { schema: z.string() } } } },
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;
export type Operation<K extends OperationId = OperationId> = (typeof OPERATIONS)[K];
export const operation = <K extends OperationId>(id: K): OperationSpec => OPERATIONS[id] as OperationSpec;

function documented(operationId: string, spec: OperationSpec): ZodOpenApiOperationObject {
  const write = spec.method !== "get";
  const header = write && !spec.unkeyed && spec.access !== "public" ? idempotencyHeader : undefined;
  return {
    operationId,
    summary: spec.summary,
    ...(spec.rules ? { "x-rules": spec.rules } : {}),
    ...(spec.access === "public" ? { security: [{}] } : {}),
    ...(spec.query || spec.params || header ? { requestParams: { ...(spec.query ? { query: spec.query } : {}), ...(spec.params ? { path: spec.params } : {}), ...(header ? { header } : {}) } } : {}),
    ...(spec.body ? { requestBody: { required: spec.body.required, content: { [spec.body.contentType ?? "application/json"]: { schema: spec.body.schema } } } } : {}),
    responses: { [spec.ok.status]: spec.ok.response, ...statusesOf(spec) },
  };
}

let built: ReturnType<typeof createDocument> | undefined;

/** The document, built once. */
export function openApiDocument() {
  if (built) return built;
  const paths: ZodOpenApiPathsObject = {};
  for (const [operationId, spec] of Object.entries(OPERATIONS) as [OperationId, OperationSpec][]) {
    (paths[spec.path] ??= {})[spec.method] = documented(operationId, spec);
  }
  built = createDocument(
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
