import { z } from "zod";
import { say, type Label } from "./messages.ts";
import { optionalText, recordId, requiredText, withTextRule } from "./fields.ts";
import { AREA_UNITS, MEASURE_KIND, MEASURE_UNITS, decimalAmount, parseThousandths } from "./measures.ts";

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

const oneOfValues = <T extends readonly [string, ...string[]]>(label: Label, values: T) =>
  z.enum(values, {
    error: (issue) =>
      say(
        issue.input === undefined
          ? /*i18n*/ { id: "field.required", message: "{label} is required", values: { label } }
          : /*i18n*/ { id: "field.notOneOf", message: "{label} must be one of: {choices}", values: { label, choices: values.join(", ") } },
      ),
  });

export const serviceAddressInput = z.object(
  {
    street: requiredText(/*i18n*/ { id: "label.street", message: "Street" }, 200),
    city: requiredText(/*i18n*/ { id: "label.city", message: "City" }, 100),
    state: withTextRule(z.string({ error: say(/*i18n*/ { id: "application.stateIsRequired", message: "State is required" }) }).regex(US_STATE, say(/*i18n*/ { id: "application.stateMustBeATwo", message: "State must be a two-letter code, e.g. TX" })), /*i18n*/ { id: "label.state", message: "State" }).transform((v) => v.trim().toUpperCase()),
    zip: withTextRule(z.string({ error: say(/*i18n*/ { id: "application.zipIsRequired", message: "ZIP is required" }) }).regex(ZIP, say(/*i18n*/ { id: "application.zipMustBe5Digits", message: "ZIP must be 5 digits (or ZIP+4)" })), /*i18n*/ { id: "label.zip", message: "ZIP" }).transform((v) => v.trim()),
  },
  { error: say(/*i18n*/ { id: "application.serviceAddressIsRequired", message: "Service address is required" }) },
);

/** A signed decimal (a temperature): at most 3 places, within ±999. */
const signedDecimal = (label: Label) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
    .refine((v) => /^-?\d{1,3}(?:\.\d{1,3})?$/.test(v), say(/*i18n*/ { id: "field.notDecimal", message: "{label} must be a number with at most 3 decimals", values: { label } }))
    .nullish();

export const weatherInput = z
  .object({
    temperatureF: signedDecimal(/*i18n*/ { id: "label.temperature", message: "Temperature" }),
    windSpeedMph: decimalAmount(/*i18n*/ { id: "label.windSpeed", message: "Wind speed" }, { min: "0", max: "300" }).nullish(),
    windDirection: optionalText(/*i18n*/ { id: "label.windDirection", message: "Wind direction" }, 20),
  })
  .nullish();

/** A product line: the product, the amount and its unit (a measure unit for a measured product, else the item's own unit), an optional dilution. */
export const applicationLineInput = z
  .object({
    itemId: recordId(say(/*i18n*/ { id: "application.chooseTheProductThatWas", message: "Choose the product that was applied" })),
    amount: decimalAmount(/*i18n*/ { id: "label.amount", message: "Amount" }),
    unit: withTextRule(z.string({ error: say(/*i18n*/ { id: "application.unitIsRequired", message: "Unit is required" }) }).trim().min(1, say(/*i18n*/ { id: "application.unitIsRequired", message: "Unit is required" })).max(40), /*i18n*/ { id: "label.unit", message: "Unit" }),
    /** Rate or dilution: `amount` of `unit` of product per `finishedVolume` of `finishedUnit` of finished mix. */
    dilution: z
      .object({
        amount: decimalAmount(/*i18n*/ { id: "label.dilutionAmount", message: "Dilution amount" }),
        unit: oneOfValues(/*i18n*/ { id: "label.dilutionUnit", message: "Dilution unit" }, MEASURE_UNITS),
        finishedVolume: decimalAmount(/*i18n*/ { id: "label.finishedVolume", message: "Finished volume" }),
        finishedUnit: oneOfValues(/*i18n*/ { id: "label.finishedVolumeUnit", message: "Finished volume unit" }, MEASURE_UNITS).refine((u) => MEASURE_KIND[u] === "volume", "Finished volume must be a volume (fl oz, gal, mL, L)"),
      })
      .nullish(),
    /** Where the product came from; default the applicator's vehicle when it carries it, else the main warehouse. */
    locationId: recordId("locationId must be a location id").optional(),
  })
  .strict();

const applicationFields = {
  customerName: requiredText(/*i18n*/ { id: "label.customerName", message: "Customer name" }, 200),
  serviceAddress: serviceAddressInput,
  siteDescription: optionalText(/*i18n*/ { id: "label.siteDescription", message: "Site description" }, 500),
  areaTreated: z.object({ amount: decimalAmount(/*i18n*/ { id: "label.areaTreated", message: "Area treated" }), unit: oneOfValues(/*i18n*/ { id: "label.areaUnit", message: "Area unit" }, AREA_UNITS) }, { error: say(/*i18n*/ { id: "application.areaTreatedIsRequired", message: "Area treated is required" }) }),
  startedAt: z.iso.datetime({ offset: true, error: say(/*i18n*/ { id: "application.startTimeMustBeAn", message: "Start time must be an ISO date-time" }) }),
  endedAt: z.iso.datetime({ offset: true, error: say(/*i18n*/ { id: "application.endTimeMustBeAn", message: "End time must be an ISO date-time" }) }).nullish(),
  targetPests: z
    .array(requiredText(/*i18n*/ { id: "label.targetPest", message: "Target pest" }, 120), { error: say(/*i18n*/ { id: "application.targetPestsMustBeA", message: "Target pests must be a list" }) })
    .min(1, say(/*i18n*/ { id: "application.nameAtLeastOneTarget", message: "Name at least one target pest" }))
    .max(20, say(/*i18n*/ { id: "application.atMost20TargetPests", message: "At most 20 target pests" })),
  method: oneOfValues(/*i18n*/ { id: "label.method", message: "Method" }, APPLICATION_METHODS),
  /** The applicator: default the signed-in user; a manager may record for someone else. */
  applicatorId: recordId("applicatorId must be a user id").optional(),
  /** A certified applicator who supervised the application (its licence covers a restricted-use product). */
  supervisorId: recordId("supervisorId must be a user id").nullish(),
  /** Names of non-certified applicators who worked under supervision. */
  supervisedApplicators: z.array(requiredText(/*i18n*/ { id: "label.applicatorName", message: "Applicator name" }, 200)).max(10, say(/*i18n*/ { id: "application.atMost10Names", message: "At most 10 names" })).default([]),
  weather: weatherInput,
  notes: optionalText(/*i18n*/ { id: "label.notes", message: "Notes" }, 2000, { multiline: true }),
};

export const recordApplicationInput = z
  .object({
    ...applicationFields,
    lines: z.array(applicationLineInput, { error: say(/*i18n*/ { id: "application.addAtLeastOneProduct", message: "Add at least one product" }) }).min(1, say(/*i18n*/ { id: "application.addAtLeastOneProduct", message: "Add at least one product" })).max(20, say(/*i18n*/ { id: "application.atMost20Products", message: "At most 20 products" })),
  })
  .strict()
  .refine((a) => !a.endedAt || a.endedAt >= a.startedAt, { message: say(/*i18n*/ { id: "application.endTimeMustBeAfter", message: "End time must be after the start time" }), path: ["endedAt"] });

/** An amendment line: an existing line by id (its amount changes; 0 takes it back), or a new product (no lineId). */
export const amendmentLineInput = applicationLineInput.extend({
  lineId: recordId("lineId must be a line of this record").optional(),
  amount: decimalAmount(/*i18n*/ { id: "label.amount", message: "Amount" }, { min: "0" }),
});

/** A correction: why, and only the fields that change (lines given with their lineId change those lines; lines without one are added). */
const f = applicationFields;
export const amendApplicationInput = z
  .object({
    applicationId: recordId("applicationId must be an application id"),
    reason: requiredText(/*i18n*/ { id: "label.reason", message: "Reason" }, 1000, { multiline: true }),
    customerName: f.customerName.optional(),
    serviceAddress: f.serviceAddress.optional(),
    siteDescription: f.siteDescription,
    areaTreated: f.areaTreated.optional(),
    startedAt: f.startedAt.optional(),
    endedAt: f.endedAt,
    targetPests: f.targetPests.optional(),
    method: f.method.optional(),
    supervisorId: f.supervisorId,
    supervisedApplicators: z.array(requiredText(/*i18n*/ { id: "label.applicatorName", message: "Applicator name" }, 200)).max(10, say(/*i18n*/ { id: "application.atMost10Names", message: "At most 10 names" })).optional(),
    weather: f.weather,
    notes: f.notes,
    lines: z.array(amendmentLineInput).max(20, say(/*i18n*/ { id: "application.atMost20Products", message: "At most 20 products" })).optional(),
  })
  .strict();

export type RecordApplicationInput = z.output<typeof recordApplicationInput>;
export type AmendApplicationInput = z.output<typeof amendApplicationInput>;

/** A certification (licence) a manager records for a user. */
export const setCertificationInput = z
  .object({
    userId: recordId("userId must be a user id"),
    number: requiredText(/*i18n*/ { id: "label.certificationNumber", message: "Certification number" }, 50),
    state: withTextRule(z.string({ error: say(/*i18n*/ { id: "application.stateIsRequired", message: "State is required" }) }).regex(US_STATE, say(/*i18n*/ { id: "application.stateMustBeATwo", message: "State must be a two-letter code, e.g. TX" })), /*i18n*/ { id: "label.state", message: "State" }).transform((v) => v.trim().toUpperCase()),
    categories: z.array(requiredText(/*i18n*/ { id: "label.category", message: "Category" }, 80)).max(20, say(/*i18n*/ { id: "application.atMost20Categories", message: "At most 20 categories" })).default([]),
    issuedOn: z.iso.date({ error: say(/*i18n*/ { id: "application.issuedOnMustBeA", message: "Issued on must be a date (YYYY-MM-DD)" }) }).nullish(),
    expiresOn: z.iso.date({ error: say(/*i18n*/ { id: "application.expiresOnMustBeA", message: "Expires on must be a date (YYYY-MM-DD)" }) }),
  })
  .strict()
  .refine((c) => !c.issuedOn || c.issuedOn <= c.expiresOn, { message: say(/*i18n*/ { id: "application.expiresOnMustBeAfter", message: "Expires on must be after the issue date" }), path: ["expiresOn"] });

/** A percent or amount text's thousandths, for sorting and sums. */
export const thousandthsOf = (text: string) => parseThousandths(text) ?? 0n;
