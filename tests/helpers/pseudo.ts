/*
 * A pseudo-locale for finding text that did not go through the catalog (issue 35): every message of the
 * app's catalog, wrapped in brackets and accented ("Inventory" → "[Íñvéñţóŕý]"). Served in place of
 * the Spanish catalog chunk, it makes every text the catalog gives look like that; what a screen shows
 * outside brackets either is data (names, codes, numbers, dates) or was written past the catalog.
 * Kept free of Lingui's macros: Playwright's loader does not run them.
 */
import type { Messages } from "@lingui/core";

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ó",
  u: "ú",
  n: "ñ",
  c: "ç",
  y: "ý",
  s: "š",
  z: "ž",
  r: "ŕ",
  l: "ł",
  t: "ţ",
  d: "ð",
  g: "ĝ",
  h: "ĥ",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ó",
  U: "Ú",
  N: "Ñ",
  C: "Ç",
  Y: "Ý",
  S: "Š",
  Z: "Ž",
  R: "Ŕ",
  L: "Ł",
  T: "Ţ",
  D: "Ð",
  G: "Ĝ",
  H: "Ĥ",
};

/** Accents a text's letters; the tags of rich text (`<0>`, `</0>`) have none to change. */
export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
}

/** How a whole message of the catalog reads in the pseudo-locale (a name for Playwright's locators). */
export function pseudo(english: string): string {
  return `[${accent(english)}]`;
}

/** A compiled message: text, and placeholders (`["name"]`, `["count", "plural", { one: [...], other: [...] }]`). */
type Part = string | (string | Record<string, Part[] | string>)[];

function accentParts(parts: Part[]): Part[] {
  return parts.map((p) =>
    typeof p === "string"
      ? accent(p)
      : // A placeholder keeps its name and kind; the texts of its cases (a plural's, a select's) change.
        p.map((x) =>
          typeof x === "string" ? x : Object.fromEntries(Object.entries(x).map(([k, v]) => [k, typeof v === "string" ? accent(v) : accentParts(v)])),
        ),
  );
}

/** The catalog with every message bracketed and accented (the English catalog as compiled, in). */
export function pseudoCatalog(english: Messages): Record<string, Part[]> {
  return Object.fromEntries(
    Object.entries(english as Record<string, Part[] | string>).map(([id, m]) => [id, ["[", ...accentParts(Array.isArray(m) ? m : [m]), "]"]]),
  );
}

/**
 * What of a text is left once the catalog's (bracketed) texts, the given data and the locale's dates
 * are taken out: words there were written past the catalog. Brackets nest (a message put into
 * another), so the innermost go first.
 */
export function leftover(text: string, data: readonly string[], dateWords: readonly string[]): string {
  let rest = text;
  for (let before = ""; before !== rest;) {
    before = rest;
    rest = rest.replace(/\[[^[\]]*\]/g, " ");
  }
  for (const d of data) if (rest.includes(d)) rest = rest.split(d).join(" ");
  // A chart's axis cuts a long name short ("Victor M325 Kill Vault Sn…"): a word that starts one of the data's is data.
  const dataWords = new Set(data.flatMap((d) => d.match(/\p{L}{2,}/gu) ?? []));
  const isData = (w: string) => dataWords.has(w) || [...dataWords].some((d) => d.startsWith(w));
  const words = rest.match(/\p{L}{2,}/gu) ?? [];
  return (
    words
      .filter((w) => !dateWords.includes(w.toLowerCase()))
      // Initials (avatars), state codes and file formats (CSV, PDF): capitals, three at most.
      .filter((w) => !/^\p{Lu}{2,3}$/u.test(w))
      .filter((w) => !isData(w))
      .join(" ")
  );
}
