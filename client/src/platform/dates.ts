import { activeLocale, type Locale } from "./locales/load.ts";

/*
 * Dates and times in their short numeric form ("12/2/2026", "12/2/2026, 3:05:09 PM"), written without Intl.
 *
 * A page's first Intl.DateTimeFormat (or Date's toLocaleString, which makes one) loads ICU's date data: 30–100 ms
 * of main thread in Chromium here, four times that on the phone Lighthouse stands for, in one task that cannot be
 * split. The dashboard's activity list and recent requests paid it on every cold start. The numeric forms of the
 * languages the app speaks are simple enough to write directly, and they are written exactly as V8 (Chromium, Node)
 * writes toLocaleDateString / toLocaleString(locale) (tests/client/dates.test.ts compares the two over hundreds of
 * moments in five time zones; some engines put a narrow no-break space before AM/PM, here it is a plain space).
 * So is the medium form with the month's short name ("Dec 2, 2026", "2 dic 2026": the equipment list's
 * maintenance dates), and the day with the month's name ("Dec 2", "2 dic": the reports' periods) and the month
 * with its year ("Dec 2026": the applications' monthly summary). Other forms stay with Intl (settings, the offline
 * queue), and those screens still pay ICU's date data once.
 */
const FORMS: Record<Locale, { dayFirst: boolean; am: string; pm: string }> = {
  "en-US": { dayFirst: false, am: "AM", pm: "PM" },
  "es-US": { dayFirst: true, am: "a.m.", pm: "p.m." },
};

/** The months' short names as CLDR gives them (toLocaleDateString's `month: "short"`). */
const MONTHS: Record<Locale, readonly string[]> = {
  "en-US": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  "es-US": ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
};

type When = Date | string | number;
type DateOptions = { utc?: boolean; locale?: Locale };

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The calendar parts of a moment, in local time or with `utc` in UTC (month 0–11), with the language's form; null
 * for a moment that is not one (every form then writes "Invalid Date", as toLocaleDateString does).
 */
function partsOf(value: When, { utc = false, locale = activeLocale() }: DateOptions) {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const day = utc ? d.getUTCDate() : d.getDate();
  const month = utc ? d.getUTCMonth() : d.getMonth();
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  return { d, day, month, year, name: MONTHS[locale][month]!, form: FORMS[locale] };
}

type Parts = NonNullable<ReturnType<typeof partsOf>>;
const numeric = ({ day, month, year, form }: Parts) => (form.dayFirst ? `${day}/${month + 1}/${year}` : `${month + 1}/${day}/${year}`);

/**
 * A moment's date as toLocaleDateString(locale) writes it, in local time; with `utc`, the UTC calendar date (a
 * date-only value stored as UTC midnight, shown without moving it by the time zone).
 */
export function shortDate(value: When, options: DateOptions = {}): string {
  const p = partsOf(value, options);
  return p ? numeric(p) : "Invalid Date";
}

/** A calendar date ("2026-12-02", a date-only value such as a licence's expiry) as shortDate writes it, not moved by the time zone. */
export const calendarDate = (day: string, options: { locale?: Locale } = {}): string => shortDate(`${day}T00:00:00Z`, { ...options, utc: true });

/**
 * A moment's date with the month's short name, as toLocaleDateString(locale, { year: "numeric", month: "short",
 * day: "numeric" }) writes it: "Dec 2, 2026" (en-US), "2 dic 2026" (es-US); `utc` as for shortDate.
 */
export function mediumDate(value: When, options: DateOptions = {}): string {
  const p = partsOf(value, options);
  if (!p) return "Invalid Date";
  return p.form.dayFirst ? `${p.day} ${p.name} ${p.year}` : `${p.name} ${p.day}, ${p.year}`;
}

/** A moment's day and month's short name, as toLocaleDateString(locale, { month: "short", day: "numeric" }) writes it: "Dec 2", "2 dic"; `utc` as for shortDate. */
export function monthDay(value: When, options: DateOptions = {}): string {
  const p = partsOf(value, options);
  if (!p) return "Invalid Date";
  return p.form.dayFirst ? `${p.day} ${p.name}` : `${p.name} ${p.day}`;
}

/** A moment's month's short name and year, as toLocaleDateString(locale, { month: "short", year: "numeric" }) writes it: "Dec 2026", "dic 2026"; `utc` as for shortDate. */
export function monthYear(value: When, options: DateOptions = {}): string {
  const p = partsOf(value, options);
  return p ? `${p.name} ${p.year}` : "Invalid Date";
}

/** A moment's date and time as toLocaleString(locale) writes it, in local time: "12/2/2026, 3:05:09 PM". */
export function shortDateTime(value: When, { locale }: { locale?: Locale } = {}): string {
  const p = partsOf(value, { locale });
  if (!p) return "Invalid Date";
  const hours = p.d.getHours();
  return `${numeric(p)}, ${hours % 12 || 12}:${two(p.d.getMinutes())}:${two(p.d.getSeconds())} ${hours < 12 ? p.form.am : p.form.pm}`;
}

/** A moment's time of day as toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" }) writes it, in local time: "3:05 PM". */
export function shortTime(value: When, { locale }: { locale?: Locale } = {}): string {
  const p = partsOf(value, { locale });
  if (!p) return "Invalid Date";
  const hours = p.d.getHours();
  return `${hours % 12 || 12}:${two(p.d.getMinutes())} ${hours < 12 ? p.form.am : p.form.pm}`;
}
