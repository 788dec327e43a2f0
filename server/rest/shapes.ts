import { activeIngredientsOf, containerSizeOf } from "../domain/products.ts";
import { decimalText, isLate, type ApplicationWithLines } from "../domain/applications.ts";
import type { InventoryItem } from "../db/generated/client.ts";
import type { RequestWithLines } from "../domain/requests.ts";
import type { listActivity } from "../domain/dashboard.ts";
import { activityDetailsIn } from "../domain/context.ts";
import type { Locale } from "../i18n/index.ts";

/** A request as §3/§7 show it: items as the spec's JSON string, requester name and department. */
export function requestJson(r: RequestWithLines) {
  return {
    id: r.id,
    requesterId: r.requesterId,
    type: r.type,
    status: r.status,
    items: JSON.stringify(
      r.lines.map((l) => ({ id: l.inventoryItemId ?? l.equipmentId, name: l.name, quantity: l.quantity, type: r.type })),
    ),
    justification: r.justification,
    approvedBy: r.approvedById,
    approvedAt: r.approvedAt,
    createdAt: r.createdAt,
    requesterName: r.requester.name,
    requesterDepartment: r.requester.department,
  };
}

/** An activity entry as the spec shapes it, its details in `locale` (the reader's). */
export function activityJson(e: Awaited<ReturnType<typeof listActivity>>[number], locale: Locale) {
  const { user, managersOnly: _audience, message: _message, ...rest } = e;
  return { ...rest, details: activityDetailsIn(e, locale), userName: user.name };
}

/**
 * An item with the §3 fields and its label facts (warningLevel is an internal, generated column; the
 * preferred supplier is purchasing's, managers' GraphQL); a measured product's container as
 * `containerSize: { amount, unit }`.
 */
export function itemJson(item: InventoryItem) {
  const { warningLevel: _internal, preferredSupplierId: _purchasing, containerAmountMilli: _milli, containerUnit: _unit, ...fields } = item;
  return { ...fields, containerSize: containerSizeOf(item) };
}

/** An application record as REST answers it: addresses, area and weather grouped; exact decimals as text. */
export function applicationJson(a: ApplicationWithLines) {
  return {
    id: a.id,
    customerName: a.customerName,
    serviceAddress: { street: a.street, city: a.city, state: a.state, zip: a.zip },
    siteDescription: a.siteDescription,
    areaTreated: a.areaAmount && a.areaUnit ? { amount: decimalText(a.areaAmount)!, unit: a.areaUnit } : null,
    startedAt: a.startedAt,
    endedAt: a.endedAt,
    targetPests: a.targetPests,
    method: a.method,
    applicatorId: a.applicatorId,
    applicatorName: a.applicatorName,
    certificationNumber: a.certificationNumber,
    certificationState: a.certificationState,
    supervisorId: a.supervisorId,
    supervisorName: a.supervisorName,
    supervisorCertificationNumber: a.supervisorCertificationNumber,
    supervisedApplicators: a.supervisedApplicators,
    weather:
      a.temperatureF == null && a.windSpeedMph == null && !a.windDirection
        ? null
        : { temperatureF: decimalText(a.temperatureF), windSpeedMph: decimalText(a.windSpeedMph), windDirection: a.windDirection },
    notes: a.notes,
    recordedById: a.recordedById,
    late: isLate(a),
    lines: a.lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      productName: l.productName,
      epaRegistrationNumber: l.epaRegistrationNumber,
      restrictedUse: l.restrictedUse,
      signalWord: l.signalWord,
      activeIngredients: activeIngredientsOf({ activeIngredients: l.activeIngredients }),
      amount: decimalText(l.amount)!,
      unit: l.unit,
      dilution:
        l.dilutionAmount && l.dilutionUnit && l.finishedVolume && l.finishedUnit
          ? { amount: decimalText(l.dilutionAmount)!, unit: l.dilutionUnit, finishedVolume: decimalText(l.finishedVolume)!, finishedUnit: l.finishedUnit }
          : null,
      locationId: l.locationId,
    })),
    amendments: a.amendments.map((m) => ({ id: m.id, userId: m.userId, reason: m.reason, changes: m.changes as { field: string; before: string; after: string }[], late: m.late, createdAt: m.createdAt })),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}
