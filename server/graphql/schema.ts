import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import "./errors.ts";
import "./users.ts";
import "./products.ts";
import "./inventory.ts";
import "./equipment.ts";
import "./requests.ts";
import "./activity.ts";
import "./scan.ts";
import "./notifications.ts";
import "./chemicalUse.ts";
import "./applications.ts";
import "./locations.ts";
import "./purchasing.ts";
import "./reports.ts";
import "./apiTokens.ts";
import "./webhooks.ts";
import "./subscriptions.ts";

export const schema = builder.toSchema();

/** The SDL checked in as schema.graphql (read by relay-compiler and integrators). */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + "\n";
}
