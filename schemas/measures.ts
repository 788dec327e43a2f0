import { z } from "zod";
import { say, type Label, type Message } from "./messages.ts";

/*
 * Measured amounts of pesticide products (issue 34). An amount is an exact decimal of a measure
 * unit (at most 3 places: "2.5" fl oz, "0.125" gal); stock is kept as integers of one base unit per
 * kind of measure, chosen so that every amount of every unit of that kind is a whole number of it:
 *
 * - volume: 1/16,000 nL. 1 mL = 16,000,000,000; 1 US fl oz (29.5735295625 mL exactly) = 473,176,473,000;
 *   1 gal = 128 fl oz; 1 L = 1,000 mL. One thousandth of any of them is whole.
 * - weight: 1/8,000 µg. 1 g = 8,000,000,000; 1 oz (28.349523125 g exactly) = 226,796,185,000;
 *   1 lb = 16 oz; 1 kg = 1,000 g.
 *
 * So converting between units never rounds, and sums never drift: mL applied from a product sold
 * by the gallon come off its stock exactly. Values are BigInt (a 55-gallon drum is 3.3e15 base units).
 */

export const MEASURE_UNITS = ["FL_OZ", "GAL", "ML", "L", "OZ", "LB", "G", "KG"] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];
export type MeasureKind = "volume" | "weight";

/** Base units in one unit. */
const BASE: Record<MeasureUnit, bigint> = {
  ML: 16_000_000_000n,
  L: 16_000_000_000_000n,
  FL_OZ: 473_176_473_000n,
  GAL: 128n * 473_176_473_000n,
  G: 8_000_000_000n,
  KG: 8_000_000_000_000n,
  OZ: 226_796_185_000n,
  LB: 16n * 226_796_185_000n,
};

export const MEASURE_KIND: Record<MeasureUnit, MeasureKind> = { ML: "volume", L: "volume", FL_OZ: "volume", GAL: "volume", G: "weight", KG: "weight", OZ: "weight", LB: "weight" };

/** How a unit is written for people. */
export const MEASURE_LABEL: Record<MeasureUnit, string> = { FL_OZ: "fl oz", GAL: "gal", ML: "mL", L: "L", OZ: "oz", LB: "lb", G: "g", KG: "kg" };

/** The unit an open container's remainder is shown in: the small unit of the container's own system. */
export const REMAINDER_UNIT: Record<MeasureUnit, MeasureUnit> = { GAL: "FL_OZ", FL_OZ: "FL_OZ", L: "ML", ML: "ML", LB: "OZ", OZ: "OZ", KG: "G", G: "G" };

/** Units of area treated, as labels give them. */
export const AREA_UNITS = ["SQ_FT", "LINEAR_FT", "CUBIC_FT", "ACRES"] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];
export const AREA_LABEL: Record<AreaUnit, string> = { SQ_FT: "sq ft", LINEAR_FT: "linear ft", CUBIC_FT: "cubic ft", ACRES: "acres" };

const DECIMAL = /^\s*(\d{1,12})(?:\.(\d{1,3}))?\s*$/;

/** Thousandths of a decimal text ("2.5" → 2500n), or null when it is not one. */
export function parseThousandths(text: string): bigint | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  return BigInt(m[1]!) * 1000n + BigInt((m[2] ?? "").padEnd(3, "0"));
}

/** A decimal text from thousandths, without trailing zeros (2500n → "2.5"). */
export function formatThousandths(thousandths: bigint): string {
  const negative = thousandths < 0n;
  const n = negative ? -thousandths : thousandths;
  const whole = n / 1000n;
  const frac = (n % 1000n).toString().padStart(3, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** Base units of an amount ("2.5", FL_OZ). */
export function toBase(amount: string | bigint, unit: MeasureUnit): bigint {
  const thousandths = typeof amount === "bigint" ? amount : parseThousandths(amount);
  if (thousandths === null) throw new Error(`not an amount: ${amount}`);
  return (thousandths * BASE[unit]) / 1000n;
}

/** An amount in base units, in `unit`, rounded to thousandths (half up), as decimal text. */
export function fromBase(base: bigint, unit: MeasureUnit): string {
  const per = BASE[unit];
  const thousandths = (base * 1000n * 2n + per) / (per * 2n);
  return formatThousandths(thousandths);
}

export const sameKind = (a: MeasureUnit, b: MeasureUnit) => MEASURE_KIND[a] === MEASURE_KIND[b];

/** Whole containers and what is left in the open one, for an exact amount and a container size. */
export function splitContainers(base: bigint, containerBase: bigint): { containers: number; openBase: bigint } {
  if (containerBase <= 0n) return { containers: 0, openBase: base };
  return { containers: Number(base / containerBase), openBase: base % containerBase };
}

/** "4 containers + 62 fl oz", "1 container", "3.5 fl oz": a message, for the reader's language (server/i18n render). */
export function describeStock(base: bigint, containerBase: bigint, containerUnit: MeasureUnit): Message {
  const { containers, openBase } = splitContainers(base, containerBase);
  return describeParts(containers, openBase, containerUnit);
}

/**
 * Whole containers and an open remainder (base units) in words, as describeStock: the count of
 * containers plural-correct in each language ("1 container", "2 containers"; "1 envase", "2 envases"),
 * the remainder's amount and unit abbreviation as they are.
 */
export function describeParts(containers: number, openBase: bigint, containerUnit: MeasureUnit): Message {
  const open = openBase > 0n ? `${fromBase(openBase, REMAINDER_UNIT[containerUnit])} ${MEASURE_LABEL[REMAINDER_UNIT[containerUnit]]}` : "";
  const count = containers;
  if (containers > 0 && open)
    return /*i18n*/ {
      id: "stock.containersAndOpen",
      message: "{count, plural, one {{count} container} other {{count} containers}} + {open}",
      values: { count, open },
    };
  if (open) return /*i18n*/ { id: "stock.openOnly", message: "{open}", values: { open } };
  return /*i18n*/ { id: "stock.containers", message: "{count, plural, one {{count} container} other {{count} containers}}", values: { count } };
}

/** A decimal amount as the inputs take it: text (or a number) with at most 3 decimals, within (0, max]. */
export const decimalAmount = (label: Label | string, { min = "0.001", max = "999999999" } = {}) =>
  z
    .union([z.string(), z.number()], { error: say(/*i18n*/ { id: "field.required", message: "{label} is required", values: { label } }) })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(
      z
        .string()
        .regex(DECIMAL, say(/*i18n*/ { id: "field.notDecimal", message: "{label} must be a number with at most 3 decimals", values: { label } }))
        .refine((v) => parseThousandths(v)! >= parseThousandths(min)!, say(/*i18n*/ { id: "field.tooSmall", message: "{label} must be at least {min}", values: { label, min } }))
        .refine((v) => parseThousandths(v)! <= parseThousandths(max)!, say(/*i18n*/ { id: "field.atMost", message: "{label} must be at most {max}", values: { label, max } }))
        .transform((v) => formatThousandths(parseThousandths(v)!)),
    );
