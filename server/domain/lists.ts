import { Prisma } from "../db/generated/client.ts";
import { getDatamodel } from "../db/pothos-types.generated.ts";
import { EQUIPMENT_STATUSES } from "../../schemas/constants.ts";
import { parseInput, requireActor, type Actor, type Deps } from "./context.ts";
import { oneOf } from "../../schemas/fields.ts";

/*
 * The REST contract's whole lists (§7: GET /api/inventory, /api/equipment, /api/requests), rendered
 * as JSON text by the database in one statement. Reading thousands of rows as objects (decoding
 * every field in JavaScript, then serialising them again) is what made these lists cost ~0.1 ms a
 * row; here the server receives one string and sends it. One statement also reads one consistent
 * snapshot. Rows, order, fields and values are those of the Prisma reads and REST shapes they stand
 * in for (tests/api/lists.test.ts compares the two); the columns come from the Prisma datamodel,
 * so a column added to the schema appears here as it does through Prisma.
 */

type ScalarField = { name: string; kind: string; type: string };
const models = getDatamodel().datamodel.models as unknown as Record<string, { fields: ScalarField[] }>;

/** ISO-8601 in UTC with milliseconds, exactly as JSON.stringify writes a Date (timestamps are stored in UTC). */
const isoTimestamp = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The select list of a model's scalar columns (less `omit`), as JSON-ready values named like the fields. */
function columnsOf(model: string, alias: string, omit: string[] = []): string {
  const fields = models[model]?.fields.filter((f) => (f.kind === "scalar" || f.kind === "enum") && !omit.includes(f.name));
  if (!fields?.length) throw new Error(`lists: no model ${model} in the datamodel`);
  return fields
    .map((f) => {
      const column = `${alias}."${f.name}"`;
      if (f.kind === "enum" || ["Int", "String", "Boolean"].includes(f.type)) return `${column} AS "${f.name}"`;
      if (f.type === "DateTime") return `${isoTimestamp(column)} AS "${f.name}"`;
      if (f.type === "Json") return `${column} AS "${f.name}"`;
      // Float, Decimal, BigInt, Json or Bytes would not print as JSON.stringify prints them: add the conversion here.
      throw new Error(`lists: ${model}.${f.name} has type ${f.type}, which the JSON lists do not render yet`);
    })
    .join(", ");
}

// Built once: the column lists are static SQL (no user input), so Prisma.raw is safe here.
/** A measured product's container as itemJson gives it: { amount: "1", unit: "GAL" } (thousandths, trailing zeros dropped), else null. */
const CONTAINER_SIZE = `CASE WHEN i."containerUnit" IS NULL OR i."containerAmountMilli" IS NULL THEN NULL ELSE json_build_object(
  'amount', regexp_replace(regexp_replace((i."containerAmountMilli" / 1000.0)::numeric(15, 3)::text, '0+$', ''), '\\.$', ''), 'unit', i."containerUnit") END AS "containerSize"`;
const inventoryColumns = Prisma.raw(`${columnsOf("InventoryItem", "i", ["warningLevel", "preferredSupplierId", "containerAmountMilli", "containerUnit"])}, ${CONTAINER_SIZE}`);
const equipmentColumns = Prisma.raw(columnsOf("Equipment", "e"));

/** Rows of `rows` (a subquery aliased t) as one JSON array text, in `order`. */
const jsonArray = (rows: Prisma.Sql, order: string) =>
  Prisma.sql`SELECT coalesce('[' || string_agg(row_to_json(t)::text, ',' ORDER BY ${Prisma.raw(order)}) || ']', '[]') AS json FROM (${rows}) t`;

async function text(deps: Deps, query: Prisma.Sql): Promise<string> {
  const [row] = await deps.prisma.$queryRaw<{ json: string }[]>(query);
  return row?.json ?? "[]";
}

/** Like Prisma's `contains` with mode "insensitive" (ILIKE, the search text as given), over the columns. */
function searchSql(alias: string, search: string | undefined): Prisma.Sql {
  const s = search?.trim();
  if (!s) return Prisma.sql`TRUE`;
  const like = (column: string) => Prisma.sql`${Prisma.raw(`${alias}."${column}"`)} ILIKE ('%' || ${s} || '%')`;
  return Prisma.sql`(${like("name")} OR ${like("description")} OR ${like("category")})`;
}

/** GET /api/inventory: every item (§3 fields; no warningLevel), by name then id; ?search= and ?category= as listInventoryItems. */
export async function inventoryListJson(deps: Deps, actor: Actor | null, filter: { search?: string; category?: string } = {}): Promise<string> {
  requireActor(actor);
  const category = filter.category ? Prisma.sql`i."category" = ${filter.category}` : Prisma.sql`TRUE`;
  return text(deps, jsonArray(Prisma.sql`SELECT ${inventoryColumns} FROM "InventoryItem" i WHERE ${searchSql("i", filter.search)} AND ${category}`, "t.name, t.id"));
}

/** GET /api/equipment: every piece, by name then id; ?search= and ?status= as listEquipment (an unknown status is a 400). */
export async function equipmentListJson(deps: Deps, actor: Actor | null, filter: { search?: string; status?: string } = {}): Promise<string> {
  requireActor(actor);
  const status = filter.status ? Prisma.sql`e."status"::text = ${parseInput(oneOf("Status", EQUIPMENT_STATUSES), filter.status)}` : Prisma.sql`TRUE`;
  return text(deps, jsonArray(Prisma.sql`SELECT ${equipmentColumns} FROM "Equipment" e WHERE ${searchSql("e", filter.search)} AND ${status}`, "t.name, t.id"));
}

/**
 * GET /api/requests: newest first, in the REST shape of rest/shapes.ts requestJson: `items` is the
 * spec's JSON string of { id, name, quantity, type } in line order, with the requester's name and department.
 */
export async function requestListJson(deps: Deps, actor: Actor | null, filter: { status?: string } = {}): Promise<string> {
  requireActor(actor);
  const status = filter.status
    ? Prisma.sql`r."status"::text = ${parseInput(oneOf("Status", ["pending", "approved", "denied"] as const), filter.status)}`
    : Prisma.sql`TRUE`;
  const rows = Prisma.sql`
    SELECT r.id, r."requesterId", r.type, r.status,
      (SELECT '[' || coalesce(string_agg(line.json, ',' ORDER BY line.position), '') || ']'
         FROM (SELECT l.position,
                      row_to_json((SELECT x FROM (SELECT coalesce(l."inventoryItemId", l."equipmentId") AS id, l.name, l.quantity, r.type) x))::text AS json
                 FROM "RequestLine" l WHERE l."requestId" = r.id) line) AS items,
      r.justification, r."approvedById" AS "approvedBy",
      ${Prisma.raw(isoTimestamp('r."approvedAt"'))} AS "approvedAt", ${Prisma.raw(isoTimestamp('r."createdAt"'))} AS "createdAt",
      u.name AS "requesterName", u.department AS "requesterDepartment"
    FROM "Request" r JOIN "User" u ON u.id = r."requesterId"
    WHERE ${status}`;
  return text(deps, jsonArray(rows, "t.id DESC"));
}
