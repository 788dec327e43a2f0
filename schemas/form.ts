import { z } from "zod";

/*
 * A form's inputs hold text. These read that text into the shared field schemas, so a form checks
 * each value with the very rule (limits and messages) the server checks it with: a blank input
 * reads as absent ("<label> is required" for a required field), a number input's text as a number.
 */

/** Blank (or only spaces) reads as `blank`; other text is passed on as typed. */
export const textInput = <S extends z.ZodType>(schema: S, blank: undefined | null = undefined) =>
  z.string().transform((v) => (v.trim() === "" ? blank : v)).pipe(schema as z.ZodType<z.output<S>, string | null | undefined>);

/** A number input: blank reads as `blank`, other text as the number it spells (NaN when it spells none). */
export const numberInput = <S extends z.ZodType>(schema: S, blank: undefined | null = undefined) =>
  z.string().transform((v) => (v.trim() === "" ? blank : Number(v))).pipe(schema as z.ZodType<z.output<S>, number | null | undefined>);

/** Dollars as typed → integer cents (× 100, rounded); blank → null. */
export const moneyInput = <S extends z.ZodType>(schema: S) =>
  z.string().transform((v) => (v.trim() === "" ? null : Math.round(Number(v) * 100))).pipe(schema as z.ZodType<z.output<S>, number | null>);

/** Integer cents → the dollars a money input shows. */
export const centsToDollars = (cents: number | null | undefined): string => (cents == null ? "" : (cents / 100).toFixed(2));

/** A date input (YYYY-MM-DD): checked by the shared date field, sent as typed (the mutation takes the text); blank → null. */
export const dateInput = (schema: z.ZodType) =>
  z.string().transform((v, ctx) => {
    const day = v.trim();
    if (!day) return null;
    const checked = schema.safeParse(day);
    if (checked.success) return day;
    for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });
