// The floors of the house and the one way imports run between them (README, "How it is built"), held by
// dependency-cruiser in `npm test` (the "layers" stage, `npm run layers`). A rule per arrow that would
// run back up, no circles, and features reached only through their public file. Type-only imports
// count (tsPreCompilationDeps): a type imported from above ties the floors as much as a value does.
//
// Client (client/src), top to bottom:
//   main.tsx (the entry) → app/ (composition: providers, router, shell)
//     → features/<area>/ (screens; a route file beside each page, a public index.ts)
//     → components/ (the UI kit) → relay/ (the Relay environment) → offline/ (the phone's copy and queue)
//     → platform/ (toast, session, first screen, route helpers, live channel, the network's offline hooks)
//     → schemas/ (repo root: zod schemas shared with the server)
// Server (server/), top to bottom:
//   index.ts → app.ts → transports rest/, graphql/, realtime/ws + authSockets, demo/ (seed), backup/
//     → http/ (helpers both transports share) and auth/session.ts → domain/ → storage/, db/,
//     realtime/events + pg-bus (the event bus), auth/password.ts → config.ts, log.ts, i18n/ → schemas/

const CLIENT = "^client/src/";
const FLOOR = (names) => `${CLIENT}(${names})/`;

/** `from` may not import `to`: one rule per arrow that would run back up. */
const up = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Files that import each other (directly or round a loop) cannot be read, tested or moved apart.",
      severity: "error",
      from: {},
      to: { circular: true },
    },

    // ---- client ----
    up("client-entry-is-top", "Nothing imports the entry (src/main.tsx) or the service worker (src/sw.ts).", { path: CLIENT }, { path: `${CLIENT}(main|sw)\\.tsx?$` }),
    up("client-app-is-composition", "app/ (providers, router, shell) composes the features: nothing below it imports it.", { path: CLIENT, pathNot: `${CLIENT}(app/|main\\.tsx$)` }, { path: `${CLIENT}app/` }),
    up(
      "client-features-above-the-floor",
      "components/, relay/, offline/ and platform/ serve every feature and import none.",
      { path: FLOOR("components|relay|offline|platform") },
      { path: `${CLIENT}features/` },
    ),
    up("client-components-above-relay", "relay/, offline/ and platform/ stand below the UI kit.", { path: FLOOR("relay|offline|platform") }, { path: `${CLIENT}components/` }),
    up("client-relay-above-offline", "offline/ and platform/ stand below the Relay environment.", { path: FLOOR("offline|platform") }, { path: `${CLIENT}relay/` }),
    up("client-offline-above-platform", "platform/ stands below the phone's offline copy and queue.", { path: FLOOR("platform") }, { path: `${CLIENT}offline/` }),
    up(
      "client-feature-internals",
      "A feature reaches another only through its public file (features/<area>/index.ts), never its internals.",
      { path: `${CLIENT}features/([^/]+)/` },
      { path: `${CLIENT}features/`, pathNot: [`${CLIENT}features/$1/`, `${CLIENT}features/[^/]+/index\\.ts$`] },
    ),
    up(
      "client-app-meets-features-publicly",
      "The router imports a feature's route files (*.route.ts), the rest of app/ its public file; nothing else of it.",
      { path: `${CLIENT}(app/|main\\.tsx$)` },
      { path: `${CLIENT}features/`, pathNot: `${CLIENT}features/[^/]+/(index|[\\w-]+\\.route)\\.ts$` },
    ),
    up(
      "client-not-into-server",
      "The client stands on schemas/. The CSV column lists and quoting (server/domain/csvColumns.ts, csv.ts) are the one exception: written for both sides, with no server-only imports.",
      { path: "^client/" },
      { path: "^server/", pathNot: "^server/domain/csv(Columns)?\\.ts$" },
    ),
    up("shared-csv-stays-shared", "server/domain/csv.ts and csvColumns.ts are imported by the client: they may reach schemas/ only.", { path: "^server/domain/csv(Columns)?\\.ts$" }, { path: "^server/", pathNot: "^server/domain/csv(Columns)?\\.ts$" }),

    // ---- schemas (the ground both sides stand on) ----
    up("schemas-at-the-ground", "schemas/ is imported by the server and the client and imports neither.", { path: "^schemas/" }, { path: "^(server|client|tests|scripts)/" }),
    up("schemas-no-node", "schemas/ runs in the browser too: no Node built-ins.", { path: "^schemas/" }, { dependencyTypes: ["core"] }),
    up("schemas-only-zod", "schemas/ needs zod and nothing else from npm (its compiled catalogs, schemas/locales/*.ts, name Lingui's Messages type).", { path: "^schemas/", pathNot: "^schemas/locales/" }, { dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"], pathNot: "node_modules/zod/" }),

    // ---- server ----
    up(
      "server-i18n-at-the-bottom",
      "server/i18n (languages and catalogs) stands below the domain with config and log: it imports schemas/ and its own catalogs only.",
      { path: "^server/i18n/" },
      { path: "^server/", pathNot: "^server/(i18n|locales)/" },
    ),
    up("server-start-is-top", "server/index.ts starts the process and app.ts composes it: nothing else imports them.", { path: "^server/", pathNot: "^server/index\\.ts$" }, { path: "^server/(index|app)\\.ts$" }),
    up("server-transports-apart", "REST and GraphQL do not import each other; what both need lives below them (http/, domain/).", { path: "^server/rest/" }, { path: "^server/graphql/" }),
    up("server-transports-apart-graphql", "REST and GraphQL do not import each other; what both need lives below them (http/, domain/).", { path: "^server/graphql/" }, { path: "^server/rest/" }),
    up(
      "server-http-below-transports",
      "http/ holds what the transports share (status codes, rate limits, security headers): it imports none of them.",
      { path: "^server/http/" },
      { path: "^server/(rest|graphql|realtime/(ws|authSockets)\\.ts$|demo|backup)" },
    ),
    up(
      "server-auth-session-below-transports",
      "auth/session.ts reads a request's session or token for every transport: it imports none of them.",
      { path: "^server/auth/" },
      { path: "^server/(rest|graphql|http|realtime/(ws|authSockets)\\.ts$|demo|backup)" },
    ),
    up(
      "server-domain-below-transports",
      "The domain (business rules) knows no transport, no session cookie and no seed: rest/, graphql/, http/, the /ws and graphql-ws sockets, auth/session.ts, demo/ and backup/ stand on it.",
      { path: "^server/domain/" },
      { path: "^server/(rest|graphql|http|realtime/(ws|authSockets)\\.ts$|auth/session\\.ts$|demo|backup)" },
    ),
    up(
      "server-below-the-domain",
      "db/, storage/, the event bus (realtime/events.ts, pg-bus.ts), auth/password.ts, config.ts and log.ts stand below the domain and everything on it.",
      { path: "^server/(db|storage|realtime/(events|pg-bus)\\.ts$|auth/password\\.ts$|config\\.ts$|log\\.ts$)" },
      { path: "^server/(domain|rest|graphql|http|realtime/(ws|authSockets)\\.ts$|auth/session\\.ts$|demo|backup)" },
    ),
    up("server-db-at-the-bottom", "server/db/ (Prisma client, migrations) imports nothing of the server above it.", { path: "^server/db/" }, { path: "^server/", pathNot: "^server/db/" }),
    up(
      "server-storage-on-db",
      "The object stores stand on db/ and config.ts only (not on the event bus, auth or log).",
      { path: "^server/storage/" },
      { path: "^server/", pathNot: "^server/(storage/|db/|config\\.ts$)" },
    ),
    up("server-ground-files", "config.ts and log.ts are the server's ground: they import nothing of it.", { path: "^server/(config|log)\\.ts$" }, { path: "^server/" }),
    up("server-not-into-client", "The server never imports the client.", { path: "^server/" }, { path: "^client/" }),
  ],
  options: {
    exclude: { path: "(^|/)__generated__/|^server/db/generated/|^server/db/pothos-types\\.generated\\.ts$" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
