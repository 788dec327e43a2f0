/*
 * Messages a person reads, as Lingui message descriptors: a stable `id` (which is also the error
 * `code` integrators match on), the English text in ICU MessageFormat, and the values to put in it.
 * Each is written as `/*i18n*\/ { id: "…", message: "…" }` so that `lingui extract` (which finds
 * descriptors by that comment, with no macro transform) puts it in the catalogs.
 *
 * zod reports a problem as a string, so a schema's messages are zod strings too: `say()` formats the
 * English text (what the forms show today) and remembers which descriptor made it, and a transport
 * finds the descriptor again with `messageOfText()` to answer in the reader's language.
 * Messages said through `say()` use plain `{name}` arguments only (no plural or select).
 */
export type Message = { id: string; message: string; values?: Record<string, MessageValue> };
/**
 * A value may itself be a message (a field's label), translated before it is put in; a calendar day
 * (`{ day: "2026-11-23" }`, ISO), written the reader's way when the message is read; or a list of
 * values, read one after another with ", " between them.
 */
export type MessageValue = string | number | Message | Day | MessageValue[];
/** A calendar day in a message's values: kept as ISO (yyyy-mm-dd), read in the reader's language. */
export type Day = { day: string };

const byText = new Map<string, Message>();

/** The English text of a message whose arguments are plain `{name}`s. */
export function englishOf(m: Message): string {
  return m.message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = m.values?.[name];
    return v === undefined ? whole : englishValue(v);
  });
}

/** A value's English (a day as ISO, a list joined by ", "). */
export function englishValue(v: MessageValue): string {
  if (Array.isArray(v)) return v.map(englishValue).join(", ");
  if (typeof v === "object") return "day" in v ? v.day : englishOf(v);
  return String(v);
}

/** The English text for zod, remembered with its descriptor (the same text always comes from one id). */
export function say(m: Message): string {
  const text = englishOf(m);
  if (!byText.has(text)) byText.set(text, m);
  return text;
}

/** The descriptor behind an English text that `say()` produced, if any. */
export function messageOfText(text: string): Message | undefined {
  return byText.get(text);
}

/** A field's name in messages ("Name is required"): a message of its own. */
export type Label = Message;
