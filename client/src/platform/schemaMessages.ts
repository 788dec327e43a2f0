import { i18n } from "@lingui/core";
import { englishOf, englishValue, messageOfText, type Message, type MessageValue } from "../../../schemas/messages.ts";

/*
 * A form's own check (the shared zod schemas) says its problems in English through `say()`, which
 * remembers the message behind each text (schemas/messages.ts). Shown, such a text is read back into
 * its message and put in the app's language from the schemas' catalog (loaded with the app's,
 * platform/locales/load.ts). Any other text (a server's answer, already in the reader's language) stays.
 */
// Bound once: the catalog extractor reads `i18n._(…)` calls as messages of the app's own, which these are not.
const translate = i18n._.bind(i18n);

function render(m: Message): string {
  // Not in the loaded catalog (English, or no catalog yet): its English text.
  if (!Object.hasOwn(i18n.messages, m.id)) return englishOf(m);
  const values = m.values && Object.fromEntries(Object.entries(m.values).map(([k, v]) => [k, valueOf(v)]));
  return translate(m.id, values, { message: m.message });
}

/** A label in the app's language; the server's kinds of values (days, lists) as their English, which the forms never say. */
function valueOf(v: MessageValue): string | number {
  if (typeof v !== "object") return v;
  return Array.isArray(v) || "day" in v ? englishValue(v) : render(v);
}

/** A form field's problem in the app's language. */
export function shownMessage<T extends string | undefined>(text: T): T {
  if (!text) return text;
  const m = messageOfText(text);
  return (m ? render(m) : text) as T;
}
