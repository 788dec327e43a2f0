import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";
import { ValidationError } from "../domain/errors.ts";
import { textProblemMessage } from "../../schemas/fields.ts";

/**
 * The text rule (schemas/fields.ts) for every GraphQL argument: each string anywhere in a
 * field's arguments (IDs, search texts, input objects, lists) is checked before the resolver runs.
 * A failure is a ValidationError naming the argument (inside `input`, the input field, as the
 * domain names it): a typed result where the field lists ValidationError, a VALIDATION error
 * otherwise. Listed right after the errors plugin, so that plugin sees what this one throws; on
 * fields whose arguments Pothos maps first (Relay's node/nodes decode global ids), before the mapping.
 */
export class TextRulePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    if (Object.keys(fieldConfig.args).length === 0 || fieldConfig.argMappers.length > 0) return resolver;
    return (parent, args, context, info) => {
      checkArguments(args);
      return resolver(parent, args, context, info);
    };
  }

  override wrapArgMappers(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object> | undefined,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> | undefined {
    if (!resolver || fieldConfig.argMappers.length === 0) return resolver;
    return (parent, args, context, info) => {
      checkArguments(args);
      return resolver(parent, args, context, info);
    };
  }

  override wrapSubscribe(
    subscribe: GraphQLFieldResolver<unknown, Types["Context"], object> | undefined,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> | undefined {
    if (!subscribe || Object.keys(fieldConfig.args).length === 0 || fieldConfig.argMappers.length > 0) return subscribe;
    return (parent, args, context, info) => {
      checkArguments(args);
      return subscribe(parent, args, context, info);
    };
  }
}

function checkArguments(args: object) {
  for (const [name, value] of Object.entries(args)) check(value, name === "input" ? "" : name);
}

function check(value: unknown, path: string): void {
  if (typeof value === "string") {
    const problem = textProblemMessage(value, path || "input", { multiline: true });
    if (problem) throw new ValidationError(problem, path || undefined);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => check(item, `${path}.${i}`));
  } else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) check(item, path ? `${path}.${key}` : key);
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how Pothos plugins register their types
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      textRule: TextRulePlugin<Types>;
    }
  }
}

export const textRulePlugin = "textRule" as const;
SchemaBuilder.registerPlugin(textRulePlugin, TextRulePlugin);
