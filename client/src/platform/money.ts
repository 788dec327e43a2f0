import { activeLocale } from "./locales/load.ts";

/*
 * Sums of money in the app's language. An Intl.NumberFormat is costly to make (its locale data is looked up and
 * its options resolved each time), and Reports & Analytics formats hundreds of figures as it renders (each chart's
 * ticks, bars and tooltips): made anew for every figure, money and period labels together were 50-80 ms of a cold
 * load there in CPU profiles of a phone slowed 4×. Each format is made once per language and kept.
 */
const FORMS = {
  cents: {},
  whole: { maximumFractionDigits: 0 },
  compact: { notation: "compact" },
} as const satisfies Record<string, Intl.NumberFormatOptions>;
const formats = new Map<string, Intl.NumberFormat>();

function dollars(form: keyof typeof FORMS): Intl.NumberFormat {
  const locale = activeLocale();
  const key = `${locale} ${form}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { style: "currency", currency: "USD", ...FORMS[form] })));
  return format;
}

/** Integer cents as dollars and cents ("$1,234.50"): prices, orders, spend. */
export const formatCents = (cents: number): string => dollars("cents").format(cents / 100);

/** Integer cents as whole dollars ("$1,235"): stock values. */
export const formatWholeDollars = (cents: number): string => dollars("whole").format(cents / 100);

/** Dollars in short form ("$10K"): a chart axis's ticks, so that the last one fits on a phone. */
export const formatCompactDollars = (value: number): string => dollars("compact").format(value);
