import { z } from "zod";

/** Shared zod pieces for the §5 form rules. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: absent stays absent (for updates), blank or null becomes null. */
export const optionalText = (label: string, max = 500) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

export const wholeNumber = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(2_147_483_647, `${label} is too large`);

export const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });

/** ISO datetime, ISO date, a Date, null or blank (→ null); absent stays absent. */
export const optionalDate = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date(), z.date(), z.literal(""), z.null()], {
      error: `${label} must be a date (YYYY-MM-DD) or an ISO date-time`,
    })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : new Date(v)));

/** An SDS link: our own /objects/ path or an http(s) URL; blank becomes null. */
export const sdsFileUrlField = optionalText("SDS file", 1000).refine(
  (v) => v == null || v.startsWith("/objects/") || /^https?:\/\//i.test(v),
  "SDS file must be an uploaded /objects/ path or an http(s) URL",
);
