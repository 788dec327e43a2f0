// platform/dates.ts: the short numeric date and date-time forms, written without Intl (a page's first
// Intl.DateTimeFormat loads ICU's date data in one long task), compared here with what Intl writes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { calendarDate, mediumDate, monthDay, monthYear, shortDate, shortDateTime, shortTime } from "../../client/src/platform/dates.ts";
import { LOCALES, type Locale } from "../../client/src/platform/locales/load.ts";

const zone = process.env.TZ;
afterEach(() => {
  vi.restoreAllMocks();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// Other ICU versions put a narrow no-break space before AM/PM; Chromium and this app write a plain one.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");
const locales = Object.keys(LOCALES) as Locale[];

// Midnight, noon, the minute and second edges, both DST changes in the US and in New Zealand, leap day, far years.
const moments = [
  "2026-12-02T00:00:00Z",
  "2026-12-02T12:00:00Z",
  "2026-12-02T11:59:59Z",
  "2026-12-02T23:05:09Z",
  "2026-03-08T07:30:00Z",
  "2026-11-01T06:30:00Z",
  "2026-04-05T13:59:59Z",
  "2026-09-27T14:00:00Z",
  "2028-02-29T10:09:08Z",
  "1999-12-31T23:59:59Z",
  "2100-01-01T00:00:01Z",
].map((s) => new Date(s));
// And a few hundred moments spread over ten years, at odd seconds.
for (let i = 0; i < 400; i++) moments.push(new Date(Date.UTC(2020, 0, 1) + i * 7_919_993_137));

const medium = { year: "numeric", month: "short", day: "numeric" } as const;
// Every month's name, in both languages.
for (let m = 0; m < 12; m++) moments.push(new Date(Date.UTC(2026, m, 15, 12)));

describe("shortDate, calendarDate, mediumDate, monthDay, monthYear, shortDateTime and shortTime", () => {
  for (const tz of ["UTC", "America/Chicago", "America/Los_Angeles", "Pacific/Auckland", "Asia/Kolkata"]) {
    it(`write what Intl writes in ${tz}, in every language the app speaks`, () => {
      process.env.TZ = tz;
      for (const locale of locales) {
        for (const d of moments) {
          expect(shortDate(d, { locale }), `${locale} ${d.toISOString()}`).toBe(plain(d.toLocaleDateString(locale)));
          expect(shortDate(d, { locale, utc: true }), `${locale} ${d.toISOString()} UTC`).toBe(plain(d.toLocaleDateString(locale, { timeZone: "UTC" })));
          expect(shortDateTime(d, { locale }), `${locale} ${d.toISOString()}`).toBe(plain(d.toLocaleString(locale)));
          expect(shortTime(d, { locale }), `${locale} ${d.toISOString()} time`).toBe(plain(d.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" })));
          expect(mediumDate(d, { locale }), `${locale} ${d.toISOString()} medium`).toBe(d.toLocaleDateString(locale, medium));
          expect(mediumDate(d, { locale, utc: true }), `${locale} ${d.toISOString()} medium UTC`).toBe(d.toLocaleDateString(locale, { ...medium, timeZone: "UTC" }));
          expect(monthDay(d, { locale }), `${locale} ${d.toISOString()} month and day`).toBe(d.toLocaleDateString(locale, { month: "short", day: "numeric" }));
          expect(monthDay(d, { locale, utc: true }), `${locale} ${d.toISOString()} month and day UTC`).toBe(d.toLocaleDateString(locale, { month: "short", day: "numeric", timeZone: "UTC" }));
          expect(monthYear(d, { locale }), `${locale} ${d.toISOString()} month and year`).toBe(d.toLocaleDateString(locale, { month: "short", year: "numeric" }));
          expect(monthYear(d, { locale, utc: true }), `${locale} ${d.toISOString()} month and year UTC`).toBe(d.toLocaleDateString(locale, { month: "short", year: "numeric", timeZone: "UTC" }));
        }
      }
    });
  }

  it("take a Date, an ISO text or a timestamp, and say so of a value that is not a date", () => {
    process.env.TZ = "UTC";
    expect(shortDate("2026-12-02T15:04:05Z", { locale: "en-US" })).toBe("12/2/2026");
    expect(shortDate(Date.UTC(2026, 11, 2), { locale: "es-US" })).toBe("2/12/2026");
    expect(shortDateTime("2026-12-02T15:04:05Z", { locale: "en-US" })).toBe("12/2/2026, 3:04:05 PM");
    expect(shortDateTime("2026-12-02T00:04:05Z", { locale: "es-US" })).toBe("2/12/2026, 12:04:05 a.m.");
    expect(calendarDate("2026-12-02", { locale: "en-US" })).toBe("12/2/2026");
    expect(calendarDate("2026-01-31", { locale: "es-US" })).toBe("31/1/2026");
    expect(mediumDate("2026-09-09T00:00:00Z", { locale: "en-US", utc: true })).toBe("Sep 9, 2026");
    expect(mediumDate("2026-09-09T00:00:00Z", { locale: "es-US", utc: true })).toBe("9 sept 2026");
    expect(monthDay("2026-09-09T00:00:00Z", { locale: "en-US", utc: true })).toBe("Sep 9");
    expect(monthDay("2026-12-02T00:00:00Z", { locale: "es-US", utc: true })).toBe("2 dic");
    expect(monthYear("2026-11-01T00:00:00Z", { locale: "en-US", utc: true })).toBe("Nov 2026");
    expect(monthYear("2026-09-01T00:00:00Z", { locale: "es-US", utc: true })).toBe("sept 2026");
    expect(monthDay("no", { locale: "en-US" })).toBe("Invalid Date");
    expect(monthYear("no", { locale: "es-US" })).toBe("Invalid Date");
    expect(mediumDate("no", { locale: "es-US" })).toBe("Invalid Date");
    expect(shortDate("not a date", { locale: "en-US" })).toBe("Invalid Date");
    expect(shortDateTime(Number.NaN, { locale: "es-US" })).toBe("Invalid Date");
  });

  it("make no Intl.DateTimeFormat", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    const local = vi.spyOn(Date.prototype, "toLocaleString");
    for (const d of moments.slice(0, 20)) for (const locale of locales) void [shortDate(d, { locale, utc: true }), shortDateTime(d, { locale }), mediumDate(d, { locale }), monthDay(d, { locale, utc: true }), monthYear(d, { locale })];
    expect(made).not.toHaveBeenCalled();
    expect(local).not.toHaveBeenCalled();
  });
});
