import { refuse } from "../http/locale.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";
import { contentSecurityDirectives } from "../http/security.ts";
import { openApiDocument } from "./openapi.ts";

/** Swagger UI's own files, served from the npm package (no CDN: the policy allows only this origin). */
const uiDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const UI_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "start.js": "text/javascript; charset=utf-8",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trapline REST API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="api-docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;
// A file of its own rather than an inline script, which the Content-Security-Policy forbids.
const START = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#api-docs", validatorUrl: null, deepLinking: true, withCredentials: true });\n`;

/** Swagger UI sets style attributes as it renders: this page (only) allows inline styles; scripts stay 'self'. */
const docsHelmet = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...contentSecurityDirectives(() => []), "style-src": ["'self'", "'unsafe-inline'"] },
  },
};

/** GET /api/openapi.json (the document) and GET /api/docs (it, rendered with Swagger UI). */
export function openApiRoutes(ctx: RestContext) {
  const document = JSON.stringify(openApiDocument());
  const files = new Map(Object.keys(UI_FILES).map((name) => [name, name === "start.js" ? Buffer.from(START) : readFileSync(join(uiDir, name))]));
  route(ctx, "getOpenApiDocument", async (_req, reply) => reply.type("application/json; charset=utf-8").send(document));
  route(ctx, "getApiDocs", async (_req, reply) => reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(PAGE), { helmet: docsHelmet });
  route(ctx, "getSwaggerUiFile", async (req, reply, { params }) => {
    const type = UI_FILES[params.file];
    const content = type && files.get(params.file);
    if (!type || !content) return refuse(req, reply, 404, /*i18n*/ { id: "path.notFound", message: "Not found" });
    return reply.type(type).header("cache-control", "public, max-age=86400").send(content);
  });
}
