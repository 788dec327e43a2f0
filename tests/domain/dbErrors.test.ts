import { describe, expect, it } from "vitest";
import { Prisma } from "../../server/db/generated/client.ts";
import { translateDbError } from "../../server/domain/context.ts";
import { ConflictError } from "../../server/domain/errors.ts";

const known = (code: string, message: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "test", meta });

/** Database failures a user can cause by racing others become a conflict to retry, never "Unexpected error.". */
describe("translateDbError", () => {
  it("turns a transaction that got no connection in time, or outlasted its timeout, into a conflict", () => {
    const err = translateDbError(known("P2028", "Transaction API error: Unable to start a transaction in the given time."));
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).message).toBe("Too many changes at the same moment: nothing was changed. Please try again.");
  });

  it("turns a deadlock or serialization failure from a raw statement into a conflict", () => {
    for (const meta of [{ code: "40P01", message: "deadlock detected" }, { code: "40001", message: "could not serialize access" }]) {
      const err = translateDbError(known("P2010", "Raw query failed.", meta));
      expect(err).toBeInstanceOf(ConflictError);
      expect((err as ConflictError).message).toBe("Someone else changed this at the same moment. Please try again.");
    }
  });

  it("leaves other raw-statement failures alone (they are bugs, logged as such)", () => {
    const raw = known("P2010", "Raw query failed.", { code: "42601", message: "syntax error" });
    expect(translateDbError(raw)).toBe(raw);
  });
});
