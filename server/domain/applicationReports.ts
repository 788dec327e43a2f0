import PDFDocument from "pdfkit";
import type { MeasureUnit } from "../db/generated/client.ts";
import { SIGNAL_WORD_LABEL } from "../../schemas/constants.ts";
import { METHOD_LABEL } from "../../schemas/applications.ts";
import { MEASURE_KIND, MEASURE_LABEL, fromBase } from "../../schemas/measures.ts";
import {
  addressOf,
  areaText,
  certifiedApplicatorOf,
  decimalText,
  getApplication,
  ingredientsOf,
  lineText,
  weatherText,
  type ApplicationWithLines,
} from "./applications.ts";
import { requireActor, type Actor, type Deps } from "./context.ts";
import { toCsv, type CsvColumn } from "./csv.ts";
import { isoDate } from "./days.ts";
import { pdfText } from "./purchaseOrderPdf.ts";
import type { Message } from "../../schemas/messages.ts";
import { DEFAULT_LOCALE, render, type Locale } from "../i18n/index.ts";
import { formatDay } from "../i18n/format.ts";
import { reportRange, type ReportRange } from "./reports.ts";
import { applicationVisibleWhere } from "./access.ts";

/*
 * What comes out of application records (issue 34): for the inspector, over a date range (managers),
 * the restricted-use record with exactly the federal fields, one row per product per application
 * (CSV and PDF); a monthly summary per product; the full log as CSV. For the customer, a one-page
 * copy of a visit (the applicator, or a manager).
 */

const time = (d: Date) => d.toISOString().slice(11, 16);
const ingredients = (line: Parameters<typeof ingredientsOf>[0]) =>
  ingredientsOf(line)
    .map((i) => (i.percent ? `${i.name} ${i.percent}%` : i.name))
    .join("; ");

async function recordsIn(deps: Deps, actor: Actor | null, range: ReportRange, restrictedUseOnly = false): Promise<ApplicationWithLines[]> {
  return deps.prisma.application.findMany({
    where: {
      AND: [applicationVisibleWhere(actor), { startedAt: { gte: range.start, lt: range.end } }, restrictedUseOnly ? { lines: { some: { restrictedUse: true } } } : {}],
    },
    include: { lines: { orderBy: { position: "asc" } }, amendments: { orderBy: { createdAt: "asc" } } },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
  });
}

/** One row of the restricted-use record (40 CFR 171.303(b)(7)). */
export type RupRow = {
  applicationId: number;
  customerName: string | null;
  customerAddress: string | null;
  location: string | null;
  areaTreated: string | null;
  date: string;
  time: string;
  productName: string;
  epaRegistrationNumber: string | null;
  amountApplied: string;
  certifiedApplicator: string | null;
  certificationNumber: string | null;
  supervisedApplicators: string;
};

/** The restricted-use record for a range: one row per restricted-use product per application. Managers only. */
export async function rupReport(deps: Deps, actor: Actor | null, input: unknown): Promise<{ range: ReportRange; rows: RupRow[] }> {
  const range = reportRange(actor, { ...(input as object), interval: "DAY" });
  const rows: RupRow[] = [];
  for (const app of await recordsIn(deps, actor, range, true)) {
    const certified = certifiedApplicatorOf(app);
    for (const line of app.lines.filter((l) => l.restrictedUse && Number(l.amount) > 0)) {
      rows.push({
        applicationId: app.id,
        customerName: app.customerName,
        customerAddress: addressOf(app),
        location: [addressOf(app), app.siteDescription].filter(Boolean).join(" — ") || null,
        areaTreated: areaText(app),
        date: isoDate(app.startedAt),
        time: time(app.startedAt),
        productName: line.productName,
        epaRegistrationNumber: line.epaRegistrationNumber,
        amountApplied: `${decimalText(line.amount)} ${(MEASURE_LABEL as Record<string, string>)[line.unit] ?? line.unit}`,
        certifiedApplicator: certified.name,
        certificationNumber: certified.number,
        supervisedApplicators: certified.supervised.join(", "),
      });
    }
  }
  return { range, rows };
}

const NOT_RECORDED = "not recorded";
const RUP_COLUMNS: CsvColumn<RupRow>[] = [
  { header: "Customer name", value: (r) => r.customerName ?? NOT_RECORDED },
  { header: "Customer address", value: (r) => r.customerAddress ?? NOT_RECORDED },
  { header: "Location of application", value: (r) => r.location ?? NOT_RECORDED },
  { header: "Size of area treated", value: (r) => r.areaTreated ?? NOT_RECORDED },
  { header: "Date", value: (r) => r.date },
  { header: "Time", value: (r) => r.time },
  { header: "Product name", value: (r) => r.productName },
  { header: "EPA registration number", value: (r) => r.epaRegistrationNumber ?? NOT_RECORDED },
  { header: "Total amount applied", value: (r) => r.amountApplied },
  { header: "Certified applicator", value: (r) => r.certifiedApplicator ?? NOT_RECORDED },
  { header: "Certification number", value: (r) => r.certificationNumber ?? NOT_RECORDED },
  { header: "Non-certified applicators", value: (r) => r.supervisedApplicators },
  { header: "Record", value: (r) => r.applicationId },
];

export const rupReportCsv = (rows: RupRow[]) => toCsv(RUP_COLUMNS, rows);

/** One month's use of one product. */
export type MonthlyProduct = { month: string; productName: string; epaRegistrationNumber: string | null; restrictedUse: boolean; totalAmount: string; unit: string; applications: number };

/**
 * Per month and product: the total applied (a measured product's exact sum in its container's unit,
 * else the sum in the unit it was recorded in) and how many applications used it. Managers only.
 */
export async function monthlySummary(deps: Deps, actor: Actor | null, input: unknown): Promise<{ range: ReportRange; rows: MonthlyProduct[] }> {
  const range = reportRange(actor, { ...(input as object), interval: "DAY" });
  const records = await recordsIn(deps, actor, range);
  const itemIds = [...new Set(records.flatMap((a) => a.lines.map((l) => l.itemId)).filter((id): id is number => id !== null))];
  const items = new Map((await deps.prisma.inventoryItem.findMany({ where: { id: { in: itemIds } }, select: { id: true, containerUnit: true } })).map((i) => [i.id, i]));
  const groups = new Map<string, MonthlyProduct & { base: bigint; thousandths: number; seen: Set<number> }>();
  for (const app of records) {
    for (const line of app.lines) {
      if (Number(line.amount) === 0) continue;
      const measured = line.amountBase !== null;
      const unit: string = measured
        ? (items.get(line.itemId ?? 0)?.containerUnit ?? (MEASURE_KIND[line.unit as MeasureUnit] === "weight" ? "LB" : "GAL"))
        : line.unit;
      const month = isoDate(app.startedAt).slice(0, 7);
      const key = JSON.stringify([month, line.productName, line.epaRegistrationNumber, unit]);
      const g = groups.get(key) ?? { month, productName: line.productName, epaRegistrationNumber: line.epaRegistrationNumber, restrictedUse: line.restrictedUse, totalAmount: "0", unit, applications: 0, base: 0n, thousandths: 0, seen: new Set<number>() };
      if (measured) g.base += line.amountBase!;
      else g.thousandths += Math.round(Number(line.amount) * 1000);
      g.seen.add(app.id);
      g.restrictedUse ||= line.restrictedUse;
      groups.set(key, g);
    }
  }
  const rows = [...groups.values()]
    .map(({ base, thousandths, seen, ...g }) => ({
      ...g,
      totalAmount: (MEASURE_LABEL as Record<string, string>)[g.unit] ? fromBase(base, g.unit as MeasureUnit) : String(thousandths / 1000),
      unit: (MEASURE_LABEL as Record<string, string>)[g.unit] ?? g.unit,
      applications: seen.size,
    }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.productName.localeCompare(b.productName));
  return { range, rows };
}

export const monthlySummaryCsv = (rows: MonthlyProduct[]) =>
  toCsv<MonthlyProduct>(
    [
      { header: "Month", value: (r) => r.month },
      { header: "Product", value: (r) => r.productName },
      { header: "EPA registration number", value: (r) => r.epaRegistrationNumber ?? "" },
      { header: "Restricted use", value: (r) => (r.restrictedUse ? "yes" : "no") },
      { header: "Total applied", value: (r) => r.totalAmount },
      { header: "Unit", value: (r) => r.unit },
      { header: "Applications", value: (r) => r.applications },
    ],
    rows,
  );

type LogRow = { app: ApplicationWithLines; line: ApplicationWithLines["lines"][number] };

/** Every product line of every application in the range, with every field of its record. Managers only. */
export async function applicationLogCsv(deps: Deps, actor: Actor | null, input: unknown): Promise<{ range: ReportRange; csv: string }> {
  const range = reportRange(actor, { ...(input as object), interval: "DAY" });
  const rows: LogRow[] = (await recordsIn(deps, actor, range)).flatMap((app) => app.lines.map((line) => ({ app, line })));
  const columns: CsvColumn<LogRow>[] = [
    { header: "Record", value: (r) => r.app.id },
    { header: "Date", value: (r) => isoDate(r.app.startedAt) },
    { header: "Start", value: (r) => time(r.app.startedAt) },
    { header: "End", value: (r) => (r.app.endedAt ? time(r.app.endedAt) : "") },
    { header: "Customer", value: (r) => r.app.customerName ?? NOT_RECORDED },
    { header: "Service address", value: (r) => addressOf(r.app) ?? NOT_RECORDED },
    { header: "Site", value: (r) => r.app.siteDescription ?? "" },
    { header: "Area treated", value: (r) => areaText(r.app) ?? NOT_RECORDED },
    { header: "Target pests", value: (r) => r.app.targetPests.join(", ") },
    { header: "Method", value: (r) => (r.app.method ? METHOD_LABEL[r.app.method] : NOT_RECORDED) },
    { header: "Applicator", value: (r) => r.app.applicatorName },
    { header: "Certification number", value: (r) => r.app.certificationNumber ?? "" },
    { header: "Supervisor", value: (r) => r.app.supervisorName ?? "" },
    { header: "Supervisor's certification number", value: (r) => r.app.supervisorCertificationNumber ?? "" },
    { header: "Non-certified applicators", value: (r) => r.app.supervisedApplicators.join(", ") },
    { header: "Product", value: (r) => r.line.productName },
    { header: "EPA registration number", value: (r) => r.line.epaRegistrationNumber ?? "" },
    { header: "Restricted use", value: (r) => (r.line.restrictedUse ? "yes" : "no") },
    { header: "Signal word", value: (r) => (r.line.signalWord ? SIGNAL_WORD_LABEL[r.line.signalWord] : "") },
    { header: "Active ingredients", value: (r) => ingredients(r.line) },
    { header: "Amount", value: (r) => decimalText(r.line.amount) },
    { header: "Unit", value: (r) => (MEASURE_LABEL as Record<string, string>)[r.line.unit] ?? r.line.unit },
    { header: "Amount and dilution", value: (r) => lineText(r.line) },
    { header: "Weather", value: (r) => weatherText(r.app) ?? "" },
    { header: "Notes", value: (r) => r.app.notes ?? "" },
    { header: "Amendments", value: (r) => r.app.amendments.length },
    { header: "Amended late", value: (r) => (r.app.amendments.some((a) => a.late) ? "yes" : "no") },
  ];
  return { range, csv: toCsv(columns, rows) };
}

function pdfDocument(title: string, company: string, layout: "portrait" | "landscape" = "portrait") {
  const doc = new PDFDocument({ size: "LETTER", layout, margin: 40, info: { Title: title, Author: company } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** The application method in `locale` (the English words are METHOD_LABEL's). */
const methodIn = (method: keyof typeof METHOD_LABEL, locale: Locale) =>
  render(
    /*i18n*/ {
      id: "pdf.application.method",
      message: "{method, select, SPRAY {Spray} BAIT {Bait} DUST {Dust} FOG {Fog} GRANULAR {Granular} INJECTION {Injection} other {Other}}",
      values: { method },
    },
    locale,
  );

/** The signal word in `locale` (the English words are SIGNAL_WORD_LABEL's). */
const signalWordIn = (word: keyof typeof SIGNAL_WORD_LABEL, locale: Locale) =>
  render(
    /*i18n*/ { id: "pdf.application.signalWord", message: "{word, select, CAUTION {Caution} WARNING {Warning} other {Danger}}", values: { word } },
    locale,
  );

const notRecordedIn = (locale: Locale) => render(/*i18n*/ { id: "pdf.notRecorded", message: "not recorded" }, locale);

/** An amount and its dilution, as lineText, in `locale` (unit abbreviations as they are). */
function amountIn(line: ApplicationWithLines["lines"][number], locale: Locale): string {
  const unit = (u: string) => (MEASURE_LABEL as Record<string, string>)[u] ?? u;
  const amount = `${decimalText(line.amount)} ${unit(line.unit)}`;
  if (!line.dilutionAmount || !line.dilutionUnit || !line.finishedVolume || !line.finishedUnit) return amount;
  return render(
    /*i18n*/ {
      id: "pdf.application.amountDiluted",
      message: "{amount}, {dilution} per {volume}",
      values: {
        amount,
        dilution: `${decimalText(line.dilutionAmount)} ${unit(line.dilutionUnit)}`,
        volume: `${decimalText(line.finishedVolume)} ${unit(line.finishedUnit)}`,
      },
    },
    locale,
  );
}

/** The weather at the visit, as weatherText, in `locale`. */
function weatherIn(app: ApplicationWithLines, locale: Locale): string | null {
  const speed = app.windSpeedMph?.toString();
  const direction = app.windDirection;
  const wind = speed
    ? direction
      ? render(/*i18n*/ { id: "pdf.application.windSpeedDirection", message: "wind {speed} mph {direction}", values: { speed, direction } }, locale)
      : render(/*i18n*/ { id: "pdf.application.windSpeed", message: "wind {speed} mph", values: { speed } }, locale)
    : direction
      ? render(/*i18n*/ { id: "pdf.application.windDirection", message: "wind {direction}", values: { direction } }, locale)
      : null;
  const parts = [app.temperatureF != null ? `${app.temperatureF.toString()} °F` : null, wind].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

/**
 * The customer's copy of one visit: one page, printable from the phone. The applicator's own records, or a manager's.
 * In `locale` (the reader's: their preference, else Accept-Language); what was recorded as it was entered.
 */
export async function customerCopyPdf(
  deps: Deps,
  actor: Actor | null,
  id: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ pdf: Buffer; fileName: string }> {
  requireActor(actor);
  const app = await getApplication(deps, actor, id);
  const company = deps.settings?.companyName ?? "Trapline";
  const t = (m: Message) => render(m, locale);
  const notRecorded = notRecordedIn(locale);
  const { doc, done } = pdfDocument(
    pdfText(t(/*i18n*/ { id: "pdf.application.title", message: "Pesticide application {id}", values: { id: app.id } })),
    company,
  );
  const width = 532;
  doc.font("Helvetica-Bold").fontSize(16).text(pdfText(company), 40, 40, { width });
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(pdfText(t(/*i18n*/ { id: "pdf.application.heading", message: "Pesticide application record - customer copy" })), { width });
  doc.moveDown(0.5);
  const field = (label: string, value: string | null | undefined) => {
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .text(pdfText(`${label}: `), { continued: true, width });
    doc.font("Helvetica").text(pdfText(value ?? notRecorded), { width });
  };
  const day = formatDay(app.startedAt, locale);
  field(t(/*i18n*/ { id: "pdf.application.customer", message: "Customer" }), app.customerName);
  field(t(/*i18n*/ { id: "pdf.application.serviceAddress", message: "Service address" }), addressOf(app));
  if (app.siteDescription) field(t(/*i18n*/ { id: "pdf.application.site", message: "Site" }), app.siteDescription);
  field(
    t(/*i18n*/ { id: "pdf.application.date", message: "Date" }),
    app.endedAt
      ? t(
          /*i18n*/ {
            id: "pdf.application.dateFromTo",
            message: "{day} {start} to {end} (UTC)",
            values: { day, start: time(app.startedAt), end: time(app.endedAt) },
          },
        )
      : t(/*i18n*/ { id: "pdf.application.dateAt", message: "{day} {start} (UTC)", values: { day, start: time(app.startedAt) } }),
  );
  field(t(/*i18n*/ { id: "pdf.application.areaTreated", message: "Area treated" }), areaText(app));
  field(t(/*i18n*/ { id: "pdf.application.targetPests", message: "Target pests" }), app.targetPests.join(", "));
  field(t(/*i18n*/ { id: "pdf.application.methodLabel", message: "Method" }), app.method ? methodIn(app.method, locale) : null);
  const certified = (name: string, number: string | null, state: string | null) =>
    !number
      ? name
      : state
        ? t(/*i18n*/ { id: "pdf.application.certifiedInState", message: "{name}, certification {number} ({state})", values: { name, number, state } })
        : t(/*i18n*/ { id: "pdf.application.certified", message: "{name}, certification {number}", values: { name, number } });
  field(
    t(/*i18n*/ { id: "pdf.application.applicator", message: "Applicator" }),
    certified(app.applicatorName, app.certificationNumber, app.certificationState),
  );
  if (app.supervisorName)
    field(t(/*i18n*/ { id: "pdf.application.supervisedBy", message: "Supervised by" }), certified(app.supervisorName, app.supervisorCertificationNumber, null));
  const weather = weatherIn(app, locale);
  if (weather) field(t(/*i18n*/ { id: "pdf.application.weather", message: "Weather" }), weather);
  doc.moveDown(0.6);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(pdfText(t(/*i18n*/ { id: "pdf.application.productsApplied", message: "Products applied" })), { width });
  doc.moveDown(0.2);
  for (const line of app.lines.filter((l) => Number(l.amount) > 0)) {
    const product = line.restrictedUse
      ? t(/*i18n*/ { id: "pdf.application.restrictedUseProduct", message: "{product} (RESTRICTED USE)", values: { product: line.productName } })
      : line.productName;
    doc.font("Helvetica-Bold").fontSize(9.5).text(pdfText(product), { width });
    doc.font("Helvetica").fontSize(9);
    const list = ingredients(line);
    const facts = [
      line.epaRegistrationNumber
        ? t(/*i18n*/ { id: "pdf.application.epaNumber", message: "EPA Reg. No. {number}", values: { number: line.epaRegistrationNumber } })
        : null,
      line.signalWord
        ? t(
            /*i18n*/ {
              id: "pdf.application.signalWordFact",
              message: "Signal word: {word}",
              values: { word: signalWordIn(line.signalWord, locale).toLocaleUpperCase(locale) },
            },
          )
        : null,
      list ? t(/*i18n*/ { id: "pdf.application.activeIngredients", message: "Active ingredients: {list}", values: { list } }) : null,
      t(/*i18n*/ { id: "pdf.application.amount", message: "Amount: {amount}", values: { amount: amountIn(line, locale) } }),
    ].filter(Boolean);
    doc.text(pdfText(facts.join("   ")), { width, indent: 10 });
    doc.moveDown(0.2);
  }
  if (app.notes) {
    doc.moveDown(0.4);
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(pdfText(t(/*i18n*/ { id: "pdf.application.notes", message: "Notes" })), { width });
    doc.font("Helvetica").fontSize(9).text(pdfText(app.notes), { width });
  }
  if (app.amendments.length) {
    doc.moveDown(0.4);
    const last = app.amendments[app.amendments.length - 1]!;
    const amended = t(
      /*i18n*/ {
        id: "pdf.application.amended",
        message: "Amended {count}x, last on {day}: {reason}",
        values: { count: app.amendments.length, day: formatDay(last.createdAt, locale), reason: last.reason },
      },
    );
    doc.font("Helvetica-Oblique").fontSize(8.5).text(pdfText(amended), { width });
  }
  const footer = t(/*i18n*/ { id: "pdf.application.footer", message: "Record {id}. Keep this copy with your service records.", values: { id: app.id } });
  doc
    .font("Helvetica")
    .fontSize(7.5)
    .text(pdfText(footer), 40, doc.page.height - 60, { width, align: "center" });
  doc.end();
  return { pdf: await done, fileName: `application-${app.id}-${isoDate(app.startedAt)}.pdf` };
}

/** The restricted-use record as a PDF table (landscape, the federal fields in order), in `locale`. Managers only. */
export async function rupReportPdf(deps: Deps, actor: Actor | null, input: unknown, locale: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  const { range, rows } = await rupReport(deps, actor, input);
  const company = deps.settings?.companyName ?? "Trapline";
  const t = (m: Message) => render(m, locale);
  const notRecorded = notRecordedIn(locale);
  // The range and the rows' days are ISO days (UTC); English prints them so, other languages in their words.
  const day = (iso: string) => formatDay(new Date(`${iso}T00:00:00Z`), locale);
  const [from, to] = [day(range.from), day(range.to)];
  const { doc, done } = pdfDocument(
    pdfText(t(/*i18n*/ { id: "pdf.rup.title", message: "Restricted-use pesticide records {from} to {to}", values: { from, to } })),
    company,
    "landscape",
  );
  const cols = [
    { h: t(/*i18n*/ { id: "pdf.rup.dateTime", message: "Date / time" }), w: 62, v: (r: RupRow) => `${day(r.date)} ${r.time}` },
    {
      h: t(/*i18n*/ { id: "pdf.rup.customerAddress", message: "Customer / address" }),
      w: 120,
      v: (r: RupRow) => `${r.customerName ?? notRecorded}\n${r.customerAddress ?? ""}`,
    },
    { h: t(/*i18n*/ { id: "pdf.rup.location", message: "Location" }), w: 100, v: (r: RupRow) => r.location ?? notRecorded },
    { h: t(/*i18n*/ { id: "pdf.rup.area", message: "Area" }), w: 56, v: (r: RupRow) => r.areaTreated ?? notRecorded },
    {
      h: t(/*i18n*/ { id: "pdf.rup.productEpaNumber", message: "Product / EPA Reg. No." }),
      w: 118,
      v: (r: RupRow) => `${r.productName}\n${r.epaRegistrationNumber ?? notRecorded}`,
    },
    { h: t(/*i18n*/ { id: "pdf.rup.amount", message: "Amount" }), w: 58, v: (r: RupRow) => r.amountApplied },
    {
      h: t(/*i18n*/ { id: "pdf.rup.certifiedApplicator", message: "Certified applicator / no." }),
      w: 110,
      v: (r: RupRow) => `${r.certifiedApplicator ?? notRecorded}\n${r.certificationNumber ?? notRecorded}`,
    },
    { h: t(/*i18n*/ { id: "pdf.rup.nonCertified", message: "Non-certified" }), w: 88, v: (r: RupRow) => r.supervisedApplicators },
  ];
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .text(pdfText(t(/*i18n*/ { id: "pdf.rup.heading", message: "{company} - restricted-use pesticide application records", values: { company } })), 40, 36);
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      pdfText(
        t(
          /*i18n*/ {
            id: "pdf.rup.period",
            message: "{from} to {to} (40 CFR 171.303(b)(7)); {count, plural, one {{count} product application} other {{count} product applications}}",
            values: { from, to, count: rows.length },
          },
        ),
      ),
    );
  let y = doc.y + 8;
  const header = () => {
    let x = 40;
    doc.font("Helvetica-Bold").fontSize(7.5);
    for (const c of cols) {
      doc.text(pdfText(c.h), x, y, { width: c.w - 4 });
      x += c.w;
    }
    y += 20;
    doc
      .moveTo(40, y - 4)
      .lineTo(752, y - 4)
      .lineWidth(0.5)
      .stroke();
    doc.font("Helvetica").fontSize(7.5);
  };
  header();
  for (const r of rows) {
    const height = Math.max(...cols.map((c) => doc.heightOfString(pdfText(c.v(r)), { width: c.w - 4 }))) + 6;
    if (y + height > doc.page.height - 40) {
      doc.addPage();
      y = 40;
      header();
    }
    let x = 40;
    for (const c of cols) {
      doc.text(pdfText(c.v(r)), x, y, { width: c.w - 4 });
      x += c.w;
    }
    y += height;
  }
  if (!rows.length)
    doc
      .font("Helvetica-Oblique")
      .fontSize(9)
      .text(pdfText(t(/*i18n*/ { id: "pdf.rup.none", message: "No restricted-use applications in this period." })), 40, y);
  doc.end();
  return done;
}
