import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import type PrismaTypes from "../db/pothos-types.generated.ts";
import { getDatamodel } from "../db/pothos-types.generated.ts";
import type { SignInDevice, SignInFrom } from "../domain/auth.ts";
import type { Actor, Deps } from "../domain/context.ts";
import type { Locale } from "../i18n/index.ts";
import { decodeNodeId } from "./ids.ts";
import { textRulePlugin } from "./textRule.ts";

export type GraphQLContext = {
  deps: Deps;
  actor: Actor | null;
  /** The language answers are in: the actor's preference, else Accept-Language (server/http/locale.ts). */
  locale: Locale;
  /** The request's Accept-Language header, which decides when the user has no preference. */
  acceptLanguage: string | undefined;
  /** Cookie access over HTTP; null on a WebSocket, where sign-in and sign-out make no sense. */
  session: { sessionId(): Promise<string | undefined>; set(sessionId: string, role: string, device: SignInDevice): Promise<void>; clear(): void; signInFrom(): Promise<SignInFrom> } | null;
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  Scalars: { DateTime: { Input: Date; Output: Date }; Decimal: { Input: string; Output: string } };
  // Non-null unless a field says otherwise, so clients (Relay's generated types) get honest types.
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
}>({
  plugins: [ErrorsPlugin, textRulePlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  relay: {
    decodeGlobalID: decodeNodeId,
    clientMutationId: "omit",
    cursorType: "String",
    edgesFieldOptions: { nullable: { list: false, items: false } },
    nodeFieldOptions: { nullable: false },
  },
  prisma: {
    client: (ctx) => ctx.deps.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "warn",
  },
  errors: {
    directResult: true,
    defaultUnionOptions: { name: ({ fieldName }) => `${capitalize(fieldName)}Result` },
    defaultResultOptions: { name: ({ fieldName }) => `${capitalize(fieldName)}Success` },
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType("DateTime", {
  description: "An ISO-8601 date-time in UTC",
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError("DateTime must be an ISO-8601 date-time");
    return date;
  },
});

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
/** For helpers that add the same fields to a create and an update input. */
export type InputFields = PothosSchemaTypes.InputFieldBuilder<BuilderTypes, "InputObject">;
