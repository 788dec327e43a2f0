import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, localeOfRequest, refuse } from "../http/locale.ts";
import { BOM } from "../domain/csv.ts";
import { ValidationError } from "../domain/errors.ts";
import { exportEquipmentCsv, exportInventoryCsv, importEquipmentCsv, importInventoryCsv, type ImportResult } from "../domain/transfer.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";

/** The largest CSV file an import takes (about 40,000 rows of inventory). */
export const CSV_IMPORT_LIMIT = 10 * 1024 * 1024;
const CSV_TYPE = "text/csv";

const utf8 = new TextDecoder("utf-8", { fatal: true });

function attachment(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="trapline-${name}-${day}.csv"`)
    .send(BOM + csv);
}

/** Errors met before the handler runs (wrong body type, too large) in the words of a CSV upload. */
const importErrors = (app: FastifyInstance) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return refuse(request, reply, 415, /*i18n*/ { id: "csv.notCsvBody", message: "Send the file as the body with Content-Type: text/csv" });
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return refuse(request, reply, 413, /*i18n*/ { id: "csv.fileTooLarge", message: "The file is larger than {megabytes} MB", values: { megabytes: CSV_IMPORT_LIMIT / 1024 / 1024 } });
  return app.errorHandler(error, request, reply);
};

/**
 * CSV out and in for the inventory and equipment lists: GET …/export.csv with the list's filters,
 * POST …/import with a text/csv body (`?dryRun=true` writes nothing). 200 with `{ created, updated,
 * unchanged, errors: [] }`; a file with errors imports nothing and answers 400 with them.
 */
export function transferRoutes(ctx: RestContext) {
  const { app, deps, session } = ctx;
  const actor = session.actorOf;
  app.addContentTypeParser(CSV_TYPE, { parseAs: "buffer", bodyLimit: CSV_IMPORT_LIMIT }, (_req, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(Object.assign(new ValidationError(/*i18n*/ { id: "csv.theFileIsNotUTF", message: "The file is not UTF-8 text: save it as CSV UTF-8" }, "file")), undefined);
    }
  });

  route(ctx, "exportInventoryCsv", async (req, reply, { query }) => attachment(reply, "inventory", await exportInventoryCsv(deps, await actor(req), query)));
  route(ctx, "exportEquipmentCsv", async (req, reply, { query }) => attachment(reply, "equipment", await exportEquipmentCsv(deps, await actor(req), query)));

  const importRoute = (id: "importInventoryCsv" | "importEquipmentCsv", run: typeof importInventoryCsv) =>
    route(ctx, id, async (req, reply, { query }) => {
      const dryRun = query.dryRun === "true";
      const who = await actor(req);
      const locale = localeOfRequest(req, who);
      const result: ImportResult = await run(deps, who, req.body, dryRun, locale);
      if (result.errors.length && !dryRun) {
        const refused = errorBody(
          /*i18n*/ {
            id: "csv.importRefused",
            message: "{count, plural, one {The file has # error; nothing was imported} other {The file has # errors; nothing was imported}}",
            values: { count: result.errors.length },
          },
          locale,
        );
        return reply.status(400).send({ ...refused, ...result });
      }
      return result;
    }, { bodyLimit: CSV_IMPORT_LIMIT, errorHandler: importErrors(app) });
  importRoute("importInventoryCsv", importInventoryCsv);
  importRoute("importEquipmentCsv", importEquipmentCsv);
}
