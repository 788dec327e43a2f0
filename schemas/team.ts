import { z } from "zod";
import { say } from "./messages.ts";
import { ROLES } from "./constants.ts";
import { oneOf, optionalText, requiredText, withTextRule } from "./fields.ts";
import { textInput } from "./form.ts";
import { setCertificationInput } from "./applications.ts";

export const usernameField = z
  .string({ error: say(/*i18n*/ { id: "user.usernameIsRequired", message: "Username is required" }) })
  .trim()
  .toLowerCase()
  .min(3, say(/*i18n*/ { id: "user.usernameMustBeAtLeast", message: "Username must be at least 3 characters" }))
  .max(50, say(/*i18n*/ { id: "user.usernameMustBeAtMost", message: "Username must be at most 50 characters" }))
  .regex(/^[a-z0-9._-]+$/, say(/*i18n*/ { id: "user.usernameMayUseLettersDigits", message: "Username may use letters, digits, dots, dashes and underscores" }));

export const passwordField = withTextRule(
  z
    .string({ error: say(/*i18n*/ { id: "user.passwordIsRequired", message: "Password is required" }) })
    .min(8, say(/*i18n*/ { id: "user.passwordMustBeAtLeast", message: "Password must be at least 8 characters" }))
    .max(200, say(/*i18n*/ { id: "user.passwordMustBeAtMost", message: "Password must be at most 200 characters" })),
  /*i18n*/ { id: "label.password", message: "Password" },
);

const PASSWORDS_MATCH = { message: say(/*i18n*/ { id: "user.passwordsDonTMatch", message: "Passwords don't match" }), path: ["confirmPassword"] };

/** §5 team form. The spec's client drops confirmPassword; when one is sent anyway it must match. */
export const createTeamMemberInput = z
  .object({
    username: usernameField,
    password: passwordField,
    confirmPassword: withTextRule(
      z.string({ error: say(/*i18n*/ { id: "user.confirmPasswordMustBeText", message: "Confirm password must be text" }) }).max(200),
      /*i18n*/ { id: "label.confirmPassword", message: "Confirm password" },
    ).optional(),
    name: requiredText(/*i18n*/ { id: "label.name", message: "Name" }, 100),
    role: oneOf(/*i18n*/ { id: "label.role", message: "Role" }, ROLES).default("employee"),
    department: optionalText(/*i18n*/ { id: "label.department", message: "Department" }, 100),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, PASSWORDS_MATCH);

const member = createTeamMemberInput.shape;
/** The Add Team Member form: confirming the password is required there (§5); it is never sent. */
export const teamMemberForm = z
  .object({
    name: member.name,
    username: textInput(member.username),
    password: textInput(member.password),
    confirmPassword: z.string().min(1, say(/*i18n*/ { id: "user.pleaseConfirmYourPassword", message: "Please confirm your password" })),
    role: member.role,
    department: member.department,
  })
  .refine((v) => v.confirmPassword === v.password, PASSWORDS_MATCH);
export type TeamMemberFormValues = z.input<typeof teamMemberForm>;
export type TeamMemberFormOutput = z.output<typeof teamMemberForm>;
export const NEW_TEAM_MEMBER: TeamMemberFormValues = {
  name: "",
  username: "",
  password: "",
  confirmPassword: "",
  role: member.role.parse(undefined),
  department: "",
};

const cert = setCertificationInput.shape;
/**
 * A member's applicator certification, as managers set it on Team (issue 34): the very fields
 * setCertification checks. Categories are typed as a list separated by commas ("7A, 7B"); dates are
 * YYYY-MM-DD; the output is the mutation's input without the user.
 */
export const certificationForm = z
  .object({
    number: cert.number,
    state: cert.state,
    categories: z
      .string()
      .transform((v) =>
        v
          .split(/[,;\n]/)
          .map((c) => c.trim())
          .filter(Boolean),
      )
      .pipe(cert.categories as z.ZodType<z.output<typeof cert.categories>, string[]>),
    issuedOn: textInput(cert.issuedOn, null),
    expiresOn: textInput(cert.expiresOn),
  })
  .refine((c) => !c.issuedOn || c.issuedOn <= c.expiresOn, {
    message: say(/*i18n*/ { id: "application.expiresOnMustBeAfter", message: "Expires on must be after the issue date" }),
    path: ["expiresOn"],
  });
export type CertificationFormValues = z.input<typeof certificationForm>;
export type CertificationFormOutput = z.output<typeof certificationForm>;

type StoredCertification = { number: string; state: string; categories: readonly string[]; issuedOn?: string | null; expiresOn: string };
/** What the certification form shows: the member's current certification, or blanks. */
export const certificationFormValues = (c: StoredCertification | null | undefined): CertificationFormValues => ({
  number: c?.number ?? "",
  state: c?.state ?? "",
  categories: c?.categories.join(", ") ?? "",
  issuedOn: c?.issuedOn ?? "",
  expiresOn: c?.expiresOn ?? "",
});
