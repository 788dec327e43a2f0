// countWords (platform/i18n.ts): a count's plural category and its written form without Intl.NumberFormat,
// for the shell's counts (pending requests) and the dashboard's, which render on the first screen.
import { i18n } from "@lingui/core";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countWords } from "../../client/src/platform/i18n.ts";
import { messages as spanish } from "../../client/src/platform/locales/es-US/messages.ts";

// The pending requests' badge, as the macro in AppShell.tsx writes it into the catalogs.
const PENDING = "{category, select, one {{shown} pending request} other {{shown} pending requests}}";
const say = (n: number) => i18n._(generateMessageId(PENDING), countWords(n), { message: PENDING });

afterEach(() => {
  vi.restoreAllMocks();
  i18n.loadAndActivate({ locale: "en-US", messages: {} });
});

describe("countWords", () => {
  it("gives English's category and digits, grouping from 1,000 as a plural's # does", () => {
    expect(countWords(1)).toEqual({ category: "one", shown: "1" });
    expect(countWords(0)).toEqual({ category: "other", shown: "0" });
    expect(countWords(999)).toEqual({ category: "other", shown: "999" });
    expect(countWords(1234)).toEqual({ category: "other", shown: new Intl.NumberFormat("en-US").format(1234) });
    expect(countWords(1234).shown).toBe("1,234");
    expect([1, 2, 21, 999].map(say)).toEqual(["1 pending request", "2 pending requests", "21 pending requests", "999 pending requests"]);
  });

  it("creates no Intl.NumberFormat for a count under 1,000", () => {
    // Lingui keeps the formats it made, so its own formatter is watched too.
    const made = vi.spyOn(Intl, "NumberFormat");
    const formatted = vi.spyOn(i18n, "number");
    for (const n of [0, 1, 7, 42, 999, -3]) countWords(n);
    expect(made).not.toHaveBeenCalled();
    expect(formatted).not.toHaveBeenCalled();
    countWords(1000);
    expect(formatted).toHaveBeenCalledWith(1000);
  });

  it("speaks Spanish from its catalog, whose 'many' (a million) falls to the other form", () => {
    i18n.loadAndActivate({ locale: "es-US", messages: spanish });
    expect(countWords(1)).toEqual({ category: "one", shown: "1" });
    expect(say(1)).toBe("1 solicitud pendiente");
    expect(say(5)).toBe("5 solicitudes pendientes");
    expect(countWords(1_000_000).category).toBe(new Intl.PluralRules("es-US").select(1_000_000));
    expect(say(1_000_000)).toBe(`${new Intl.NumberFormat("es-US").format(1_000_000)} solicitudes pendientes`);
  });
});
