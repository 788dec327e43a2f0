// countWords (platform/i18n.ts): a count's plural category and its written form without Intl.NumberFormat,
// for the shell's counts (the bell, pending requests), which every screen renders first.
import { i18n } from "@lingui/core";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countWords } from "../../client/src/platform/i18n.ts";
import { messages as spanish } from "../../client/src/platform/locales/es-US/messages.ts";

// The bell's text, as the macro in NotificationBell.tsx writes it into the catalogs.
const BELL = "{category, select, one {{shown} unread notification} other {{shown} unread notifications}}";
const say = (n: number) => i18n._(generateMessageId(BELL), countWords(n), { message: BELL });

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
    expect([1, 2, 21, 999].map(say)).toEqual(["1 unread notification", "2 unread notifications", "21 unread notifications", "999 unread notifications"]);
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
    expect(say(1)).toBe("1 notificación sin leer");
    expect(say(5)).toBe("5 notificaciones sin leer");
    expect(countWords(1_000_000).category).toBe(new Intl.PluralRules("es-US").select(1_000_000));
    expect(say(1_000_000)).toBe(`${new Intl.NumberFormat("es-US").format(1_000_000)} notificaciones sin leer`);
  });
});
