// How a certification's status reads on Team and the dashboard (issue 34).
import { graphql } from "react-relay";

/** A certification as Team and the dashboard's own card show it: spread unmasked (`...certificationStatus_certification @relay(mask: false)`). */
export const certificationFragment = graphql`
  fragment certificationStatus_certification on Certification {
    number
    state
    categories
    issuedOn
    expiresOn
    expiresInDays
    valid
  }
`;
/** Days before an expiry when a certification counts as expiring soon (the first of the 60/30/7-day notices). */
export const EXPIRING_SOON_DAYS = 60;
/** `days`: how many days ago it expired (expired), or in how many it expires (expiringSoon); the chip words it in the reader's language. */
export type CertificationStatus = { kind: "none" | "expired" | "notYetValid" | "expiringSoon" | "valid"; days: number };
/** A certification's status, as its chip says it. */
export function certificationStatus(c: { valid: boolean; expiresInDays: number } | null | undefined): CertificationStatus {
  if (!c) return { kind: "none", days: 0 };
  if (c.expiresInDays < 0) return { kind: "expired", days: -c.expiresInDays };
  if (!c.valid) return { kind: "notYetValid", days: 0 };
  if (c.expiresInDays <= EXPIRING_SOON_DAYS) return { kind: "expiringSoon", days: c.expiresInDays };
  return { kind: "valid", days: c.expiresInDays };
}
