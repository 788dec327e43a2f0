import { t } from "@lingui/core/macro";

/** The location kind's name, in the app's language at the time of the call. */
export const kindLabel = (kind: string) => (kind === "VEHICLE" ? t`Vehicle` : t`Warehouse`);
