import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { i18n } from "@lingui/core";
import { graphql } from "react-relay";
import type { ApplicationMethod } from "../../../../schemas/applications.ts";
import type { AreaUnit, MeasureUnit } from "../../../../schemas/measures.ts";
import { activeLocale } from "../../platform/locales/load.ts";

/*
 * How the application screens write a record's values, in the reader's language. The enums sent stay
 * SPRAY, SQ_FT, FL_OZ…; the server's CSV and PDFs keep their English labels (schemas' METHOD_LABEL,
 * AREA_LABEL, MEASURE_LABEL).
 */

/**
 * A visit's own fields (for whom, where, what, when, under which conditions), as the record page shows them and
 * the amend form starts from: spread unmasked (`...format_visit @relay(mask: false)`) into their fragments.
 */
export const visitFragment = graphql`
  fragment format_visit on Application {
    customerName
    serviceAddress {
      street
      city
      state
      zip
    }
    siteDescription
    areaTreated {
      amount
      unit
    }
    startedAt
    endedAt
    targetPests
    method
    supervisorName
    supervisedApplicators
    weather {
      temperatureF
      windSpeedMph
      windDirection
    }
    notes
  }
`;

/** What a migrated record lacks is shown as this, never invented (issue 34). */
export const notRecorded = () => t`not recorded`;

export const METHOD_MSG: Record<ApplicationMethod, MessageDescriptor> = {
  SPRAY: msg({ message: "Spray", context: "application method" }),
  BAIT: msg({ message: "Bait", context: "application method" }),
  DUST: msg({ message: "Dust", context: "application method" }),
  FOG: msg({ message: "Fog", context: "application method" }),
  GRANULAR: msg({ message: "Granular", context: "application method" }),
  INJECTION: msg({ message: "Injection", context: "application method" }),
  OTHER: msg({ message: "Other", context: "application method" }),
};

export const AREA_MSG: Record<AreaUnit, MessageDescriptor> = {
  SQ_FT: msg({ message: "sq ft", context: "area unit" }),
  LINEAR_FT: msg({ message: "linear ft", context: "area unit" }),
  CUBIC_FT: msg({ message: "cubic ft", context: "area unit" }),
  ACRES: msg({ message: "acres", context: "area unit" }),
};

export const MEASURE_MSG: Record<MeasureUnit, MessageDescriptor> = {
  FL_OZ: msg({ message: "fl oz", context: "measure unit" }),
  GAL: msg({ message: "gal", context: "measure unit" }),
  ML: msg({ message: "mL", context: "measure unit" }),
  L: msg({ message: "L", context: "measure unit" }),
  OZ: msg({ message: "oz", context: "measure unit" }),
  LB: msg({ message: "lb", context: "measure unit" }),
  G: msg({ message: "g", context: "measure unit" }),
  KG: msg({ message: "kg", context: "measure unit" }),
};

/** English measure labels (the server's `unitLabel`) back to their unit, to write them in the reader's language. */
const MEASURE_BY_LABEL: Record<string, MeasureUnit> = { "fl oz": "FL_OZ", gal: "GAL", mL: "ML", L: "L", oz: "OZ", lb: "LB", g: "G", kg: "KG" };

export const methodText = (method: string | null | undefined) =>
  method ? (method in METHOD_MSG ? i18n._(METHOD_MSG[method as ApplicationMethod]) : method) : notRecorded();
export const areaUnitText = (unit: string) => (unit in AREA_MSG ? i18n._(AREA_MSG[unit as AreaUnit]) : unit);
export const areaText = (area: { amount: unknown; unit: string } | null | undefined) =>
  area ? `${String(area.amount)} ${areaUnitText(area.unit)}` : notRecorded();
/** A unit (FL_OZ) as people write it; an item's own unit ("boxes") is data and stays as it is. */
export const unitText = (unit: string) => (unit in MEASURE_MSG ? i18n._(MEASURE_MSG[unit as MeasureUnit]) : unit);
/** The server's English `unitLabel` ("fl oz") in the reader's language; an item's own unit stays. */
export const unitLabelText = (label: string) => (Object.hasOwn(MEASURE_BY_LABEL, label) ? unitText(MEASURE_BY_LABEL[label]!) : label);

export function addressText(a: { street?: string | null; city?: string | null; state?: string | null; zip?: string | null } | null | undefined): string {
  if (!a) return notRecorded();
  const place = [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.street, place].filter(Boolean).join(", ") || notRecorded();
}

const formats = new Map<string, { dateTime: Intl.DateTimeFormat; timeOnly: Intl.DateTimeFormat }>();
function dates() {
  const locale = activeLocale();
  let f = formats.get(locale);
  if (!f)
    formats.set(
      locale,
      (f = {
        dateTime: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
        timeOnly: new Intl.DateTimeFormat(locale, { timeStyle: "short" }),
      }),
    );
  return f;
}
export const whenText = (iso: string) => dates().dateTime.format(new Date(iso));
/** "Nov 26, 2026, 9:00 AM – 10:10 AM" (the end's day only when it differs). */
export function spanText(startedAt: string, endedAt: string | null | undefined): string {
  if (!endedAt) return whenText(startedAt);
  const start = new Date(startedAt);
  const end = new Date(endedAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${whenText(startedAt)} – ${sameDay ? dates().timeOnly.format(end) : whenText(endedAt)}`;
}

/** The label's signal word in the reader's language (the same catalog entries as the inventory's chips). */
const SIGNAL_MSG: Record<string, MessageDescriptor> = {
  CAUTION: msg({ message: "Caution", context: "signal word" }),
  WARNING: msg({ message: "Warning", context: "signal word" }),
  DANGER: msg({ message: "Danger", context: "signal word" }),
};
export const signalText = (word: string) => (SIGNAL_MSG[word] ? i18n._(SIGNAL_MSG[word]) : word);
