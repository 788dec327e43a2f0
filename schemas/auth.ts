import { z } from "zod";
import { say } from "./messages.ts";
import { withTextRule } from "./fields.ts";

export const signInInput = z.object({
  username: withTextRule(z.string({ error: say(/*i18n*/ { id: "user.usernameIsRequired", message: "Username is required" }) }).trim().toLowerCase().min(1, say(/*i18n*/ { id: "user.usernameIsRequired", message: "Username is required" })).max(200), /*i18n*/ { id: "label.username", message: "Username" }),
  // Multi-line allowed: sign-in must not refuse a password that was accepted before the text rule.
  password: withTextRule(z.string({ error: say(/*i18n*/ { id: "user.passwordIsRequired", message: "Password is required" }) }).min(1, say(/*i18n*/ { id: "user.passwordIsRequired", message: "Password is required" })).max(1000), /*i18n*/ { id: "label.password", message: "Password" }, { multiline: true }),
});
