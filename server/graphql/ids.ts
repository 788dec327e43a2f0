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
  throw new ValidationError(`${field} must be the id of ${names}`, field);
}
