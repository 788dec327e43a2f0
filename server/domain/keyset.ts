type Direction = "asc" | "desc";
export type OrderBy = readonly Partial<Record<string, Direction>>[];
type ConnectionQuery = { cursor?: Record<string, unknown>; skip?: number; take?: number };
type Where = Record<string, unknown>;

/**
 * Keyset pagination for connections. Pothos pages with Prisma's cursor ({ cursor: { id }, skip: 1,
 * take: ±n }), which Prisma turns into `(k = $v AND id >= $id) OR k > $v`: PostgreSQL cannot seek
 * an index to that, so it walks from the first row and page k costs k pages. seek() reads the
 * cursor row's sort keys (one primary-key lookup) and returns the same rows as a range with a
 * bound on the leading sort key (`k >= $v`), which the (k, …, id) index answers directly, so every
 * page costs the same. The orderings end in a unique column (id), so the range is exact.
 *
 * Returns the query without cursor and skip plus the `where` to AND with the caller's filter;
 * null when the cursor row no longer exists (Prisma answers no rows then).
 */
export async function seek(
  query: object,
  orderBy: OrderBy,
  cursorRow: (where: Where, select: Record<string, true>) => Promise<Record<string, unknown> | null>,
): Promise<{ query: object; where: Where } | null> {
  const { cursor, skip: _skip, ...rest } = query as ConnectionQuery;
  if (!cursor) return { query: rest, where: {} };
  const keys = orderBy.map((o) => Object.entries(o)[0] as [string, Direction]);
  const row = await cursorRow(cursor, Object.fromEntries(keys.map(([k]) => [k, true])));
  if (!row) return null;
  // A negative take pages backwards: the rows before the cursor, in the same order.
  const forward = (rest.take ?? 1) >= 0;
  const after = (dir: Direction) => (dir === "asc") === forward;
  const or = keys.map(([key, dir], i) => ({
    ...Object.fromEntries(keys.slice(0, i).map(([k]) => [k, row[k]])),
    [key]: { [after(dir) ? "gt" : "lt"]: row[key] },
  }));
  const [leadKey, leadDir] = keys[0]!;
  return { query: rest, where: { AND: [{ [leadKey]: { [after(leadDir) ? "gte" : "lte"]: row[leadKey] } }, { OR: or }] } };
}
