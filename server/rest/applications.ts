import { applicationLogCsv, customerCopyPdf, monthlySummary, monthlySummaryCsv, rupReport, rupReportCsv, rupReportPdf } from "../domain/applicationReports.ts";
import { getApplication, listApplications, recordApplication } from "../domain/applications.ts";
import { BOM } from "../domain/csv.ts";
import type { FastifyReply } from "fastify";
import { localeOfRequest } from "../http/locale.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";
import { applicationJson } from "./shapes.ts";

const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer) =>
  reply.type(type).header("content-disposition", `attachment; filename="${name}"`).header("cache-control", "private, no-store").send(body);

/**
 * Pesticide application records (issue 34): record, list and read; the customer copy; the inspector's exports.
 * The PDFs are in the reader's language (their preference, else Accept-Language); the CSVs stay English (an integrator's columns).
 */
export function applicationRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  const actor = session.actorOf;
  route(ctx, "createApplication", async (req, reply) => reply.status(201).send(applicationJson(await recordApplication(deps, await actor(req), req.body))));
  route(ctx, "listApplications", async (req, _reply, { query }) =>
    (
      await listApplications(deps, await actor(req), {
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        applicatorId: query.applicatorId,
        restrictedUseOnly: query.restrictedUseOnly === "true",
        customer: query.customer,
        itemId: query.itemId,
      })
    ).map(applicationJson),
  );
  route(ctx, "getApplication", async (req, _reply, { params }) => applicationJson(await getApplication(deps, await actor(req), params.id)));
  route(ctx, "getApplicationCustomerCopy", async (req, reply, { params }) => {
    const who = await actor(req);
    const { pdf, fileName } = await customerCopyPdf(deps, who, params.id, localeOfRequest(req, who));
    return download(reply, "application/pdf", fileName, pdf);
  });
  route(ctx, "getRupReportCsv", async (req, reply, { query }) => {
    const { range, rows } = await rupReport(deps, await actor(req), query);
    return download(reply, "text/csv; charset=utf-8", `rup-records-${range.from}-to-${range.to}.csv`, BOM + rupReportCsv(rows));
  });
  route(ctx, "getRupReportPdf", async (req, reply, { query }) => {
    const who = await actor(req);
    return download(reply, "application/pdf", `rup-records-${query.from}-to-${query.to}.pdf`, await rupReportPdf(deps, who, query, localeOfRequest(req, who)));
  });
  route(ctx, "getApplicationMonthlySummaryCsv", async (req, reply, { query }) => {
    const { range, rows } = await monthlySummary(deps, await actor(req), query);
    return download(reply, "text/csv; charset=utf-8", `applications-by-month-${range.from}-to-${range.to}.csv`, BOM + monthlySummaryCsv(rows));
  });
  route(ctx, "getApplicationLogCsv", async (req, reply, { query }) => {
    const { range, csv } = await applicationLogCsv(deps, await actor(req), query);
    return download(reply, "text/csv; charset=utf-8", `applications-${range.from}-to-${range.to}.csv`, BOM + csv);
  });
}
