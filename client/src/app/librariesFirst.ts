/**
 * Imported by the entry (src/main.tsx) just before the app (src/app/start.tsx), in a task of its own: React,
 * ReactDOM and Relay are CommonJS modules, whose bodies run the first time a module that uses them is
 * evaluated, and without this they ran inside the app's evaluation, one task of 41-61 ms on a returning
 * /inventory here (160-240 ms at Lighthouse's 4x CPU slowdown). Evaluating them first splits that task in
 * two, where this file is in first: the frame's and the screen's imports, which the entry asks for before
 * it, wait for the same runtime file, and when that arrives last (a returning user's), React's bodies run
 * inside their evaluation. The names are exported only so that the bundler keeps the imports; nothing uses
 * them from here.
 */
export { createRoot } from "react-dom/client";
export { startTransition } from "react";
export { RelayEnvironmentProvider } from "react-relay";
export { Environment } from "relay-runtime";
