import { z } from "zod";
import { withTextRule } from "./fields.ts";

export const signInInput = z.object({
  username: withTextRule(z.string({ error: "Username is required" }).trim().toLowerCase().min(1, "Username is required").max(200), "Username"),
  // Multi-line allowed: sign-in must not refuse a password that was accepted before the text rule.
  password: withTextRule(z.string({ error: "Password is required" }).min(1, "Password is required").max(1000), "Password", { multiline: true }),
});
