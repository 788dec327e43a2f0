// The team feature's public face: what other features and the app shell may use of it.
export { CertificationChip } from "./CertificationChip.tsx";
export { EXPIRING_SOON_DAYS, certificationStatus } from "./certificationStatus.ts";
