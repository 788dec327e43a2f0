import { z } from "zod";
import { say, type Label } from "./messages.ts";
import { optionalText, recordId, requiredText, withTextRule } from "./fields.ts";
import { textInput } from "./form.ts";
import { AREA_UNITS, MEASURE_KIND, MEASURE_UNITS, decimalAmount, parseThousandths } from "./measures.ts";

/*
 * Pesticide application records (issue 34): the inputs the server checks (server/domain/applications.ts)
 * and the Record application form checks, with the same limits and messages. What 40 CFR 171.303(b)(7)
 * asks of a restricted-use application, and what states commonly add (see ../shared/notes).
 */

export const APPLICATION_METHODS = ["SPRAY", "BAIT", "DUST", "FOG", "GRANULAR", "INJECTION", "OTHER"] as const;
export type ApplicationMethod = (typeof APPLICATION_METHODS)[number];
export const METHOD_LABEL: Record<ApplicationMethod, string> = {
  SPRAY: "Spray",
  BAIT: "Bait",
  DUST: "Dust",
  FOG: "Fog",
  GRANULAR: "Granular",
  INJECTION: "Injection",
  OTHER: "Other",
};

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
    state: withTextRule(
      z
        .string({ error: say(/*i18n*/ { id: "application.stateIsRequired", message: "State is required" }) })
        .regex(US_STATE, say(/*i18n*/ { id: "application.stateMustBeATwo", message: "State must be a two-letter code, e.g. TX" })),
      /*i18n*/ { id: "label.state", message: "State" },
    ).transform((v) => v.trim().toUpperCase()),
    zip: withTextRule(
      z
        .string({ error: say(/*i18n*/ { id: "application.zipIsRequired", message: "ZIP is required" }) })
        .regex(ZIP, say(/*i18n*/ { id: "application.zipMustBe5Digits", message: "ZIP must be 5 digits (or ZIP+4)" })),
      /*i18n*/ { id: "label.zip", message: "ZIP" },
    ).transform((v) => v.trim()),
  },
  { error: say(/*i18n*/ { id: "application.serviceAddressIsRequired", message: "Service address is required" }) },
);

/** A signed decimal (a temperature): at most 3 places, within ±999. */
const signedDecimal = (label: Label) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
    .refine(
      (v) => /^-?\d{1,3}(?:\.\d{1,3})?$/.test(v),
      say(/*i18n*/ { id: "field.notDecimal", message: "{label} must be a number with at most 3 decimals", values: { label } }),
    )
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
    unit: withTextRule(
      z
        .string({ error: say(/*i18n*/ { id: "application.unitIsRequired", message: "Unit is required" }) })
        .trim()
        .min(1, say(/*i18n*/ { id: "application.unitIsRequired", message: "Unit is required" }))
        .max(40),
      /*i18n*/ { id: "label.unit", message: "Unit" },
    ),
    /** Rate or dilution: `amount` of `unit` of product per `finishedVolume` of `finishedUnit` of finished mix. */
    dilution: z
      .object({
        amount: decimalAmount(/*i18n*/ { id: "label.dilutionAmount", message: "Dilution amount" }),
        unit: oneOfValues(/*i18n*/ { id: "label.dilutionUnit", message: "Dilution unit" }, MEASURE_UNITS),
        finishedVolume: decimalAmount(/*i18n*/ { id: "label.finishedVolume", message: "Finished volume" }),
        finishedUnit: oneOfValues(/*i18n*/ { id: "label.finishedVolumeUnit", message: "Finished volume unit" }, MEASURE_UNITS).refine(
          (u) => MEASURE_KIND[u] === "volume",
          say(/*i18n*/ { id: "application.finishedVolumeMustBeAVolume", message: "Finished volume must be a volume (fl oz, gal, mL, L)" }),
        ),
      })
      .nullish(),
    /** Where the product came from; default the applicator's vehicle when it carries it, else the main warehouse. */
    locationId: recordId("locationId must be a location id").optional(),
  })
  .strict();

export const applicationFields = {
  customerName: requiredText(/*i18n*/ { id: "label.customerName", message: "Customer name" }, 200),
  serviceAddress: serviceAddressInput,
  siteDescription: optionalText(/*i18n*/ { id: "label.siteDescription", message: "Site description" }, 500),
  areaTreated: z.object(
    {
      amount: decimalAmount(/*i18n*/ { id: "label.areaTreated", message: "Area treated" }),
      unit: oneOfValues(/*i18n*/ { id: "label.areaUnit", message: "Area unit" }, AREA_UNITS),
    },
    { error: say(/*i18n*/ { id: "application.areaTreatedIsRequired", message: "Area treated is required" }) },
  ),
  startedAt: z.iso.datetime({ offset: true, error: say(/*i18n*/ { id: "application.startTimeMustBeAn", message: "Start time must be an ISO date-time" }) }),
  endedAt: z.iso.datetime({ offset: true, error: say(/*i18n*/ { id: "application.endTimeMustBeAn", message: "End time must be an ISO date-time" }) }).nullish(),
  targetPests: z
    .array(requiredText(/*i18n*/ { id: "label.targetPest", message: "Target pest" }, 120), {
      error: say(/*i18n*/ { id: "application.targetPestsMustBeA", message: "Target pests must be a list" }),
    })
    .min(1, say(/*i18n*/ { id: "application.nameAtLeastOneTarget", message: "Name at least one target pest" }))
    .max(20, say(/*i18n*/ { id: "application.atMost20TargetPests", message: "At most 20 target pests" })),
  method: oneOfValues(/*i18n*/ { id: "label.method", message: "Method" }, APPLICATION_METHODS),
  /** The applicator: default the signed-in user; a manager may record for someone else. */
  applicatorId: recordId("applicatorId must be a user id").optional(),
  /** A certified applicator who supervised the application (its licence covers a restricted-use product). */
  supervisorId: recordId("supervisorId must be a user id").nullish(),
  /** Names of non-certified applicators who worked under supervision. */
  supervisedApplicators: z
    .array(requiredText(/*i18n*/ { id: "label.applicatorName", message: "Applicator name" }, 200))
    .max(10, say(/*i18n*/ { id: "application.atMost10Names", message: "At most 10 names" }))
    .default([]),
  weather: weatherInput,
  notes: optionalText(/*i18n*/ { id: "label.notes", message: "Notes" }, 2000, { multiline: true }),
};

export const recordApplicationInput = z
  .object({
    ...applicationFields,
    lines: z
      .array(applicationLineInput, { error: say(/*i18n*/ { id: "application.addAtLeastOneProduct", message: "Add at least one product" }) })
      .min(1, say(/*i18n*/ { id: "application.addAtLeastOneProduct", message: "Add at least one product" }))
      .max(20, say(/*i18n*/ { id: "application.atMost20Products", message: "At most 20 products" })),
  })
  .strict()
  .refine((a) => !a.endedAt || a.endedAt >= a.startedAt, {
    message: say(/*i18n*/ { id: "application.endTimeMustBeAfter", message: "End time must be after the start time" }),
    path: ["endedAt"],
  });

/** An amendment line: an existing line by id (its product, amount or unit changes; 0 takes it back), or a new product (no lineId). */
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
    supervisedApplicators: z
      .array(requiredText(/*i18n*/ { id: "label.applicatorName", message: "Applicator name" }, 200))
      .max(10, say(/*i18n*/ { id: "application.atMost10Names", message: "At most 10 names" }))
      .optional(),
    weather: f.weather,
    notes: f.notes,
    lines: z
      .array(amendmentLineInput)
      .max(20, say(/*i18n*/ { id: "application.atMost20Products", message: "At most 20 products" }))
      .optional(),
    /** Lines taken off: what they took goes back to stock; they stay on the record at 0. */
    removeLineIds: z
      .array(recordId("removeLineIds must be lines of this record"))
      .max(20, say(/*i18n*/ { id: "application.atMost20Products", message: "At most 20 products" }))
      .optional(),
  })
  .strict();

export type RecordApplicationInput = z.output<typeof recordApplicationInput>;
export type AmendApplicationInput = z.output<typeof amendApplicationInput>;

/** A certification (licence) a manager records for a user. */
export const setCertificationInput = z
  .object({
    userId: recordId("userId must be a user id"),
    number: requiredText(/*i18n*/ { id: "label.certificationNumber", message: "Certification number" }, 50),
    state: withTextRule(
      z
        .string({ error: say(/*i18n*/ { id: "application.stateIsRequired", message: "State is required" }) })
        .regex(US_STATE, say(/*i18n*/ { id: "application.stateMustBeATwo", message: "State must be a two-letter code, e.g. TX" })),
      /*i18n*/ { id: "label.state", message: "State" },
    ).transform((v) => v.trim().toUpperCase()),
    categories: z
      .array(requiredText(/*i18n*/ { id: "label.category", message: "Category" }, 80))
      .max(20, say(/*i18n*/ { id: "application.atMost20Categories", message: "At most 20 categories" }))
      .default([]),
    issuedOn: z.iso.date({ error: say(/*i18n*/ { id: "application.issuedOnMustBeA", message: "Issued on must be a date (YYYY-MM-DD)" }) }).nullish(),
    expiresOn: z.iso.date({ error: say(/*i18n*/ { id: "application.expiresOnMustBeA", message: "Expires on must be a date (YYYY-MM-DD)" }) }),
  })
  .strict()
  .refine((c) => !c.issuedOn || c.issuedOn <= c.expiresOn, {
    message: say(/*i18n*/ { id: "application.expiresOnMustBeAfter", message: "Expires on must be after the issue date" }),
    path: ["expiresOn"],
  });

/** A percent or amount text's thousandths, for sorting and sums. */
export const thousandthsOf = (text: string) => parseThousandths(text) ?? 0n;

/*
 * The 'Record application' and 'Amend' forms: the inputs hold text, read here into the very fields
 * above (same limits and messages). Ids (products, places, people) are Relay ids the form picks, so
 * they pass as text; the server decodes and checks them.
 */

const blankToNull = (v: string) => (v.trim() === "" ? null : v);
/** A `datetime-local` input's text (the phone's local time) as an ISO date-time, blank → null. */
export const localDateTimeToIso = (v: string): string | null => {
  if (!v.trim()) return null;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? v : at.toISOString();
};
/** An ISO date-time as a `datetime-local` input's text in the phone's local time. */
export const isoToLocalDateTime = (iso: string | Date): string => {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/** A required amount input: blank says '<label> is required' (not the union's own first message), else the shared decimal rule. */
const amountInput = (label: Label, schema: z.ZodType<string, string | number>) =>
  z
    .string()
    .refine((v) => v.trim() !== "", say(/*i18n*/ { id: "field.required", message: "{label} is required", values: { label } }))
    .pipe(schema as unknown as z.ZodType<string, string>);
const AMOUNT: Label = /*i18n*/ { id: "label.amount", message: "Amount" };
const AREA_TREATED: Label = /*i18n*/ { id: "label.areaTreated", message: "Area treated" };
const optionalFormId = z.string().transform((v) => (v.trim() === "" ? undefined : v));

/** A product line as the form holds it. */
export const applicationLineForm = z
  .object({
    itemId: z.string().min(1, say(/*i18n*/ { id: "application.chooseTheProductThatWas", message: "Choose the product that was applied" })),
    amount: amountInput(AMOUNT, applicationLineInput.shape.amount),
    unit: applicationLineInput.shape.unit,
    dilutionAmount: z.string(),
    dilutionUnit: z.string(),
    finishedVolume: z.string(),
    finishedUnit: z.string(),
    locationId: optionalFormId,
  })
  .transform((l, ctx) => {
    const given = [l.dilutionAmount, l.finishedVolume].some((v) => v.trim() !== "");
    let dilution: z.output<typeof applicationLineInput.shape.dilution> = null;
    if (given) {
      const checked = applicationLineInput.shape.dilution.safeParse({
        amount: l.dilutionAmount.trim() || undefined,
        unit: l.dilutionUnit || undefined,
        finishedVolume: l.finishedVolume.trim() || undefined,
        finishedUnit: l.finishedUnit || undefined,
      });
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const key =
            issue.path[0] === "amount"
              ? "dilutionAmount"
              : issue.path[0] === "unit"
                ? "dilutionUnit"
                : issue.path[0] === "finishedUnit"
                  ? "finishedUnit"
                  : "finishedVolume";
          ctx.addIssue({ code: "custom", message: issue.message, path: [key] });
        }
        return z.NEVER;
      }
      dilution = checked.data;
    }
    return { itemId: l.itemId, amount: l.amount, unit: l.unit, dilution, ...(l.locationId && { locationId: l.locationId }) };
  });

const weatherForm = z
  .object({ temperatureF: z.string(), windSpeedMph: z.string(), windDirection: z.string() })
  .transform((w) => ({ temperatureF: blankToNull(w.temperatureF), windSpeedMph: blankToNull(w.windSpeedMph), windDirection: blankToNull(w.windDirection) }))
  .pipe(
    weatherInput.unwrap().unwrap() as unknown as z.ZodType<
      { temperatureF?: string | null; windSpeedMph?: string | null; windDirection?: string | null },
      { temperatureF: string | null; windSpeedMph: string | null; windDirection: string | null }
    >,
  )
  .transform((w) => (w.temperatureF || w.windSpeedMph || w.windDirection ? w : null));

const visitFormFields = {
  customerName: applicationFields.customerName,
  serviceAddress: serviceAddressInput,
  siteDescription: textInput(applicationFields.siteDescription, null),
  areaAmount: amountInput(AREA_TREATED, decimalAmount(AREA_TREATED)),
  areaUnit: oneOfValues(/*i18n*/ { id: "label.areaUnit", message: "Area unit" }, AREA_UNITS),
  startedAt: z
    .string()
    .min(1, say(/*i18n*/ { id: "application.startTimeIsRequired", message: "Start time is required" }))
    .transform(localDateTimeToIso)
    .pipe(applicationFields.startedAt),
  endedAt: z
    .string()
    .transform(localDateTimeToIso)
    .pipe(applicationFields.endedAt as z.ZodType<string | null | undefined, string | null>),
  targetPests: applicationFields.targetPests,
  method: z
    .string()
    .transform((v) => v || undefined)
    .pipe(applicationFields.method),
  supervisorId: optionalFormId,
  supervisedApplicators: applicationFields.supervisedApplicators,
  weather: weatherForm,
  notes: textInput(applicationFields.notes, null),
};

/** The 'Record application' form; its output, with the ids, is `recordApplication`'s input. */
export const recordApplicationForm = z
  .object({
    ...visitFormFields,
    applicatorId: optionalFormId,
    lines: z
      .array(applicationLineForm)
      .min(1, say(/*i18n*/ { id: "application.addAtLeastOneProduct", message: "Add at least one product" }))
      .max(20, say(/*i18n*/ { id: "application.atMost20Products", message: "At most 20 products" })),
  })
  .refine((a) => !a.endedAt || !a.startedAt || a.endedAt >= a.startedAt, {
    message: say(/*i18n*/ { id: "application.endTimeMustBeAfter", message: "End time must be after the start time" }),
    path: ["endedAt"],
  })
  .transform(({ areaAmount, areaUnit, supervisorId, applicatorId, ...a }) => ({
    ...a,
    areaTreated: { amount: areaAmount, unit: areaUnit },
    ...(supervisorId && { supervisorId }),
    ...(applicatorId && { applicatorId }),
  }));

export type RecordApplicationFormValues = z.input<typeof recordApplicationForm>;

/** A blank line for a product, in its first unit. */
export const newLineValues = (itemId: string, unit: string): RecordApplicationFormValues["lines"][number] => ({
  itemId,
  amount: "",
  unit,
  dilutionAmount: "",
  dilutionUnit: "FL_OZ",
  finishedVolume: "",
  finishedUnit: "GAL",
  locationId: "",
});

/** The parts of a record the Amend form edits; each is checked (and sent) only when it was changed. */
export const AMENDABLE = [
  "customerName",
  "serviceAddress",
  "siteDescription",
  "area",
  "startedAt",
  "endedAt",
  "targetPests",
  "method",
  "supervisor",
  "supervisedApplicators",
  "weather",
  "notes",
] as const;
export type Amendable = (typeof AMENDABLE)[number];

const amendLineForm = z.object({
  lineId: z.string(),
  itemId: z.string(),
  unit: z.string(),
  amount: amountInput(AMOUNT, amendmentLineInput.shape.amount),
});

/** The Amend form's supervisor: blank takes the supervisor off the record (null), else the Relay id picked. */
const amendSupervisorForm = z.string().transform((v) => (v.trim() === "" ? null : v));

/**
 * The Amend form, for the parts that `changed` (and the lines whose amount changed): the reason is
 * required; a migrated record's parts left 'not recorded' need no value unless they are changed.
 * Products added (`newLines`, checked as on 'Record application') follow the changed lines; lines
 * removed are `removeLineIds`. Its output, with the applicationId, is `amendApplication`'s input.
 */
export const amendApplicationForm = (changed: ReadonlySet<Amendable>, linesChanged: boolean) => {
  const v = visitFormFields;
  const pick = <K extends Amendable, S extends z.ZodType>(key: K, schema: S) => (changed.has(key) ? schema : z.any().transform(() => undefined));
  return z
    .object({
      reason: amendApplicationInput.shape.reason,
      customerName: pick("customerName", v.customerName),
      serviceAddress: pick("serviceAddress", v.serviceAddress),
      siteDescription: pick("siteDescription", v.siteDescription),
      areaAmount: pick("area", v.areaAmount),
      areaUnit: pick("area", v.areaUnit),
      startedAt: pick("startedAt", v.startedAt),
      endedAt: pick("endedAt", v.endedAt),
      targetPests: pick("targetPests", v.targetPests),
      method: pick("method", v.method),
      supervisorId: pick("supervisor", amendSupervisorForm),
      supervisedApplicators: pick("supervisedApplicators", v.supervisedApplicators),
      weather: pick("weather", v.weather),
      notes: pick("notes", v.notes),
      lines: linesChanged ? z.array(amendLineForm) : z.any().transform(() => undefined),
      newLines: z.array(applicationLineForm).max(20, "At most 20 products").default([]),
      removeLineIds: z.array(z.string()).default([]),
    })
    .transform(({ areaAmount, areaUnit, lines, newLines, removeLineIds, ...a }) => {
      const out: Record<string, unknown> = { reason: a.reason };
      for (const [k, value] of Object.entries(a)) if (value !== undefined) out[k] = value;
      if (areaAmount !== undefined && areaUnit !== undefined) out.areaTreated = { amount: areaAmount, unit: areaUnit };
      if (lines) out.lines = lines;
      if (newLines.length) out.newLines = newLines;
      if (removeLineIds.length) out.removeLineIds = removeLineIds;
      return out as Omit<AmendApplicationInput, "applicationId" | "lines" | "removeLineIds" | "supervisorId"> & {
        supervisorId?: string | null;
        lines?: { lineId: string; itemId: string; unit: string; amount: string }[];
        newLines?: z.output<typeof applicationLineForm>[];
        removeLineIds?: string[];
      };
    });
};

/** What the Amend form holds. */
export type AmendApplicationFormValues = Omit<RecordApplicationFormValues, "applicatorId" | "lines"> & {
  reason: string;
  lines: { lineId: string; itemId: string; unit: string; amount: string }[];
  /** Products added, as 'Record application' holds them. */
  newLines: RecordApplicationFormValues["lines"];
  /** Lines taken off the record (their ids). */
  removeLineIds: string[];
};
