import { describe, expect, it } from "vitest";
import { BOM, csvField, csvFileBytes, csvFileName, toCsv } from "../../client/src/features/reports/csv.ts";

describe("CSV export", () => {
  it("writes a header row and one CRLF-terminated line per row", () => {
    const csv = toCsv(
      [
        { header: "Category", value: (r: { c: string; v: number }) => r.c },
        { header: "Value ($)", value: (r) => r.v },
      ],
      [
        { c: "Bait", v: 12.5 },
        { c: "Traps", v: 0 },
      ],
    );
    expect(csv).toBe("Category,Value ($)\r\nBait,12.5\r\nTraps,0\r\n");
  });

  it("has only the header for no rows", () => {
    expect(toCsv([{ header: "A", value: () => 1 }], [])).toBe("A\r\n");
  });

  it("quotes commas, quotes, line breaks and edge spaces, doubling quotes", () => {
    expect(csvField("12 Oak St, Springfield")).toBe('"12 Oak St, Springfield"');
    expect(csvField('Termidor "SC"')).toBe('"Termidor ""SC"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(csvField(" padded ")).toBe('" padded "');
    expect(csvField("plain")).toBe("plain");
  });

  it("writes empty cells for null, undefined and non-finite numbers; ISO for dates", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("true");
    expect(csvField(new Date(Date.UTC(2026, 0, 2)))).toBe("2026-01-02T00:00:00.000Z");
  });

  it("defuses text a spreadsheet would run as a formula, but not negative numbers", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1-2")).toBe("'-1-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(-1)).toBe("-1");
  });

  it("keeps non-ASCII text and starts the file with a UTF-8 byte-order mark", () => {
    const csv = toCsv([{ header: "Pest", value: (r: string) => r }], ["Blattella germánica — 🪳"]);
    const bytes = csvFileBytes(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`${BOM}Pest\r\nBlattella germánica — 🪳\r\n`);
  });

  it("names files after the report and range", () => {
    expect(csvFileName("Chemical use by product (EPA)", "2026-01-01", "2026-01-31")).toBe("trapline-chemical-use-by-product-epa-2026-01-01-to-2026-01-31.csv");
  });
});
