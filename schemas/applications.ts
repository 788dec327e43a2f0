import { z } from "zod";
import { optionalText, recordId, requiredText, withTextRule } from "./fields.ts";
import { AREA_UNITS, DECIMAL_MESSAGE, MEASURE_KIND, MEASURE_UNITS, decimalAmount, parseThousandths } from "./measures.ts";

/*
 * Pesticide application records (issue 34): the inputs the server checks (server/domain/applications.ts)
 * and the Record application form checks, with the same limits and messages. What 40 CFR 171.303(b)(7)
 * asks of a restricted-use application, and what states commonly add (see ../shared/notes).
 */

export const APPLICATION_METHODS = ["SPRAY", "BAIT", "DUST", "FOG", "GRANULAR", "INJECTION", "OTHER"] as const;
export type ApplicationMethod = (typeof APPLICATION_METHODS)[number];
export const METHOD_LABEL: Record<ApplicationMethod, string> = { SPRAY: "Spray", BAIT: "Bait", DUST: "Dust", FOG: "Fog", GRANULAR: "Granular", INJECTION: "Injection", OTHER: "Other" };

/** A record is made within 14 days; an amendment after that is marked late. */
export const RECORD_WITHIN_DAYS = 14;
/** Records are kept (never deleted) at least this long. */
export const KEEP_YEARS = 2;

const US_STATE = /^\s*[A-Za-z]{2}\s*$/;
const ZIP = /^\s*\d{5}(?:-\d{4})?\s*$/;

const oneOfValues = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be one of: ${values.join(", ")}`) });

export const serviceAddressInput = z.object(
  {
    street: requiredText("Street", 200),
    city: requiredText("City", 100),
    state: withTextRule(z.string({ error: "State is required" }).regex(US_STATE, "State must be a two-letter code, e.g. TX"), "State").transform((v) => v.trim().toUpperCase()),
    zip: withTextRule(z.string({ error: "ZIP is required" }).regex(ZIP, "ZIP must be 5 digits (or ZIP+4)"), "ZIP").transform((v) => v.trim()),
  },
  { error: "Service address is required" },
);

/** A signed decimal (a temperature): at most 3 places, within ±999. */
const signedDecimal = (label: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
    .refine((v) => /^-?\d{1,3}(?:\.\d{1,3})?$/.test(v), `${label} ${DECIMAL_MESSAGE}`)
    .nullish();

export const weatherInput = z
  .object({
    temperatureF: signedDecimal("Temperature"),
    windSpeedMph: decimalAmount("Wind speed", { min: "0", max: "300" }).nullish(),
    windDirection: optionalText("Wind direction", 20),
  })
  .nullish();

/** A product line: the product, the amount and its unit (a measure unit for a measured product, else the item's own unit), an optional dilution. */
export const applicationLineInput = z
  .object({
    itemId: recordId("Choose the product that was applied"),
    amount: decimalAmount("Amount"),
    unit: withTextRule(z.string({ error: "Unit is required" }).trim().min(1, "Unit is required").max(40), "Unit"),
    /** Rate or dilution: `amount` of `unit` of product per `finishedVolume` of `finishedUnit` of finished mix. */
    dilution: z
      .object({
        amount: decimalAmount("Dilution amount"),
        unit: oneOfValues("Dilution unit", MEASURE_UNITS),
        finishedVolume: decimalAmount("Finished volume"),
        finishedUnit: oneOfValues("Finished volume unit", MEASURE_UNITS).refine((u) => MEASURE_KIND[u] === "volume", "Finished volume must be a volume (fl oz, gal, mL, L)"),
      })
      .nullish(),
    /** Where the product came from; default the applicator's vehicle when it carries it, else the main warehouse. */
    locationId: recordId("locationId must be a location id").optional(),
  })
  .strict();

const applicationFields = {
  customerName: requiredText("Customer name", 200),
  serviceAddress: serviceAddressInput,
  siteDescription: optionalText("Site description", 500),
  areaTreated: z.object({ amount: decimalAmount("Area treated"), unit: oneOfValues("Area unit", AREA_UNITS) }, { error: "Area treated is required" }),
  startedAt: z.iso.datetime({ offset: true, error: "Start time must be an ISO date-time" }),
  endedAt: z.iso.datetime({ offset: true, error: "End time must be an ISO date-time" }).nullish(),
  targetPests: z
    .array(requiredText("Target pest", 120), { error: "Target pests must be a list" })
    .min(1, "Name at least one target pest")
    .max(20, "At most 20 target pests"),
  method: oneOfValues("Method", APPLICATION_METHODS),
  /** The applicator: default the signed-in user; a manager may record for someone else. */
  applicatorId: recordId("applicatorId must be a user id").optional(),
  /** A certified applicator who supervised the application (its licence covers a restricted-use product). */
  supervisorId: recordId("supervisorId must be a user id").nullish(),
  /** Names of non-certified applicators who worked under supervision. */
  supervisedApplicators: z.array(requiredText("Applicator name", 200)).max(10, "At most 10 names").default([]),
  weather: weatherInput,
  notes: optionalText("Notes", 2000, { multiline: true }),
};

export const recordApplicationInput = z
  .object({
    ...applicationFields,
    lines: z.array(applicationLineInput, { error: "Add at least one product" }).min(1, "Add at least one product").max(20, "At most 20 products"),
  })
  .strict()
  .refine((a) => !a.endedAt || a.endedAt >= a.startedAt, { message: "End time must be after the start time", path: ["endedAt"] });

/** An amendment line: an existing line by id (its amount changes; 0 takes it back), or a new product (no lineId). */
export const amendmentLineInput = applicationLineInput.extend({
  lineId: recordId("lineId must be a line of this record").optional(),
  amount: decimalAmount("Amount", { min: "0" }),
});

/** A correction: why, and only the fields that change (lines given with their lineId change those lines; lines without one are added). */
const f = applicationFields;
export const amendApplicationInput = z
  .object({
    applicationId: recordId("applicationId must be an application id"),
    reason: requiredText("Reason", 1000, { multiline: true }),
    customerName: f.customerName.optional(),
    serviceAddress: f.serviceAddress.optional(),
    siteDescription: f.siteDescription,
    areaTreated: f.areaTreated.optional(),
    startedAt: f.startedAt.optional(),
    endedAt: f.endedAt,
    targetPests: f.targetPests.optional(),
    method: f.method.optional(),
    supervisorId: f.supervisorId,
    supervisedApplicators: z.array(requiredText("Applicator name", 200)).max(10, "At most 10 names").optional(),
    weather: f.weather,
    notes: f.notes,
    lines: z.array(amendmentLineInput).max(20, "At most 20 products").optional(),
  })
  .strict();

export type RecordApplicationInput = z.output<typeof recordApplicationInput>;
export type AmendApplicationInput = z.output<typeof amendApplicationInput>;

/** A certification (licence) a manager records for a user. */
export const setCertificationInput = z
  .object({
    userId: recordId("userId must be a user id"),
    number: requiredText("Certification number", 50),
    state: withTextRule(z.string({ error: "State is required" }).regex(US_STATE, "State must be a two-letter code, e.g. TX"), "State").transform((v) => v.trim().toUpperCase()),
    categories: z.array(requiredText("Category", 80)).max(20, "At most 20 categories").default([]),
    issuedOn: z.iso.date({ error: "Issued on must be a date (YYYY-MM-DD)" }).nullish(),
    expiresOn: z.iso.date({ error: "Expires on must be a date (YYYY-MM-DD)" }),
  })
  .strict()
  .refine((c) => !c.issuedOn || c.issuedOn <= c.expiresOn, { message: "Expires on must be after the issue date", path: ["expiresOn"] });

/** A percent or amount text's thousandths, for sorting and sums. */
export const thousandthsOf = (text: string) => parseThousandths(text) ?? 0n;
