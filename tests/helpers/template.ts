// Makes the test servers' template database (tests/global-setup.ts): the server started and stopped
// once in the given data folder, with the environment startServer gives a server by default.
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { TEMPLATE_ENV } from "./serverEnv.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: template.ts <data folder>");
const app = await createApp(loadConfig({ ...TEMPLATE_ENV, DATA_DIR: dataDir }));
await app.close();
