/** What a test server's environment is unless a test says otherwise (tests/helpers/template.ts makes the template database with it). */
export const TEMPLATE_ENV = { PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATABASE_URL: "", SEED_DEMO: "basic" };
