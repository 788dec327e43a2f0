// Writes schema.graphql from the Pothos schema (relay-compiler and integrators read it).
import { writeFileSync } from "node:fs";
import { printedSchema } from "../server/graphql/schema.ts";

writeFileSync("schema.graphql", printedSchema());
console.log("Wrote schema.graphql");
