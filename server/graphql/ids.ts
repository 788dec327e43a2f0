import { decodeGlobalID } from "@pothos/plugin-relay";
import { ValidationError } from "../domain/errors.ts";

/** Decodes a Relay global id of one of `types` into the database id; a wrong id is a ValidationError. */
export function databaseId(globalId: string | number, types: readonly string[], field = "id"): { type: string; id: number } {
  try {
    const { typename, id } = decodeGlobalID(String(globalId));
    const n = Number(id);
    if (types.includes(typename) && Number.isInteger(n) && n > 0 && n <= 2_147_483_647) return { type: typename, id: n };
  } catch {
    /* fall through */
  }
  const names = types.map((t) => `${/^[AEIOU]/.test(t) ? "an" : "a"} ${t}`).join(" or ");
  throw new ValidationError(/*i18n*/ { id: "id.mustBeTheIdOf", message: "{field} must be the id of {names}", values: { field, names } }, field);
}

/**
 * Relay's decoding (node, nodes) with one more check: every node's database id is a positive
 * 32-bit integer. Otherwise "User:abc" reached Prisma, which refused it with an unexpected error.
 */
export function decodeNodeId(globalId: string): { typename: string; id: string } {
  const decoded = decodeGlobalID(globalId);
  const n = /^\d{1,10}$/.test(decoded.id) ? Number(decoded.id) : NaN;
  if (!(n >= 1 && n <= 2_147_483_647)) throw new ValidationError(/*i18n*/ { id: "id.thatIsNotAValid", message: "That is not a valid id" }, "id");
  return decoded;
}
