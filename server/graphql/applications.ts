import type { ApplicationAmendment, Certification } from "../db/generated/client.ts";
import { APPLICATION_METHODS, RECORD_WITHIN_DAYS } from "../../schemas/applications.ts";
import { MEASURE_LABEL } from "../../schemas/measures.ts";
import { applicationNodeWhere, applicationVisibleWhere } from "../domain/access.ts";
import { monthlySummary, rupReport, type MonthlyProduct, type RupRow } from "../domain/applicationReports.ts";
import { amendApplication, countApplications, decimalText, findApplications, recordApplication, type ApplicationFilter } from "../domain/applications.ts";
import { expiringCertifications, readableCertification, setCertification, validOn } from "../domain/certifications.ts";
import { DAY_MS, utcDay } from "../domain/days.ts";
import { ForbiddenError, ValidationError } from "../domain/errors.ts";
import { activeIngredientsOf } from "../domain/products.ts";
import { reportRange } from "../domain/reports.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";
import { AreaUnitEnum, DecimalScalar, MeasureUnitEnum, SignalWordEnum } from "./products.ts";

/*
 * Pesticide application records and applicator certifications (issue 34). The names here are the
 * ones integrators were promised: recordApplication, amendApplication, applications(filter),
 * Application, setCertification, User.certification.
 */

export const ApplicationMethodEnum = builder.enumType("ApplicationMethod", { values: APPLICATION_METHODS });

const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export const CertificationType = builder.prismaObject("Certification", {
  description: "A user's pesticide applicator certification (licence)",
  fields: (t) => ({
    number: t.exposeString("number"),
    state: t.exposeString("state"),
    categories: t.exposeStringList("categories"),
    issuedOn: t.string({ nullable: true, description: "YYYY-MM-DD", resolve: (c) => dateOnly(c.issuedOn) }),
    expiresOn: t.string({ description: "YYYY-MM-DD", resolve: (c) => dateOnly(c.expiresOn)! }),
    valid: t.boolean({ description: "Valid today (UTC)", resolve: (c) => validOn(c, new Date()) }),
    expiresInDays: t.int({ description: "Days until it expires (negative once it has)", resolve: (c) => Math.round((utcDay(c.expiresOn) - utcDay(new Date())) / DAY_MS) }),
    user: t.relation("user"),
  }),
});

builder.prismaObjectField("User", "certification", (t) =>
  t.field({
    type: CertificationType,
    nullable: true,
    description: "The applicator certification: managers and the user themself read it",
    // Selected with the user's row (a list of users is one query, not one per user).
    select: { certification: true },
    resolve: (u, _args, ctx) => readableCertification(ctx.actor, u.id, u.certification),
  }),
);

const ServiceAddressType = builder.objectRef<{ street: string | null; city: string | null; state: string | null; zip: string | null }>("ServiceAddress").implement({
  fields: (t) => ({
    street: t.exposeString("street", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    state: t.exposeString("state", { nullable: true }),
    zip: t.exposeString("zip", { nullable: true }),
  }),
});
const AreaType = builder.objectRef<{ amount: string; unit: (typeof AreaUnitEnum)["$inferType"] }>("AreaTreated").implement({
  fields: (t) => ({ amount: t.field({ type: DecimalScalar, resolve: (a) => a.amount }), unit: t.field({ type: AreaUnitEnum, resolve: (a) => a.unit }) }),
});
const WeatherType = builder.objectRef<{ temperatureF: string | null; windSpeedMph: string | null; windDirection: string | null }>("Weather").implement({
  fields: (t) => ({
    temperatureF: t.field({ type: DecimalScalar, nullable: true, resolve: (w) => w.temperatureF }),
    windSpeedMph: t.field({ type: DecimalScalar, nullable: true, resolve: (w) => w.windSpeedMph }),
    windDirection: t.exposeString("windDirection", { nullable: true }),
  }),
});
const DilutionType = builder
  .objectRef<{ amount: string; unit: (typeof MeasureUnitEnum)["$inferType"]; finishedVolume: string; finishedUnit: (typeof MeasureUnitEnum)["$inferType"] }>("Dilution")
  .implement({
    description: "Amount of product per finished volume of mix",
    fields: (t) => ({
      amount: t.field({ type: DecimalScalar, resolve: (d) => d.amount }),
      unit: t.field({ type: MeasureUnitEnum, resolve: (d) => d.unit }),
      finishedVolume: t.field({ type: DecimalScalar, resolve: (d) => d.finishedVolume }),
      finishedUnit: t.field({ type: MeasureUnitEnum, resolve: (d) => d.finishedUnit }),
    }),
  });
const IngredientType = builder.objectRef<{ name: string; percent: string | null }>("LineActiveIngredient").implement({
  fields: (t) => ({ name: t.exposeString("name"), percent: t.field({ type: DecimalScalar, nullable: true, resolve: (i) => i.percent }) }),
});

builder.prismaNode("ApplicationLine", {
  id: { field: "id" },
  nullable: true,
  description: "One product of an application, with its label facts as they were when recorded",
  // By id as its record: only a reader of the application reads its lines.
  findUnique: (id, ctx) => ({ id: Number(id), application: applicationVisibleWhere(ctx.actor) }),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    productName: t.exposeString("productName"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    restrictedUse: t.exposeBoolean("restrictedUse"),
    signalWord: t.field({ type: SignalWordEnum, nullable: true, resolve: (l) => l.signalWord }),
    activeIngredients: t.field({ type: [IngredientType], resolve: (l) => activeIngredientsOf({ activeIngredients: l.activeIngredients }) }),
    amount: t.field({ type: DecimalScalar, description: "As entered; 0 when an amendment took the line back", resolve: (l) => decimalText(l.amount)! }),
    unit: t.exposeString("unit", { description: "A MeasureUnit (FL_OZ, GAL…) for a measured product, else the item's unit (boxes…)" }),
    unitLabel: t.string({ description: "How the unit is written: fl oz, gal, boxes…", resolve: (l) => (MEASURE_LABEL as Record<string, string>)[l.unit] ?? l.unit }),
    dilution: t.field({
      type: DilutionType,
      nullable: true,
      resolve: (l) =>
        l.dilutionAmount && l.dilutionUnit && l.finishedVolume && l.finishedUnit
          ? { amount: decimalText(l.dilutionAmount)!, unit: l.dilutionUnit, finishedVolume: decimalText(l.finishedVolume)!, finishedUnit: l.finishedUnit }
          : null,
    }),
    item: t.relation("item", { nullable: true, description: "The inventory item (null once deleted; the snapshots stay)" }),
    locationDatabaseId: t.exposeInt("locationId", { nullable: true, description: "Where the product was taken from" }),
  }),
});

const ChangeType = builder.objectRef<{ field: string; before: string; after: string }>("ApplicationChange").implement({
  fields: (t) => ({ field: t.exposeString("field"), before: t.exposeString("before"), after: t.exposeString("after") }),
});

builder.prismaObject("ApplicationAmendment", {
  description: "A correction: who, when, why, what changed; the record as it was stays readable",
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    user: t.relation("user"),
    reason: t.exposeString("reason"),
    changes: t.field({ type: [ChangeType], resolve: (a: ApplicationAmendment) => a.changes as { field: string; before: string; after: string }[] }),
    late: t.exposeBoolean("late", { description: `Made more than ${RECORD_WITHIN_DAYS} days after the application` }),
    beforeJson: t.string({ description: "The record with its lines as it stood before this amendment (JSON)", resolve: (a) => JSON.stringify(a.before) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const ApplicationNode = builder.prismaNode("Application", {
  id: { field: "id" },
  nullable: true,
  description: "A pesticide application record: evidence, kept at least 2 years, corrected only by amendments. Fields a converted chemical-use record lacks are null (not recorded).",
  findUnique: (id, ctx) => applicationNodeWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    customerName: t.exposeString("customerName", { nullable: true }),
    serviceAddress: t.field({
      type: ServiceAddressType,
      select: { street: true, city: true, state: true, zip: true },
      resolve: (a) => ({ street: a.street, city: a.city, state: a.state, zip: a.zip }),
    }),
    siteDescription: t.exposeString("siteDescription", { nullable: true }),
    areaTreated: t.field({
      type: AreaType,
      nullable: true,
      select: { areaAmount: true, areaUnit: true },
      resolve: (a) => (a.areaAmount && a.areaUnit ? { amount: decimalText(a.areaAmount)!, unit: a.areaUnit } : null),
    }),
    startedAt: t.expose("startedAt", { type: "DateTime" }),
    endedAt: t.expose("endedAt", { type: "DateTime", nullable: true }),
    targetPests: t.exposeStringList("targetPests"),
    method: t.field({ type: ApplicationMethodEnum, nullable: true, select: { method: true }, resolve: (a) => a.method }),
    lines: t.relation("lines", { query: { orderBy: { position: "asc" } } }),
    restrictedUse: t.boolean({ description: "Any product is restricted use", select: { lines: { select: { restrictedUse: true } } }, resolve: (a) => a.lines.some((l) => l.restrictedUse) }),
    applicator: t.relation("applicator"),
    applicatorName: t.exposeString("applicatorName", { description: "As when recorded" }),
    certificationNumber: t.exposeString("certificationNumber", { nullable: true, description: "The applicator's licence valid on the date, as when recorded" }),
    certificationState: t.exposeString("certificationState", { nullable: true }),
    supervisor: t.relation("supervisor", { nullable: true }),
    supervisorName: t.exposeString("supervisorName", { nullable: true }),
    supervisorCertificationNumber: t.exposeString("supervisorCertificationNumber", { nullable: true }),
    supervisedApplicators: t.exposeStringList("supervisedApplicators", { description: "Non-certified applicators under supervision" }),
    weather: t.field({
      type: WeatherType,
      nullable: true,
      select: { temperatureF: true, windSpeedMph: true, windDirection: true },
      resolve: (a) =>
        a.temperatureF == null && a.windSpeedMph == null && !a.windDirection
          ? null
          : { temperatureF: decimalText(a.temperatureF), windSpeedMph: decimalText(a.windSpeedMph), windDirection: a.windDirection },
    }),
    notes: t.exposeString("notes", { nullable: true }),
    recordedBy: t.relation("recordedBy"),
    amendments: t.relation("amendments", { query: { orderBy: { createdAt: "asc" } } }),
    late: t.boolean({
      description: `Recorded or amended more than ${RECORD_WITHIN_DAYS} days after the application`,
      select: { startedAt: true, createdAt: true, amendments: { select: { late: true } } },
      resolve: (a) => a.createdAt.getTime() - utcDay(a.startedAt) > (RECORD_WITHIN_DAYS + 1) * DAY_MS || a.amendments.some((m) => m.late),
    }),
    customerCopyUrl: t.string({ description: "The one-page customer copy (PDF)", resolve: (a) => `/api/applications/${a.id}/customer-copy.pdf` }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const ApplicationFilterInput = builder.inputType("ApplicationFilter", {
  fields: (t) => ({
    from: t.string({ description: "YYYY-MM-DD (UTC), included" }),
    to: t.string({ description: "YYYY-MM-DD (UTC), included" }),
    applicatorId: t.id(),
    restrictedUseOnly: t.boolean(),
    customer: t.string({ description: "Part of the customer's name" }),
    itemId: t.id({ description: "Records that applied this product" }),
  }),
});

type FilterArg = { from?: string | null; to?: string | null; applicatorId?: string | number | null; restrictedUseOnly?: boolean | null; customer?: string | null; itemId?: string | number | null } | null | undefined;
function filterOf(f: FilterArg): ApplicationFilter {
  const day = (v: string | null | undefined, field: string) => {
    if (!v) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) throw new ValidationError(/*i18n*/ { id: "application.mustBeADateYYYY", message: "{field} must be a date (YYYY-MM-DD)", values: { field } }, field);
    return new Date(v);
  };
  return {
    from: day(f?.from, "from"),
    to: day(f?.to, "to"),
    applicatorId: f?.applicatorId ? databaseId(f.applicatorId, ["User"], "applicatorId").id : undefined,
    restrictedUseOnly: f?.restrictedUseOnly ?? undefined,
    customer: f?.customer ?? undefined,
    itemId: f?.itemId ? databaseId(f.itemId, ["InventoryItem"], "itemId").id : undefined,
  };
}

const RupRowType = builder.objectRef<RupRow>("RupRecordRow").implement({
  description: "One restricted-use product of one application: the fields 40 CFR 171.303(b)(7) asks",
  fields: (t) => ({
    applicationDatabaseId: t.exposeInt("applicationId"),
    customerName: t.exposeString("customerName", { nullable: true }),
    customerAddress: t.exposeString("customerAddress", { nullable: true }),
    location: t.exposeString("location", { nullable: true }),
    areaTreated: t.exposeString("areaTreated", { nullable: true }),
    date: t.exposeString("date"),
    time: t.exposeString("time"),
    productName: t.exposeString("productName"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    amountApplied: t.exposeString("amountApplied"),
    certifiedApplicator: t.exposeString("certifiedApplicator", { nullable: true }),
    certificationNumber: t.exposeString("certificationNumber", { nullable: true }),
    supervisedApplicators: t.exposeString("supervisedApplicators"),
  }),
});
const MonthlyProductType = builder.objectRef<MonthlyProduct>("ApplicationMonthlyProduct").implement({
  fields: (t) => ({
    month: t.exposeString("month", { description: "YYYY-MM" }),
    productName: t.exposeString("productName"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    restrictedUse: t.exposeBoolean("restrictedUse"),
    totalAmount: t.field({ type: DecimalScalar, resolve: (r) => r.totalAmount }),
    unit: t.exposeString("unit"),
    applications: t.exposeInt("applications"),
  }),
});

const ApplicationReportsType = builder.objectRef<{ from: string; to: string }>("ApplicationReports").implement({
  description: "For the inspector, over a date range",
  fields: (t) => ({
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    rupRecords: t.field({ type: [RupRowType], resolve: async (r, _a, ctx) => (await rupReport(ctx.deps, ctx.actor, r)).rows }),
    monthlySummary: t.field({ type: [MonthlyProductType], resolve: async (r, _a, ctx) => (await monthlySummary(ctx.deps, ctx.actor, r)).rows }),
    rupReportCsvUrl: t.string({ resolve: (r) => `/api/applications/rup-report.csv?from=${r.from}&to=${r.to}` }),
    rupReportPdfUrl: t.string({ resolve: (r) => `/api/applications/rup-report.pdf?from=${r.from}&to=${r.to}` }),
    monthlySummaryCsvUrl: t.string({ resolve: (r) => `/api/applications/monthly-summary.csv?from=${r.from}&to=${r.to}` }),
    logCsvUrl: t.string({ resolve: (r) => `/api/applications/log.csv?from=${r.from}&to=${r.to}` }),
  }),
});

builder.queryFields((t) => ({
  applications: t.prismaConnection({
    type: "Application",
    cursor: "id",
    maxSize: 100,
    description: "Newest first. A technician reads the records they applied or entered; managers all",
    args: { filter: t.arg({ type: ApplicationFilterInput }) },
    resolve: (query, _root, args, ctx) => findApplications(ctx.deps, ctx.actor, filterOf(args.filter), query),
    totalCount: (_c, args, ctx) => countApplications(ctx.deps, ctx.actor, filterOf(args.filter)),
  }),
  applicationReports: t.field({
    type: ApplicationReportsType,
    description: "Managers only. `from` and `to` are UTC calendar dates (YYYY-MM-DD), both included; at most 731 days",
    errors: { types: [ForbiddenError, ValidationError] },
    args: { from: t.arg.string({ required: true }), to: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const range = reportRange(ctx.actor, { from: args.from, to: args.to });
      return { from: range.from, to: range.to };
    },
  }),
  expiringCertifications: t.prismaField({
    type: ["Certification"],
    description: "Managers: certifications that expire within 60 days, or have expired",
    resolve: (query, _root, _args, ctx) => expiringCertifications(ctx.deps, ctx.actor, query),
  }),
}));

const ServiceAddressInput = builder.inputType("ServiceAddressInput", {
  fields: (t) => ({ street: t.string({ required: true }), city: t.string({ required: true }), state: t.string({ required: true, description: "Two letters, e.g. TX" }), zip: t.string({ required: true }) }),
});
const AreaInput = builder.inputType("AreaTreatedInput", { fields: (t) => ({ amount: t.field({ type: DecimalScalar, required: true }), unit: t.field({ type: AreaUnitEnum, required: true }) }) });
const DilutionInput = builder.inputType("DilutionInput", {
  fields: (t) => ({
    amount: t.field({ type: DecimalScalar, required: true }),
    unit: t.field({ type: MeasureUnitEnum, required: true }),
    finishedVolume: t.field({ type: DecimalScalar, required: true }),
    finishedUnit: t.field({ type: MeasureUnitEnum, required: true }),
  }),
});
const WeatherInput = builder.inputType("WeatherInput", {
  fields: (t) => ({ temperatureF: t.field({ type: DecimalScalar }), windSpeedMph: t.field({ type: DecimalScalar }), windDirection: t.string() }),
});
const lineFields = (t: Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0]) => ({
  itemId: t.id({ required: true, description: "The InventoryItem applied" }),
  amount: t.field({ type: DecimalScalar, required: true }),
  unit: t.string({ required: true, description: "A MeasureUnit name (FL_OZ, GAL, ML, L, OZ, LB, G, KG) for a measured product, else the item's unit" }),
  dilution: t.field({ type: DilutionInput }),
  locationId: t.id({ description: "Where it came from; default the applicator's vehicle when it carries it, else the main warehouse" }),
});
const ApplicationLineInput = builder.inputType("ApplicationLineInput", { fields: (t) => lineFields(t) });
const AmendApplicationLineInput = builder.inputType("AmendApplicationLineInput", {
  description: "With lineId: that line's new product, amount or unit (0 takes it back); without: a product added",
  fields: (t) => ({ lineId: t.id(), ...lineFields(t) }),
});

const commonFields = (t: Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0], required: boolean) => ({
  customerName: t.string({ required }),
  serviceAddress: t.field({ type: ServiceAddressInput, required }),
  siteDescription: t.string(),
  areaTreated: t.field({ type: AreaInput, required }),
  startedAt: t.string({ required, description: "ISO date-time with offset" }),
  endedAt: t.string({ description: "ISO date-time with offset" }),
  targetPests: t.stringList({ required }),
  method: t.field({ type: ApplicationMethodEnum, required }),
  supervisorId: t.id({ description: "A certified applicator who supervised" }),
  supervisedApplicators: t.stringList({ description: "Non-certified applicators under supervision" }),
  weather: t.field({ type: WeatherInput }),
  notes: t.string(),
});

const RecordApplicationInput = builder.inputType("RecordApplicationInput", {
  fields: (t) => ({
    ...commonFields(t, true),
    lines: t.field({ type: [ApplicationLineInput], required: true }),
    applicatorId: t.id({ description: "Managers may record for someone else; default the signed-in user" }),
  }),
});
const AmendApplicationInput = builder.inputType("AmendApplicationInput", {
  description: "Why, and only what changes",
  fields: (t) => ({
    applicationId: t.id({ required: true }),
    reason: t.string({ required: true }),
    ...commonFields(t, false),
    lines: t.field({ type: [AmendApplicationLineInput] }),
    removeLineIds: t.idList({ description: "ApplicationLines taken off the record: their stock goes back; they stay readable at 0" }),
  }),
});
const SetCertificationInput = builder.inputType("SetCertificationInput", {
  fields: (t) => ({
    userId: t.id({ required: true }),
    number: t.string({ required: true }),
    state: t.string({ required: true }),
    categories: t.stringList(),
    issuedOn: t.string({ description: "YYYY-MM-DD" }),
    expiresOn: t.string({ required: true, description: "YYYY-MM-DD" }),
  }),
});

type LineArg = { lineId?: string | number | null; itemId: string | number; amount: string; unit: string; dilution?: unknown; locationId?: string | number | null };
/** Global ids to database ids; absent stays absent (null where the input allows null). */
function idsOf<T extends Record<string, unknown>>(input: T) {
  const out: Record<string, unknown> = { ...input };
  for (const key of Object.keys(out)) if (out[key] === null && !["siteDescription", "endedAt", "supervisorId", "weather", "notes"].includes(key)) delete out[key];
  if (input.applicatorId) out.applicatorId = databaseId(input.applicatorId as string, ["User"], "applicatorId").id;
  if (input.supervisorId) out.supervisorId = databaseId(input.supervisorId as string, ["User"], "supervisorId").id;
  if (input.applicationId) out.applicationId = databaseId(input.applicationId as string, ["Application"], "applicationId").id;
  if (Array.isArray(input.removeLineIds)) out.removeLineIds = (input.removeLineIds as (string | number)[]).map((id, i) => databaseId(id, ["ApplicationLine"], `removeLineIds.${i}`).id);
  if (Array.isArray(input.lines)) {
    out.lines = (input.lines as LineArg[]).map((l, i) => {
      const line: Record<string, unknown> = { ...l, itemId: databaseId(l.itemId, ["InventoryItem"], `lines.${i}.itemId`).id };
      if (l.lineId) line.lineId = databaseId(l.lineId, ["ApplicationLine"], `lines.${i}.lineId`).id;
      else delete line.lineId;
      if (l.locationId) line.locationId = databaseId(l.locationId, ["StockLocation"], `lines.${i}.locationId`).id;
      else delete line.locationId;
      if (l.dilution == null) delete line.dilution;
      return line;
    });
  }
  return out;
}

const RecordApplicationPayload = builder.objectRef<{ application: { id: number } }>("RecordApplicationPayload").implement({
  fields: (t) => ({ application: t.field({ type: ApplicationNode, resolve: (p, _a, ctx) => ctx.deps.prisma.application.findUniqueOrThrow({ where: { id: p.application.id } }) }) }),
});
const AmendApplicationPayload = builder.objectRef<{ application: { id: number } }>("AmendApplicationPayload").implement({
  fields: (t) => ({ application: t.field({ type: ApplicationNode, resolve: (p, _a, ctx) => ctx.deps.prisma.application.findUniqueOrThrow({ where: { id: p.application.id } }) }) }),
});
const SetCertificationPayload = builder.objectRef<{ certification: Certification }>("SetCertificationPayload").implement({
  fields: (t) => ({ certification: t.expose("certification", { type: CertificationType }) }),
});

builder.mutationFields((t) => ({
  recordApplication: t.field({
    type: RecordApplicationPayload,
    description: "Records an application and takes each product from stock, in one transaction",
    errors: { types: userErrors },
    args: { input: t.arg({ type: RecordApplicationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ application: await recordApplication(ctx.deps, ctx.actor, idsOf(input)) }),
  }),
  amendApplication: t.field({
    type: AmendApplicationPayload,
    description: "Corrects a record: the original stays readable, stock follows by the difference",
    errors: { types: userErrors },
    args: { input: t.arg({ type: AmendApplicationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ application: await amendApplication(ctx.deps, ctx.actor, idsOf(input)) }),
  }),
  setCertification: t.field({
    type: SetCertificationPayload,
    description: "Managers: a user's current applicator certification",
    errors: { types: userErrors },
    args: { input: t.arg({ type: SetCertificationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      certification: await setCertification(ctx.deps, ctx.actor, { ...idsOf(input), userId: databaseId(input.userId, ["User"], "userId").id }),
    }),
  }),
}));
