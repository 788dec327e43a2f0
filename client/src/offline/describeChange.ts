import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { QueuedChange, Snapshot, TitleMessage, TitleValue } from "./db.ts";
import { kindOf } from "./outbox.ts";

/**
 * What a queued change does, in words (issue 35): kept with the change as a message (its catalog id,
 * its English text and the values: names and units, which are data), so the queue dialog says it in
 * the language the app speaks when it is shown, not the one it spoke when the change was made. Only
 * the app loads this (src/offline/network.ts); the service worker, which sends the queue, does not.
 */

type Input = Record<string, unknown>;
/** A placeholder's value that is a message (a fallback word, a product line) or a list of them: renderTitle says it when shown (the macro's types take text only). */
const part = (value: TitleValue) => value as unknown as string;
const inputOf = (variables: Record<string, unknown>) => (variables.input ?? {}) as Input;

// A measure unit as people write it (the item's own unit, "boxes", is data and stays as it is).
const UNIT_WORDS: Record<string, TitleValue> = { FL_OZ: msg({ message: "fl oz", context: "measure unit" }), GAL: "gal", ML: "mL", L: "L", OZ: "oz", LB: "lb", G: "g", KG: "kg" };

/** What a change does, in words (in the app's language now, and as a message to say it again later), and the record it changes, named from the phone's copy. */
export function describeChange(operationName: string, variables: Record<string, unknown>, snapshot: Snapshot | null): { title: string; titleMessage?: TitleMessage; target: string | null } {
  const described = describe(operationName, variables, snapshot);
  return described ? { title: renderTitle(described.titleMessage), ...described } : { title: operationName, target: null };
}

function describe(operationName: string, variables: Record<string, unknown>, snapshot: Snapshot | null): { titleMessage: TitleMessage; target: string | null } | null {
  const input = inputOf(variables);
  const equipmentName = (id: unknown) => part(snapshot?.equipment.find((e) => e.id === id)?.name ?? msg`equipment`);
  const item = (id: unknown) => snapshot?.inventory.find((i) => i.id === id);
  switch (kindOf(operationName)) {
    case "check_out": {
      const name = equipmentName(input.id);
      const person = String(input.assignedTo ?? "");
      return { titleMessage: msg`Check out ${name} to ${person}`, target: String(input.id) };
    }
    case "check_in": {
      const name = equipmentName(input.id);
      return { titleMessage: msg`Check in ${name}`, target: String(input.id) };
    }
    case "use": {
      const i = item(input.itemId);
      const quantity = String(input.quantity);
      const unit = part(i?.unit ?? msg`units`);
      const name = part(i?.name ?? msg`an item`);
      return { titleMessage: msg`Record use of ${quantity} ${unit} of ${name}`, target: String(input.itemId) };
    }
    case "request": {
      const lines = (input.items as { id: string; quantity?: number }[] | undefined) ?? [];
      const names = part(lines.map((l) => item(l.id)?.name ?? snapshot?.equipment.find((e) => e.id === l.id)?.name ?? msg`an item`));
      return { titleMessage: lines.length ? msg`Request ${names}` : msg`Request items`, target: null };
    }
    case "application": {
      const lines = (input.lines as { itemId: string; amount?: string; unit?: string }[] | undefined) ?? [];
      const customer = part(typeof input.customerName === "string" && input.customerName ? input.customerName : msg`a customer`);
      const products = part(
        lines.map((l) => {
          const amount = String(l.amount ?? "");
          const product = part(item(l.itemId)?.name ?? msg`a product`);
          if (!l.unit) return msg`${amount} of ${product}`;
          const unit = part(UNIT_WORDS[l.unit] ?? l.unit);
          return msg`${amount} ${unit} of ${product}`;
        }),
      );
      return { titleMessage: lines.length ? msg`Record application for ${customer}: ${products}` : msg`Record application for ${customer}: no products`, target: null };
    }
    default:
      return null;
  }
}

// Bound once: the catalog extractor reads `i18n._(…)` calls as messages of the app's own, which these are not.
const translate = i18n._.bind(i18n);

function renderValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renderValue).join(", ");
  if (value && typeof value === "object" && typeof (value as TitleMessage).id === "string") return renderTitle(value as TitleMessage);
  return value;
}

/** A title message in the app's language now (its nested parts, such as a product line or a fallback word, too). */
export function renderTitle(m: TitleMessage): string {
  const values = m.values && Object.fromEntries(Object.entries(m.values).map(([k, v]) => [k, renderValue(v)]));
  return translate({ id: m.id, message: m.message, values });
}

/** A queued change's title in the app's language now; a change queued before titles were kept as messages has its English title only. */
export function changeTitle(change: Pick<QueuedChange, "title" | "titleMessage">): string {
  if (!change.titleMessage) return change.title;
  try {
    return renderTitle(change.titleMessage);
  } catch {
    return change.title;
  }
}
