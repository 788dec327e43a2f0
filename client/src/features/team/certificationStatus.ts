// How a certification's status reads on Team and the dashboard (issue 34).
/** Days before an expiry when a certification counts as expiring soon (the first of the 60/30/7-day notices). */
export const EXPIRING_SOON_DAYS = 60;
export type CertificationStatus = { kind: "none" | "expired" | "notYetValid" | "expiringSoon" | "valid"; label: string };
/** A certification's status, as its chip says it. */
export function certificationStatus(c: { valid: boolean; expiresInDays: number } | null | undefined): CertificationStatus {
  if (!c) return { kind: "none", label: "No certification" };
  if (c.expiresInDays < 0) return { kind: "expired", label: `Expired ${-c.expiresInDays} day${c.expiresInDays === -1 ? "" : "s"} ago` };
  if (!c.valid) return { kind: "notYetValid", label: "Not yet valid" };
  if (c.expiresInDays === 0) return { kind: "expiringSoon", label: "Expires today" };
  if (c.expiresInDays <= EXPIRING_SOON_DAYS) return { kind: "expiringSoon", label: `Expires in ${c.expiresInDays} day${c.expiresInDays === 1 ? "" : "s"}` };
  return { kind: "valid", label: "Valid" };
}
