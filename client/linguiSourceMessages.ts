import type { PluginObj, types as BabelTypes } from "@babel/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * English, the source language, needs no catalog: the text is in the code, already compiled.
 *
 * Lingui's macro leaves each message as a descriptor, `{ id, message }` (`<Trans {...descriptor}>`),
 * and the build keeps the English `message` (`stripMessageField: false` in vite.config.ts). This
 * Babel plugin, run after the macro, turns that ICU text into the form a compiled catalog holds
 * (`["Finish the count"]`, `[["count"], " boxes"]`, a plural as its cases), which `i18n._` reads
 * when the active catalog has no entry for the id: so an English user starts with an empty catalog
 * and fetches none, and Spanish users get the Spanish chunk by id as before. Production builds
 * carry no message compiler, so the text must arrive compiled.
 *
 * Only the app's own files (client/src, where every descriptor is the macro's) change: the shared
 * schemas' hand-written descriptors keep their text, which schemas/messages.ts reads as a string.
 */
export function linguiSourceMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const appSource = join(dirname(fileURLToPath(import.meta.url)), "src") + sep;
  return {
    name: "trapline-lingui-source-messages",
    visitor: {
      // After every plugin's Program enter: Lingui's macro rewrites the whole file there.
      Program: {
        exit(program, state) {
          if (!state.filename?.startsWith(appSource)) return;
          program.traverse({
            ObjectExpression(path) {
              let id = false;
              let message: BabelTypes.ObjectProperty | undefined;
              for (const p of path.node.properties) {
                if (p.type !== "ObjectProperty" || p.computed || p.key.type !== "Identifier") continue;
                if (p.key.name === "id" && p.value.type === "StringLiteral") id = true;
                if (p.key.name === "message" && p.value.type === "StringLiteral") message = p;
              }
              if (id && message) message.value = t.valueToNode(compileMessage((message.value as BabelTypes.StringLiteral).value));
            },
          });
        },
      },
    },
  };
}
