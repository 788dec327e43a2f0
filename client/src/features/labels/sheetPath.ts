/** The print-ready label sheet for these records (global ids), as a path of this app. */
export function labelsPath(ids: readonly string[]): string {
  return `/labels?ids=${ids.map(encodeURIComponent).join(",")}`;
}

/** At most this many labels on one sheet (one `nodes` query). */
export const MAX_LABELS = 200;

/** The ids a label sheet was opened with (`?ids=a,b` or repeated `?ids=`), trimmed, deduplicated, capped. */
export function parseLabelIds(search: string): string[] {
  const params = new URLSearchParams(search);
  const ids = params
    .getAll("ids")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, MAX_LABELS);
}
