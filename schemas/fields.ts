import { z } from "zod";
import { say, type Label, type Message } from "./messages.ts";

/*
 * The one rule for text the server accepts. No text may hold NUL or another control character
 * (C0, DEL, C1) or malformed UTF-16 (a lone surrogate, which cannot be stored or encoded as UTF-8);
 * tab and line breaks (LF, CR, U+2028/U+2029) only in multi-line fields (descriptions,
 * justifications). The zod builders below carry it for every field; transports apply the same
 * function to what no field schema sees (query strings: server/http/hostileInput.ts; GraphQL
 * arguments: server/graphql/textRule.ts), with `multiline` on, since the field's own schema
 * decides about line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextOptions = { multiline?: boolean };

/** What is wrong with `value` under the text rule, as the message about a field named `label`, or null. */
export function textProblemMessage(value: string, label: Label | string, { multiline = false }: TextOptions = {}): Message | null {
  if (LONE_SURROGATE.test(value)) return /*i18n*/ { id: "text.malformedUnicode", message: "{label} is not valid text (malformed Unicode)", values: { label } };
  if (CONTROL.test(value)) return /*i18n*/ { id: "text.controlCharacters", message: "{label} must not contain control characters", values: { label } };
  if (!multiline && LINE_BREAK_OR_TAB.test(value))
    return /*i18n*/ { id: "text.singleLine", message: "{label} must be a single line (no tabs or line breaks)", values: { label } };
  return null;
}

/** What is wrong with `value` under the text rule ("must …", to follow a field's label), or null. */
export function textProblem(value: string, options: TextOptions = {}): string | null {
  const problem = textProblemMessage(value, "", options);
  return problem && problem.message.replace("{label} ", "");
}

/** A zod string of any shape (trimmed, lower-cased, …) with the text rule added as its last check. */
export const withTextRule = <S extends z.ZodString>(schema: S, label: Label | string, options: TextOptions = {}): S =>
  schema.superRefine((value, ctx) => {
    const problem = textProblemMessage(value, label, options);
    if (problem) ctx.addIssue({ code: "custom", message: say(problem) });
  });

const required = (label: Label | string) => say(/*i18n*/ { id: "field.required", message: "{label} is required", values: { label } });
const tooLong = (label: Label | string, max: number) => say(/*i18n*/ { id: "field.tooLong", message: "{label} must be at most {max} characters", values: { label, max } });
const notText = (label: Label | string) => say(/*i18n*/ { id: "field.notText", message: "{label} must be text", values: { label } });

/** Shared zod pieces for the §5 form rules: the server validates with them, and so do the forms (schemas/form.ts). */
export const requiredText = (label: Label | string, max = 200, options: TextOptions = {}) =>
  withTextRule(
    z
      .string({ error: required(label) })
      .trim()
      .min(1, required(label))
      .max(max, tooLong(label, max)),
    label,
    options,
  );

/** Optional text: absent stays absent (for updates), blank or null becomes null. */
export const optionalText = (label: Label | string, max = 500, options: TextOptions = {}) =>
  withTextRule(z.string({ error: notText(label) }).trim().max(max, tooLong(label, max)), label, options)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * Optional text that, when given, has the form of `pattern` (EPA numbers and the like); blank still
 * means none. The form is a regex on the string itself, so the OpenAPI document shows it as its pattern.
 */
export const optionalPatternText = (label: Label | string, max: number, pattern: RegExp, message: string) => {
  const form = new RegExp(`^\\s*(?:${pattern.source.replace(/^\^/, "").replace(/\$$/, "")})?\\s*$`);
  return withTextRule(z.string({ error: notText(label) }).trim().max(max, tooLong(label, max)).regex(form, message), label)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));
};

/** A missing value is "<label> is required" (what a form's blank input reads as); anything else of the wrong type gets `wrongType`. */
const missingOr = (label: Label | string, wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required(label) : wrongType;

/** The largest number a database column (a 32-bit integer) holds: every whole number we take is held to it. */
export const INT32_MAX = 2_147_483_647;

export const wholeNumber = (label: Label | string, min: number) =>
  z
    .number({ error: missingOr(label, say(/*i18n*/ { id: "field.notANumber", message: "{label} must be a number", values: { label } })) })
    .int(say(/*i18n*/ { id: "field.notWhole", message: "{label} must be a whole number", values: { label } }))
    .min(min, say(/*i18n*/ { id: "field.tooSmall", message: "{label} must be at least {min}", values: { label, min } }))
    .max(INT32_MAX, say(/*i18n*/ { id: "field.tooLarge", message: "{label} is too large", values: { label } }));

/** The id of a stored record (a positive 32-bit integer); `message` for anything else. */
export const recordId = (message: string) => z.number({ error: message }).int(message).min(1, message).max(INT32_MAX, message);

export const oneOf = <T extends readonly [string, ...string[]]>(label: Label | string, values: T) =>
  z.enum(values, {
    error: missingOr(label, say(/*i18n*/ { id: "field.notOneOf", message: "{label} must be one of: {choices}", values: { label, choices: values.join(", ") } })),
  });

/** ISO datetime, ISO date, a Date, null or blank (→ null); absent stays absent. */
export const optionalDate = (label: Label | string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date(), z.date(), z.literal(""), z.null()], {
      error: say(/*i18n*/ { id: "field.notADate", message: "{label} must be a date (YYYY-MM-DD) or an ISO date-time", values: { label } }),
    })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : new Date(v)));

/** An SDS link: our own /objects/ path or an http(s) URL; blank becomes null. */
export const sdsFileUrlField = optionalText(/*i18n*/ { id: "label.sdsFile", message: "SDS file" }, 1000).refine(
  (v) => v == null || v.startsWith("/objects/") || /^https?:\/\//i.test(v),
  say(/*i18n*/ { id: "sds.fileUrlForm", message: "SDS file must be an uploaded /objects/ path or an http(s) URL" }),
);
