import { Prisma, type Application, type ApplicationLine, type Certification, type InventoryItem, type MeasureUnit, type StockLocation, type User } from "../db/generated/client.ts";
import {
  amendApplicationInput,
  METHOD_LABEL,
  recordApplicationInput,
  RECORD_WITHIN_DAYS,
  type AmendApplicationInput,
  type RecordApplicationInput,
} from "../../schemas/applications.ts";
import { AREA_LABEL, MEASURE_KIND, MEASURE_LABEL, MEASURE_UNITS, formatThousandths, parseThousandths, toBase } from "../../schemas/measures.ts";
import { applicationNodeWhere, applicationVisibleWhere, isManager } from "./access.ts";
import { validOn } from "./certifications.ts";
import { logActivity, parseInput, requireActor, write, type Actor, type Deps, type Tx } from "./context.ts";
import { DAY_MS, isoDate, utcDay } from "./days.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "./errors.ts";
import type { Message } from "../../schemas/messages.ts";
import { seek } from "./keyset.ts";
import { heldVehicle, mayTakeFrom } from "./locations.ts";
import { notifyLowStock } from "./notifications.ts";
import { activeIngredientsOf } from "./products.ts";
import { applicationInclude, snapshotOf, type ApplicationWithLines } from "./applicationShape.ts";
import { becameLow, changeStock, containerBaseOf, isLow, lowStockItem, mainWarehouse } from "./stock.ts";

/*
 * Pesticide application records (issue 34), made from the same stock movements as the truck's stock:
 * each product line takes its amount from a location in the record's own transaction (a `used`
 * movement pointing at the record), so what left the truck and what the record says cannot disagree.
 * Product facts, the applicator's name and licence are snapshots taken when recorded. Records are
 * evidence: never deleted (a database trigger refuses it for 2 years), corrected only by amendments
 * that keep the record as it was, say who, when and why, and move stock by the difference.
 */

export { applicationInclude, snapshotOf, type ApplicationWithLines };

const FUTURE_SKEW_MS = 5 * 60_000;

type Person = Pick<User, "id" | "name"> & { certification: Certification | null };
type Planned = {
  item: InventoryItem;
  amountText: string;
  unit: string;
  /** Measured products: the exact amount in base units; otherwise whole units. */
  base: bigint | null;
  units: number;
  dilution: RecordApplicationInput["lines"][number]["dilution"];
  locationId?: number;
};

const describeAmount = (amount: string, unit: string) => `${amount} ${(MEASURE_LABEL as Record<string, string>)[unit] ?? unit}`;

/** "12.5 fl oz of Termidor SC", a line of an application's activity entry. */
function amountOf(amount: string, item: string): Message {
  return /*i18n*/ { id: "activity.amountOf", message: "{amount} of {item}", values: { amount, item } };
}

/** A line's amount in the product's terms: base units of a measured product, whole units of another. */
function planLine(item: InventoryItem, line: { amount: string; unit: string }, field: string): Pick<Planned, "base" | "units" | "unit" | "amountText"> {
  const container = containerBaseOf(item);
  if (container !== null) {
    const unit = line.unit.toUpperCase().replace(/\s+/g, "_") as MeasureUnit;
    if (!(MEASURE_UNITS as readonly string[]).includes(unit) || MEASURE_KIND[unit] !== MEASURE_KIND[item.containerUnit!]) {
      const units = MEASURE_UNITS.filter((u) => MEASURE_KIND[u] === MEASURE_KIND[item.containerUnit!]).map((u) => MEASURE_LABEL[u]);
      throw new ValidationError(
        MEASURE_KIND[item.containerUnit!] === "volume"
          ? /*i18n*/ { id: "application.measuredByVolume", message: "{name} is measured by volume: give the amount in {units}", values: { name: item.name, units: units.join(", ") } }
          : /*i18n*/ { id: "application.measuredByWeight", message: "{name} is measured by weight: give the amount in {units}", values: { name: item.name, units: units.join(", ") } },
        `${field}.unit`,
      );
    }
    return { base: toBase(line.amount, unit), units: 0, unit, amountText: line.amount };
  }
  if (line.unit !== item.unit) throw new ValidationError(/*i18n*/ { id: "application.isCountedInGiveThe", message: "{name} is counted in {unit}: give the amount in {unit}", values: { name: item.name, unit: item.unit } }, `${field}.unit`);
  const thousandths = parseThousandths(line.amount)!;
  if (thousandths % 1000n !== 0n) throw new ValidationError(/*i18n*/ { id: "application.isCountedInWholeGive", message: "{name} is counted in whole {unit}: give a whole number (or set its container size to measure it)", values: { name: item.name, unit: item.unit } }, `${field}.amount`);
  return { base: null, units: Number(thousandths / 1000n), unit: item.unit, amountText: line.amount };
}

export async function personWithLicence(tx: Tx, id: number, field: string): Promise<Person> {
  const user = await tx.user.findUnique({ where: { id }, select: { id: true, name: true, certification: true } });
  if (!user) throw new ValidationError(/*i18n*/ { id: "application.noSuchUser", message: "No such user" }, field);
  return user;
}

/**
 * The licence rule on the application's date: with a restricted-use product, the applicator's or a
 * named supervisor's certification must be valid that day; a named supervisor must hold one. The
 * refusal names the certification and its expiry.
 */
export function checkLicences(applicator: Person, supervisor: Person | null, startedAt: Date, products: InventoryItem[]) {
  const day = { day: isoDate(startedAt) };
  const rup = products.filter((p) => p.restrictedUse);
  // What is wrong with a person's certification on the day: missing, expired, or not yet issued.
  const state = (p: Person): { kind: "missing" | "expired" | "notYetValid"; said: Message } | null => {
    const c = p.certification;
    if (!c) return { kind: "missing", said: /*i18n*/ { id: "certification.missing", message: "{name} holds no applicator certification", values: { name: p.name } } };
    if (validOn(c, startedAt)) return null;
    if (utcDay(c.expiresOn) < utcDay(startedAt))
      return { kind: "expired", said: /*i18n*/ { id: "certification.expired", message: "{name}'s certification {number} expired {expiresOn}", values: { name: p.name, number: c.number, expiresOn: { day: isoDate(c.expiresOn) } } } };
    return {
      kind: "notYetValid",
      said: /*i18n*/ { id: "certification.notYetValid", message: "{name}'s certification {number} was issued {issuedOn}, after {day}", values: { name: p.name, number: c.number, issuedOn: { day: isoDate(c.issuedOn!) }, day } },
    };
  };
  const supervisorState = supervisor && state(supervisor);
  if (supervisorState && rup.length) {
    const values = { state: supervisorState.said, day };
    const said: Record<typeof supervisorState.kind, Message> = {
      missing: /*i18n*/ { id: "application.supervisorCertificationMissing", message: "{state}: a supervisor of a restricted-use application must be certified on {day}", values },
      expired: /*i18n*/ { id: "application.supervisorCertificationExpired", message: "{state}: a supervisor of a restricted-use application must be certified on {day}", values },
      notYetValid: /*i18n*/ { id: "application.supervisorCertificationNotYetValid", message: "{state}: a supervisor of a restricted-use application must be certified on {day}", values },
    };
    throw new ValidationError(said[supervisorState.kind], "supervisorId");
  }
  if (!rup.length) return;
  if (validOn(applicator.certification, startedAt) || (supervisor && validOn(supervisor.certification, startedAt))) return;
  const applicatorState = state(applicator)!;
  // A restricted-use product needs, on the day it was applied, the applicator's or a named supervisor's licence.
  const values = { state: applicatorState.said, products: rup.map((p) => p.name).join(", "), day };
  const said: Record<typeof applicatorState.kind, Message> = {
    missing: /*i18n*/ {
      id: "application.certificationMissing",
      message: "{state}; {products} is restricted use: a restricted-use product needs, on its date, a valid certification of the applicator or of a named supervising certified applicator ({day})",
      values,
    },
    expired: /*i18n*/ {
      id: "application.certificationExpired",
      message: "{state}; {products} is restricted use: a restricted-use product needs, on its date, a valid certification of the applicator or of a named supervising certified applicator ({day})",
      values,
    },
    notYetValid: /*i18n*/ {
      id: "application.certificationNotYetValid",
      message: "{state}; {products} is restricted use: a restricted-use product needs, on its date, a valid certification of the applicator or of a named supervising certified applicator ({day})",
      values,
    },
  };
  throw new ValidationError(said[applicatorState.kind], "applicatorId");
}

/** Where a line's product comes from: the given location (if the actor may take from it), else the applicator's vehicle when it carries the product, else the main warehouse. */
async function sourceOf(tx: Tx, actor: Actor, applicatorId: number, locationId: number | undefined, itemId: number): Promise<StockLocation> {
  if (locationId !== undefined) {
    const location = await tx.stockLocation.findUnique({ where: { id: locationId } });
    if (!location) throw new ValidationError(/*i18n*/ { id: "application.noSuchLocation", message: "No such stock location" }, "locationId");
    if (!mayTakeFrom(actor, location)) throw new ForbiddenError(/*i18n*/ { id: "application.youMayOnlyUseStock", message: "You may only use stock from a warehouse or the vehicle you hold" });
    return location;
  }
  const vehicle = await heldVehicle(tx, applicatorId);
  const onBoard = vehicle && (await tx.stockLevel.findFirst({ where: { locationId: vehicle.id, itemId, OR: [{ quantity: { gt: 0 } }, { amount: { gt: 0 } }] } }));
  return vehicle && onBoard ? vehicle : mainWarehouse(tx);
}

type Emit = Parameters<Parameters<typeof write>[1]>[1];

/** Takes (or, negative, returns) a line's amount at a location, pointing the movement at the record. */
async function moveForLine(tx: Tx, actor: Actor, emit: Emit, applicationId: number, item: Pick<InventoryItem, "id" | "name">, location: StockLocation, base: bigint | null, units: number) {
  if ((base ?? 0n) === 0n && units === 0) return;
  const change = base !== null ? { delta: 0, amountDelta: -base } : { delta: -units };
  const { item: after, movement } = await changeStock(tx, actor, { item, location, reason: "used", applicationId, ...change });
  if (movement.delta < 0 && becameLow(after, movement.delta)) await notifyLowStock(tx, emit, [after]);
  emit({ type: "inventory.changed", itemId: after.id });
  emit({ type: "location.changed", locationIds: [location.id] });
  if (movement.delta < 0 && isLow(after)) emit({ type: "stock.low", items: [lowStockItem(after)] });
}

function lineSnapshot(item: InventoryItem) {
  return {
    itemId: item.id,
    productName: item.name,
    epaRegistrationNumber: item.epaRegistrationNumber,
    restrictedUse: item.restrictedUse,
    signalWord: item.signalWord,
    activeIngredients: item.activeIngredients ?? Prisma.DbNull,
  };
}

const dilutionColumns = (d: Planned["dilution"]) => ({
  dilutionAmount: d ? d.amount : null,
  dilutionUnit: d?.unit ?? null,
  finishedVolume: d ? d.finishedVolume : null,
  finishedUnit: d?.finishedUnit ?? null,
});

function assertNotFuture(at: string | null | undefined, field: string, now: Date) {
  if (at && new Date(at).getTime() > now.getTime() + FUTURE_SKEW_MS) throw new ValidationError(
      field === "startedAt"
        ? /*i18n*/ { id: "application.startInFuture", message: "Start time cannot be in the future" }
        : /*i18n*/ { id: "application.endInFuture", message: "End time cannot be in the future" },
      field,
    );
}

/**
 * Records an application: the applicator is the signed-in user unless a manager names another; each
 * product line is taken from stock; restricted-use products need a licence valid on the date.
 */
export async function recordApplication(deps: Deps, actor: Actor | null, input: unknown, now = new Date()): Promise<ApplicationWithLines> {
  const a = requireActor(actor);
  const data = parseInput(recordApplicationInput, input);
  const applicatorId = data.applicatorId ?? a.id;
  if (applicatorId !== a.id && !isManager(a)) throw new ForbiddenError(/*i18n*/ { id: "application.onlyManagersCanRecordAn", message: "Only managers can record an application for someone else" });
  assertNotFuture(data.startedAt, "startedAt", now);
  assertNotFuture(data.endedAt, "endedAt", now);
  const startedAt = new Date(data.startedAt);
  return write(deps, async (tx, emit) => {
    const applicator = await personWithLicence(tx, applicatorId, "applicatorId");
    const supervisor = data.supervisorId ? await personWithLicence(tx, data.supervisorId, "supervisorId") : null;
    if (supervisor?.id === applicator.id) throw new ValidationError(/*i18n*/ { id: "application.theSupervisorIsSomeoneElse", message: "The supervisor is someone else than the applicator" }, "supervisorId");
    const planned: Planned[] = [];
    for (const [i, line] of data.lines.entries()) {
      const item = await tx.inventoryItem.findUnique({ where: { id: line.itemId } });
      if (!item) throw new ValidationError(/*i18n*/ { id: "application.productGone", message: "That product no longer exists" }, `lines.${i}.itemId`);
      planned.push({ item, ...planLine(item, line, `lines.${i}`), dilution: line.dilution, locationId: line.locationId });
    }
    checkLicences(applicator, supervisor, startedAt, planned.map((p) => p.item));
    const licence = validOn(applicator.certification, startedAt) ? applicator.certification : null;
    const application = await tx.application.create({
      data: {
        customerName: data.customerName,
        ...data.serviceAddress,
        siteDescription: data.siteDescription ?? null,
        areaAmount: data.areaTreated.amount,
        areaUnit: data.areaTreated.unit,
        startedAt,
        endedAt: data.endedAt ? new Date(data.endedAt) : null,
        targetPests: data.targetPests,
        method: data.method,
        applicatorId: applicator.id,
        applicatorName: applicator.name,
        certificationNumber: licence?.number ?? null,
        certificationState: licence?.state ?? null,
        supervisorId: supervisor?.id ?? null,
        supervisorName: supervisor?.name ?? null,
        supervisorCertificationNumber: supervisor && validOn(supervisor.certification, startedAt) ? supervisor.certification!.number : null,
        supervisedApplicators: data.supervisedApplicators,
        temperatureF: data.weather?.temperatureF ?? null,
        windSpeedMph: data.weather?.windSpeedMph ?? null,
        windDirection: data.weather?.windDirection ?? null,
        notes: data.notes ?? null,
        recordedById: a.id,
      },
    });
    for (const [position, p] of planned.entries()) {
      const from = await sourceOf(tx, a, applicator.id, p.locationId, p.item.id);
      await tx.applicationLine.create({
        data: { applicationId: application.id, position, ...lineSnapshot(p.item), amount: p.amountText, unit: p.unit, amountBase: p.base, ...dilutionColumns(p.dilution), locationId: from.id },
      });
      await moveForLine(tx, a, emit, application.id, p.item, from, p.base, p.units);
    }
    await logActivity(tx, a, {
      action: "apply",
      entityType: "application",
      entityId: application.id,
      details: /*i18n*/ {
        id: "activity.applicationRecorded",
        message: "Recorded an application for {customer}: {lines}",
        values: {
          customer: data.customerName,
          lines: planned.map((p) => amountOf(describeAmount(p.amountText, p.unit), p.item.name)),
        },
      },
    });
    emit({ type: "application.changed", applicationId: application.id, applicatorId: applicator.id, action: "recorded" });
    return tx.application.findUniqueOrThrow({ where: { id: application.id }, include: applicationInclude });
  });
}

const FIELD_LABELS: Record<string, string> = {
  customerName: "customer",
  street: "street",
  city: "city",
  state: "state",
  zip: "ZIP",
  siteDescription: "site",
  area: "area treated",
  startedAt: "start",
  endedAt: "end",
  targetPests: "target pests",
  method: "method",
  supervisor: "supervisor",
  supervisedApplicators: "supervised applicators",
  weather: "weather",
  notes: "notes",
};

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === "") return "not recorded";
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.join(", ") || "none";
  return String(v);
};

/**
 * Corrects a record: the fields given change, lines given with their lineId change their amount or
 * unit (stock moves by the difference, where the line took it from; 0 takes it all back) or their
 * product (the old one goes back, the new one is taken), lines without one are added, lines in
 * `removeLineIds` are taken back (kept on the record at 0: records are evidence); the supervisor and
 * the supervised applicators change; the licence rule is checked again on the application's date. Who, when, why, each change and the record as it was are kept; an amendment more
 * than 14 days after the application is marked late. A technician amends only their own records.
 */
export async function amendApplication(deps: Deps, actor: Actor | null, input: unknown, now = new Date()) {
  const a = requireActor(actor);
  const data: AmendApplicationInput = parseInput(amendApplicationInput, input);
  assertNotFuture(data.startedAt, "startedAt", now);
  assertNotFuture(data.endedAt, "endedAt", now);
  return write(deps, async (tx, emit) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Application" WHERE id = ${data.applicationId} FOR UPDATE`;
    const before = locked.length ? await tx.application.findUnique({ where: applicationNodeWhere(a, data.applicationId), include: applicationInclude }) : null;
    if (!before) throw new NotFoundError(/*i18n*/ { id: "application.notFound", message: "Application record not found" });
    const changes: { field: string; before: string; after: string }[] = [];
    const set: Prisma.ApplicationUncheckedUpdateInput = {};
    const note = (field: string, was: unknown, now: unknown) => {
      if (shown(was) !== shown(now)) changes.push({ field: FIELD_LABELS[field] ?? field, before: shown(was), after: shown(now) });
    };
    const change = <K extends keyof Prisma.ApplicationUncheckedUpdateInput>(field: string, was: unknown, shownNow: unknown, key: K, value: Prisma.ApplicationUncheckedUpdateInput[K]) => {
      note(field, was, shownNow);
      set[key] = value;
    };
    if (data.customerName !== undefined) change("customerName", before.customerName, data.customerName, "customerName", data.customerName);
    if (data.serviceAddress) for (const k of ["street", "city", "state", "zip"] as const) change(k, before[k], data.serviceAddress[k], k, data.serviceAddress[k]);
    if (data.siteDescription !== undefined) change("siteDescription", before.siteDescription, data.siteDescription, "siteDescription", data.siteDescription);
    if (data.areaTreated) {
      note("area", areaText(before), `${data.areaTreated.amount} ${AREA_LABEL[data.areaTreated.unit]}`);
      set.areaAmount = data.areaTreated.amount;
      set.areaUnit = data.areaTreated.unit;
    }
    const startedAt = data.startedAt ? new Date(data.startedAt) : before.startedAt;
    if (data.startedAt) change("startedAt", before.startedAt, startedAt, "startedAt", startedAt);
    if (data.endedAt !== undefined) {
      const ended = data.endedAt ? new Date(data.endedAt) : null;
      change("endedAt", before.endedAt, ended, "endedAt", ended);
    }
    const endedAt = set.endedAt !== undefined ? (set.endedAt as Date | null) : before.endedAt;
    if (endedAt && endedAt < startedAt) throw new ValidationError(/*i18n*/ { id: "application.endTimeMustBeAfter", message: "End time must be after the start time" }, "endedAt");
    if (data.targetPests) change("targetPests", before.targetPests, data.targetPests, "targetPests", data.targetPests);
    if (data.method) change("method", before.method && METHOD_LABEL[before.method], METHOD_LABEL[data.method], "method", data.method);
    if (data.supervisedApplicators) change("supervisedApplicators", before.supervisedApplicators, data.supervisedApplicators, "supervisedApplicators", data.supervisedApplicators);
    if (data.notes !== undefined) change("notes", before.notes, data.notes, "notes", data.notes);
    if (data.weather !== undefined) {
      const w = data.weather;
      note("weather", weatherText(before), w ? weatherText({ temperatureF: w.temperatureF ?? null, windSpeedMph: w.windSpeedMph ?? null, windDirection: w.windDirection ?? null }) : null);
      set.temperatureF = w?.temperatureF ?? null;
      set.windSpeedMph = w?.windSpeedMph ?? null;
      set.windDirection = w?.windDirection ?? null;
    }
    const applicator = await personWithLicence(tx, before.applicatorId, "applicatorId");
    const supervisorId = data.supervisorId !== undefined ? data.supervisorId : before.supervisorId;
    const supervisor = supervisorId ? await personWithLicence(tx, supervisorId, "supervisorId") : null;
    if (supervisor?.id === applicator.id) throw new ValidationError(/*i18n*/ { id: "application.theSupervisorIsSomeoneElse", message: "The supervisor is someone else than the applicator" }, "supervisorId");
    if (data.supervisorId !== undefined && data.supervisorId !== before.supervisorId) {
      note("supervisor", before.supervisorName, supervisor?.name ?? null);
      set.supervisorId = supervisor?.id ?? null;
      set.supervisorName = supervisor?.name ?? null;
    }
    if (set.startedAt !== undefined || set.supervisorId !== undefined) {
      set.certificationNumber = validOn(applicator.certification, startedAt) ? applicator.certification!.number : null;
      set.certificationState = validOn(applicator.certification, startedAt) ? applicator.certification!.state : null;
      set.supervisorCertificationNumber = supervisor && validOn(supervisor.certification, startedAt) ? supervisor.certification!.number : null;
    }

    // Lines: amounts changed by their id, new ones added; stock follows by the difference.
    const moves: { item: InventoryItem; from: StockLocation; base: bigint | null; units: number }[] = [];
    const products: InventoryItem[] = [];
    const given = new Set<number>();
    let position = before.lines.length;
    for (const [i, line] of (data.lines ?? []).entries()) {
      const field = `lines.${i}`;
      if (line.lineId !== undefined) {
        const old = before.lines.find((l) => l.id === line.lineId);
        if (!old) throw new ValidationError(/*i18n*/ { id: "application.thatLineIsNotPart", message: "That line is not part of this record" }, `${field}.lineId`);
        if (given.has(old.id)) throw new ValidationError(/*i18n*/ { id: "application.aLineIsGivenTwice", message: "A line is given twice" }, `${field}.lineId`);
        given.add(old.id);
        const item = await tx.inventoryItem.findUnique({ where: { id: line.itemId } });
        if (!item) throw new ValidationError(/*i18n*/ { id: "application.productGone", message: "That product no longer exists" }, `${field}.itemId`);
        const next = planLine(item, line, field);
        const is = describeAmount(next.amountText, next.unit);
        const dilutionAfter = line.dilution ? `, ${dilutionText(dilutionColumns(line.dilution))}` : "";
        if (old.itemId !== item.id) {
          // Another product: what the line took goes back where it came from, the new one is taken (from the place given, else the same place).
          const oldItem = old.itemId ? await tx.inventoryItem.findUnique({ where: { id: old.itemId } }) : null;
          const oldFrom = old.locationId ? await tx.stockLocation.findUnique({ where: { id: old.locationId } }) : null;
          if (oldItem) {
            const taken = lineTaken(old, oldItem);
            if ((taken.base ?? 0n) !== 0n || taken.units !== 0) {
              if (!oldFrom) throw new ValidationError(/*i18n*/ { id: "application.theLocationThisLineTook", message: "The location this line took its product from no longer exists" }, `${field}.amount`);
              moves.push({ item: oldItem, from: oldFrom, base: taken.base === null ? null : -taken.base, units: -taken.units });
            }
          }
          const from = line.locationId !== undefined || !oldFrom ? await sourceOf(tx, a, before.applicatorId, line.locationId, item.id) : oldFrom;
          changes.push({ field: `${old.productName} (line ${old.position + 1})`, before: `${lineText(old)} of ${old.productName}`, after: `${is}${dilutionAfter} of ${item.name}` });
          await tx.applicationLine.update({
            where: { id: old.id },
            data: { ...lineSnapshot(item), amount: next.amountText, unit: next.unit, amountBase: next.base, ...dilutionColumns(line.dilution), locationId: from.id },
          });
          moves.push({ item, from, base: next.base, units: next.units });
          if (parseThousandths(next.amountText)! > 0n) products.push(item);
          continue;
        }
        const oldTaken = lineTaken(old, item);
        const from = await tx.stockLocation.findUnique({ where: { id: old.locationId ?? 0 } });
        const diffBase = next.base !== null ? next.base - (oldTaken.base ?? 0n) : null;
        const diffUnits = next.units - oldTaken.units;
        if ((diffBase ?? 0n) !== 0n || diffUnits !== 0) {
          if (!from) throw new ValidationError(/*i18n*/ { id: "application.theLocationThisLineTook", message: "The location this line took its product from no longer exists" }, `${field}.amount`);
          moves.push({ item, from, base: diffBase, units: diffUnits });
        }
        const was = describeAmount(old.amount.toString(), old.unit);
        const dilutionChanged = line.dilution !== undefined && JSON.stringify(dilutionColumns(line.dilution)) !== JSON.stringify(dilutionColumnsOf(old));
        if (was !== is || dilutionChanged) {
          changes.push({ field: `${old.productName} (line ${old.position + 1})`, before: lineText(old), after: `${is}${dilutionAfter}` });
          await tx.$executeRaw`UPDATE "ApplicationLine" SET "amount" = ${next.amountText}::numeric, "unit" = ${next.unit}, "amountBase" = ${next.base},
            "dilutionAmount" = ${line.dilution ? line.dilution.amount : null}::numeric, "dilutionUnit" = ${line.dilution?.unit ?? null}::"MeasureUnit",
            "finishedVolume" = ${line.dilution ? line.dilution.finishedVolume : null}::numeric, "finishedUnit" = ${line.dilution?.finishedUnit ?? null}::"MeasureUnit"
            WHERE id = ${old.id}`;
        }
        if (parseThousandths(next.amountText)! > 0n) products.push(item);
      } else {
        if (parseThousandths(line.amount)! === 0n) throw new ValidationError(/*i18n*/ { id: "application.aNewLineNeedsAn", message: "A new line needs an amount" }, `${field}.amount`);
        const item = await tx.inventoryItem.findUnique({ where: { id: line.itemId } });
        if (!item) throw new ValidationError(/*i18n*/ { id: "application.productGone", message: "That product no longer exists" }, `${field}.itemId`);
        const next = planLine(item, line, field);
        const from = await sourceOf(tx, a, before.applicatorId, line.locationId, item.id);
        await tx.applicationLine.create({
          data: { applicationId: before.id, position: position++, ...lineSnapshot(item), amount: next.amountText, unit: next.unit, amountBase: next.base, ...dilutionColumns(line.dilution), locationId: from.id },
        });
        changes.push({ field: `${item.name} (line ${position})`, before: "not applied", after: describeAmount(next.amountText, next.unit) });
        moves.push({ item, from, base: next.base, units: next.units });
        products.push(item);
      }
    }
    // Lines removed: kept on the record (evidence) at 0, what they took back where it came from.
    for (const [i, lineId] of (data.removeLineIds ?? []).entries()) {
      const field = `removeLineIds.${i}`;
      const old = before.lines.find((l) => l.id === lineId);
      if (!old) throw new ValidationError(/*i18n*/ { id: "application.thatLineIsNotPart", message: "That line is not part of this record" }, field);
      if (given.has(old.id)) throw new ValidationError(/*i18n*/ { id: "application.aLineIsGivenTwice", message: "A line is given twice" }, field);
      given.add(old.id);
      if (parseThousandths(old.amount.toString())! === 0n) continue;
      const item = old.itemId ? await tx.inventoryItem.findUnique({ where: { id: old.itemId } }) : null;
      if (item) {
        const taken = lineTaken(old, item);
        if ((taken.base ?? 0n) !== 0n || taken.units !== 0) {
          const from = await tx.stockLocation.findUnique({ where: { id: old.locationId ?? 0 } });
          if (!from) throw new ValidationError(/*i18n*/ { id: "application.theLocationThisLineTook", message: "The location this line took its product from no longer exists" }, field);
          moves.push({ item, from, base: taken.base === null ? null : -taken.base, units: -taken.units });
        }
      }
      changes.push({ field: `${old.productName} (line ${old.position + 1})`, before: lineText(old), after: "removed" });
      await tx.applicationLine.update({ where: { id: old.id }, data: { amount: "0", amountBase: old.amountBase === null ? null : 0n } });
    }
    for (const old of before.lines) {
      if (given.has(old.id) || parseThousandths(old.amount.toString())! === 0n) continue;
      const item = old.itemId ? await tx.inventoryItem.findUnique({ where: { id: old.itemId } }) : null;
      if (item) products.push(item);
    }
    if (!changes.length) throw new ValidationError(/*i18n*/ { id: "application.theAmendmentChangesNothing", message: "The amendment changes nothing" }, "reason");
    checkLicences(applicator, supervisor, startedAt, products);

    const updated = await tx.application.update({ where: { id: before.id }, data: set });
    for (const m of moves) await moveForLine(tx, a, emit, before.id, m.item, m.from, m.base, m.units);
    const late = now.getTime() - utcDay(before.startedAt) > (RECORD_WITHIN_DAYS + 1) * DAY_MS;
    const { amendments: _earlier, ...was } = snapshotOf(before);
    await tx.applicationAmendment.create({
      data: { applicationId: before.id, userId: a.id, reason: data.reason, changes, before: was as unknown as Prisma.InputJsonValue, late },
    });
    await logActivity(tx, a, {
      action: "amend",
      entityType: "application",
      entityId: before.id,
      details:
        updated.customerName === null
          ? /*i18n*/ {
              id: "activity.applicationAmendedNoCustomer",
              message: "Amended the application for a customer not recorded of {date}{late, select, late { (late)} other {}}: {reason}",
              values: { date: { day: isoDate(updated.startedAt) }, late: late ? "late" : "on time", reason: data.reason },
            }
          : /*i18n*/ {
              id: "activity.applicationAmended",
              message: "Amended the application for {customer} of {date}{late, select, late { (late)} other {}}: {reason}",
              values: { customer: updated.customerName, date: { day: isoDate(updated.startedAt) }, late: late ? "late" : "on time", reason: data.reason },
            },
    });
    emit({ type: "application.changed", applicationId: before.id, applicatorId: before.applicatorId, action: "amended" });
    return tx.application.findUniqueOrThrow({ where: { id: before.id }, include: applicationInclude });
  });
}

/** What a line took from stock: base units (measured) or whole units. */
function lineTaken(line: ApplicationLine, item: InventoryItem): { base: bigint | null; units: number } {
  if (line.amountBase !== null) return { base: line.amountBase, units: 0 };
  if (containerBaseOf(item) !== null) return { base: 0n, units: 0 };
  return { base: null, units: Number(line.amount.toString().split(".")[0]) };
}

const dilutionColumnsOf = (l: ApplicationLine) => ({
  dilutionAmount: l.dilutionAmount ? formatThousandths(parseThousandths(l.dilutionAmount.toString())!) : null,
  dilutionUnit: l.dilutionUnit,
  finishedVolume: l.finishedVolume ? formatThousandths(parseThousandths(l.finishedVolume.toString())!) : null,
  finishedUnit: l.finishedUnit,
});

export function dilutionText(d: { dilutionAmount: string | null; dilutionUnit: MeasureUnit | null; finishedVolume: string | null; finishedUnit: MeasureUnit | null }): string {
  if (!d.dilutionAmount || !d.dilutionUnit || !d.finishedVolume || !d.finishedUnit) return "";
  return `${d.dilutionAmount} ${MEASURE_LABEL[d.dilutionUnit]} per ${d.finishedVolume} ${MEASURE_LABEL[d.finishedUnit]}`;
}

export const decimalText = (d: Prisma.Decimal | null | undefined) => (d == null ? null : formatThousandths(parseThousandths(d.toFixed(3))!));

export function lineText(l: ApplicationLine): string {
  const dilution = dilutionText(dilutionColumnsOf(l));
  return `${describeAmount(decimalText(l.amount)!, l.unit)}${dilution ? `, ${dilution}` : ""}`;
}

export const areaText = (a: Pick<Application, "areaAmount" | "areaUnit">) => (a.areaAmount && a.areaUnit ? `${decimalText(a.areaAmount)} ${AREA_LABEL[a.areaUnit]}` : null);

export function weatherText(w: { temperatureF: Prisma.Decimal | string | null; windSpeedMph: Prisma.Decimal | string | null; windDirection: string | null }): string | null {
  const parts = [
    w.temperatureF != null ? `${w.temperatureF.toString()} °F` : null,
    w.windSpeedMph != null ? `wind ${w.windSpeedMph.toString()} mph${w.windDirection ? ` ${w.windDirection}` : ""}` : w.windDirection ? `wind ${w.windDirection}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

export type ApplicationFilter = { from?: Date; to?: Date; applicatorId?: number; restrictedUseOnly?: boolean; customer?: string; itemId?: number };

export function applicationWhere(actor: Actor | null, filter: ApplicationFilter): Prisma.ApplicationWhereInput {
  const and: Prisma.ApplicationWhereInput[] = [applicationVisibleWhere(actor)];
  if (filter.from) and.push({ startedAt: { gte: filter.from } });
  if (filter.to) and.push({ startedAt: { lt: new Date(utcDay(filter.to) + DAY_MS) } });
  if (filter.applicatorId) and.push({ applicatorId: filter.applicatorId });
  if (filter.restrictedUseOnly) and.push({ lines: { some: { restrictedUse: true } } });
  if (filter.customer?.trim()) and.push({ customerName: { contains: filter.customer.trim(), mode: "insensitive" } });
  if (filter.itemId) and.push({ lines: { some: { itemId: filter.itemId } } });
  return { AND: and };
}

/** Newest application first (id breaks ties): a keyset page for GraphQL's connection. */
export async function findApplications(deps: Deps, actor: Actor | null, filter: ApplicationFilter, query: object) {
  requireActor(actor);
  const orderBy = [{ startedAt: "desc" }, { id: "desc" }] satisfies Prisma.ApplicationOrderByWithRelationInput[];
  const page = await seek(query, orderBy, (where, select) => deps.prisma.application.findUnique({ where: where as Prisma.ApplicationWhereUniqueInput, select }));
  if (!page) return [];
  return deps.prisma.application.findMany({ ...page.query, where: { AND: [applicationWhere(actor, filter), page.where as Prisma.ApplicationWhereInput] }, orderBy });
}

export async function countApplications(deps: Deps, actor: Actor | null, filter: ApplicationFilter) {
  requireActor(actor);
  return deps.prisma.application.count({ where: applicationWhere(actor, filter) });
}

/** REST's list: the visible records of a period (newest first), with their lines; at most 1000. */
export async function listApplications(deps: Deps, actor: Actor | null, filter: ApplicationFilter): Promise<ApplicationWithLines[]> {
  requireActor(actor);
  return deps.prisma.application.findMany({ where: applicationWhere(actor, filter), include: applicationInclude, orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 1000 });
}

export async function getApplication(deps: Deps, actor: Actor | null, id: number): Promise<ApplicationWithLines> {
  requireActor(actor);
  const found = await deps.prisma.application.findUnique({ where: applicationNodeWhere(actor, id), include: applicationInclude });
  if (!found) throw new NotFoundError(/*i18n*/ { id: "application.notFound", message: "Application record not found" });
  return found;
}

/**
 * The federal record's certified applicator: the applicator when certified on the date, else the
 * supervisor; the non-certified who worked under them (the applicator among them when not certified).
 */
export function certifiedApplicatorOf(app: Pick<Application, "applicatorName" | "certificationNumber" | "supervisorName" | "supervisorCertificationNumber" | "supervisedApplicators">) {
  if (app.certificationNumber) return { name: app.applicatorName, number: app.certificationNumber, supervised: app.supervisedApplicators };
  return { name: app.supervisorName, number: app.supervisorCertificationNumber, supervised: [app.applicatorName, ...app.supervisedApplicators] };
}

export const ingredientsOf = (line: Pick<ApplicationLine, "activeIngredients">) => activeIngredientsOf({ activeIngredients: line.activeIngredients });

/** Recorded, or amended, more than 14 days after the application. */
export const isLate = (a: Pick<Application, "startedAt" | "createdAt"> & { amendments: { late: boolean }[] }) =>
  a.createdAt.getTime() - utcDay(a.startedAt) > (RECORD_WITHIN_DAYS + 1) * DAY_MS || a.amendments.some((m) => m.late);

export const addressOf = (a: Pick<Application, "street" | "city" | "state" | "zip">) =>
  [a.street, [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter(Boolean).join(", ") || null;
