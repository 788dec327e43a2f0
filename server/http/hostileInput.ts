import type { FastifyInstance } from "fastify";
import { ValidationError } from "../domain/errors.ts";
import { textProblem, textProblemMessage } from "../../schemas/fields.ts";

const NOT_UTF8 = /*i18n*/ { id: "query.notUtf8", message: "The query string is not valid UTF-8 (or has a malformed %-escape)" };

/**
 * The text rule (schemas/fields.ts) for what no field schema sees: every query-string name
 * and value and every path parameter of every route, before any handler runs. A query string that
 * does not decode as UTF-8 is a 400 as well, and so is a parameter given twice (Fastify would hand
 * the route an array where it reads a string). Line breaks pass here (GraphQL GET carries a
 * document over several lines); each field's own schema decides about them.
 */
export function registerHostileInputChecks(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const url = request.raw.url ?? "";
    const q = url.indexOf("?");
    if (q >= 0) {
      const seen = new Set<string>();
      for (const pair of url.slice(q + 1).split("&")) {
        if (!pair) continue;
        const eq = pair.indexOf("=");
        const name = decodeQueryPart(eq < 0 ? pair : pair.slice(0, eq));
        const value = eq < 0 ? "" : decodeQueryPart(pair.slice(eq + 1));
        checkText(name, "query string");
        checkText(value, name);
        if (seen.has(name))
          throw new ValidationError(
            name.length <= 100
              ? /*i18n*/ { id: "query.parameterTwice", message: "{name} must be given once", values: { name } }
              : /*i18n*/ { id: "query.someParameterTwice", message: "A query parameter must be given once" },
            name.length <= 100 ? name : undefined,
          );
        seen.add(name);
      }
    }
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
      if (typeof value === "string") checkText(value, name);
    }
  });
}

function decodeQueryPart(part: string): string {
  // A byte above 0x7f sent unescaped reaches us as one latin1 character; browsers always %-escape them.
  if (/[^\x20-\x7e]/.test(part)) throw new ValidationError(NOT_UTF8);
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    throw new ValidationError(NOT_UTF8);
  }
}

function checkText(value: string, field: string) {
  const named = textProblem(field) === null && field.length <= 100;
  const problem = textProblemMessage(value, named ? field : /*i18n*/ { id: "label.aQueryParameter", message: "A query parameter" }, { multiline: true });
  if (!problem) return;
  throw new ValidationError(problem, named ? field : undefined);
}
