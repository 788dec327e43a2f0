import { PassThrough } from "node:stream";
import { messageOfText } from "../../schemas/messages.ts";
import { refuse } from "../http/locale.ts";
import type { FastifyInstance } from "fastify";
import { requireActor, requireManager } from "../domain/context.ts";
import { PURCHASE_ORDER_PDF_PREFIX, PURCHASING_ONLY } from "../domain/purchasing.ts";
import { createSdsUpload, linkSdsFile, MAX_SDS_BYTES, sdsContentCheck, TOO_LARGE } from "../domain/sds.ts";
import { isValidKey, ObjectExistsError, ObjectTooLargeError } from "../storage/objects.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";
import { itemJson } from "./shapes.ts";

const contentTypes: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export function objectRoutes(ctx: RestContext) {
  const { app, deps, session } = ctx;
  route(ctx, "createSdsUpload", async (req) => createSdsUpload(deps, await session.actorOf(req), req.body));
  route(ctx, "linkSdsFile", async (req) => {
    const { itemType, itemId, sdsFileUrl, item } = await linkSdsFile(deps, await session.actorOf(req), req.body);
    return { itemType, itemId, sdsFileUrl, item: "quantity" in item ? itemJson(item) : item };
  });

  // The signed PUT streams the raw file: no body parser and no 1 MB JSON cap here, only the SDS limit.
  app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

    scope.put<{ Params: { "*": string }; Querystring: { expires?: string; signature?: string } }>("/objects/*", async (req, reply) => {
      const key = req.params["*"];
      const contentType = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      const { expires = "", signature = "" } = req.query;
      if (!isValidKey(key) || !deps.storage.verifyUpload(key, contentType, expires, signature)) {
        req.raw.resume();
        return refuse(req, reply, 403, /*i18n*/ { id: "upload.linkInvalid", message: "This upload link is invalid or has expired" });
      }
      if (Number(req.headers["content-length"] ?? 0) > MAX_SDS_BYTES) {
        req.raw.resume();
        return refuse(req, reply.header("connection", "close"), 413, messageOfText(TOO_LARGE)!);
      }
      try {
        // Through a PassThrough, so a refused upload leaves the request readable: drained, then answered.
        const { size } = await deps.storage.write(key, req.raw.pipe(new PassThrough()), MAX_SDS_BYTES, sdsContentCheck(contentType));
        return { objectPath: `/objects/${key}`, size };
      } catch (err) {
        req.raw.resume();
        if (err instanceof ObjectTooLargeError) return refuse(req, reply.header("connection", "close"), 413, messageOfText(TOO_LARGE)!);
        if (err instanceof ObjectExistsError) return refuse(req, reply, 409, /*i18n*/ { id: "upload.alreadyUploaded", message: "This file was already uploaded" });
        throw err;
      }
    });

    scope.get<{ Params: { "*": string } }>("/objects/*", async (req, reply) => {
      const actor = requireActor(await session.actorOf(req));
      const key = req.params["*"];
      // Placed orders' PDFs: managers only, as all of purchasing.
      if (key.startsWith(PURCHASE_ORDER_PDF_PREFIX)) requireManager(actor, PURCHASING_ONLY);
      const name = key.split("/").pop()!;
      const ext = name.split(".").pop()!.toLowerCase();
      const direct = deps.storage.direct;
      if (direct) {
        // The bytes come from the bucket itself, through a short-lived presigned GET.
        if (!isValidKey(key) || !(await deps.storage.exists(key))) return refuse(req, reply, 404, /*i18n*/ { id: "file.notFound", message: "File not found" });
        return reply
          .header("cache-control", "private, no-store")
          .redirect(await direct.downloadUrl(key, name, contentTypes[ext] ?? "application/octet-stream"), 302);
      }
      const found = isValidKey(key) ? await deps.storage.read(key) : null;
      if (!found) return refuse(req, reply, 404, /*i18n*/ { id: "file.notFound", message: "File not found" });
      return reply
        .header("content-type", contentTypes[ext] ?? "application/octet-stream")
        .header("content-length", String(found.size))
        .header("content-disposition", `attachment; filename="${name.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=0")
        .send(found.stream);
    });
  });
}
