import { z } from "zod";
import { say } from "./messages.ts";
import { oneOf, optionalDate, requiredText } from "./fields.ts";
import { textInput } from "./form.ts";

/** READ tokens may only read; WRITE tokens may do whatever their owner may. */
export const API_TOKEN_ACCESS = ["READ", "WRITE"] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

export const EXPIRY_IN_FUTURE = say(/*i18n*/ { id: "apiToken.expiryInPast", message: "Expiry must be in the future" });

/** `createApiToken(input: { name, access, expiresAt })`; the server also refuses an expiry that is not in the future. */
export const createApiTokenInput = z.object({
  name: requiredText(/*i18n*/ { id: "label.name", message: "Name" }, 100),
  access: oneOf(/*i18n*/ { id: "label.access", message: "Access" }, API_TOKEN_ACCESS),
  expiresAt: optionalDate(/*i18n*/ { id: "label.expiry", message: "Expiry" }),
});

/**
 * The 'Create API token' form: the same fields from the inputs' text, plus the user's `today`
 * (YYYY-MM-DD): an expiry day must come after it (the token stops working at the start of that day,
 * UTC). Blank expiry: the token does not expire. Its output is the mutation's input.
 */
export const apiTokenForm = (today: string) =>
  z.object({
    name: createApiTokenInput.shape.name,
    access: createApiTokenInput.shape.access,
    expiresAt: textInput(
      z.iso
        .date({ error: say(/*i18n*/ { id: "apiToken.expiryMustBeADate", message: "Expiry must be a date (YYYY-MM-DD)" }) })
        .refine((day) => day > today, EXPIRY_IN_FUTURE)
        .nullable(),
      null,
    ),
  });
export type ApiTokenFormValues = { name: string; access: ApiTokenAccess; expiresAt: string };
export type ApiTokenFormOutput = z.output<ReturnType<typeof apiTokenForm>>;
export const NEW_API_TOKEN: ApiTokenFormValues = { name: "", access: "READ", expiresAt: "" };
