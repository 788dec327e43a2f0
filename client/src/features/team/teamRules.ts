import type { Role } from "../../__generated__/AddTeamMemberDialogMutation.graphql.ts";

export type Fields = { username: string; password: string; confirmPassword: string; name: string; role: Role; department: string };
export type FieldName = keyof Fields;
export const emptyTeamMember: Fields = { username: "", password: "", confirmPassword: "", name: "", role: "employee", department: "" };

/** §5 team form: confirm password required and matching; role defaults to employee; confirmPassword is never sent. */
export function validateTeamMember(v: Fields): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!v.username.trim()) errors.username = "Username is required";
  if (!v.password) errors.password = "Password is required";
  if (!v.confirmPassword) errors.confirmPassword = "Please confirm your password";
  else if (v.confirmPassword !== v.password) errors.confirmPassword = "Passwords don't match";
  if (!v.name.trim()) errors.name = "Name is required";
  return errors;
}
