import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/**
 * The persisted id of every query the client has, by operation name, read from relay-compiler's
 * artifacts (their `params`). The entry imports the table of the ones it may send (`virtual:operation-ids`) to send the first
 * screen's request before Relay and the artifacts themselves have loaded (src/app/earlyQueries.ts).
 */
export function readOperationIds(generatedDir: string, wanted: (name: string) => boolean = () => true): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const file of readdirSync(generatedDir).filter((f) => f.endsWith(".graphql.ts")).sort()) {
    const text = readFileSync(join(generatedDir, file), "utf8");
    const params = /"params": \{\s*"id": "([0-9a-f]{64})",[\s\S]*?"name": "(\w+)",\s*"operationKind": "query"/.exec(text);
    if (params && wanted(params[2]!)) ids[params[2]!] = params[1]!;
  }
  return ids;
}

/**
 * The queries the entry may send early: the viewer, and each screen's query named in
 * src/app/routeRequests.ts (its `operation: "…"` literals), so the entry carries only those ids.
 */
export function earlyOperationNames(routeRequestsFile: string): Set<string> {
  const names = new Set(["AppViewerQuery"]);
  for (const m of readFileSync(routeRequestsFile, "utf8").matchAll(/operation: "(\w+)"/g)) names.add(m[1]!);
  return names;
}

const VIRTUAL = "virtual:operation-ids";

export function operationIdsModule(generatedDir: string, routeRequestsFile: string): Plugin {
  return {
    name: "trapline-operation-ids",
    resolveId: (source) => (source === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      this.addWatchFile(generatedDir);
      this.addWatchFile(routeRequestsFile);
      const names = earlyOperationNames(routeRequestsFile);
      return `export default ${JSON.stringify(readOperationIds(generatedDir, (n) => names.has(n)))};`;
    },
  };
}
