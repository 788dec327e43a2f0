import { createHash } from "node:crypto";
import { Kind, getOperationAST, print, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import type { GraphQLSchema } from "graphql";
import type { Plugin } from "graphql-yoga";
import { onChange } from "../domain/cache.ts";
import { recordsChangedBy, UNTRACKED_TYPES } from "../domain/cacheTags.ts";
import type { EventBus } from "../realtime/events.ts";
import type { GraphQLContext } from "./builder.ts";

/**
 * Answers to read operations, kept per operation, variables and viewer (id and role: nobody is
 * answered from another user's entry), and dropped by the records each write changes.
 *
 * What an answer depends on is read from its document against the schema: every object type its
 * selections can reach (through fragments, unions and interfaces), plus root scalar fields by name.
 * A `node(id:)` read depends on that one record (`InventoryItem:12`), not on its whole type. A write's
 * events name what changed (DomainEvent → the types whose answers it can change, and the record), so
 * an equipment check-out drops equipment lists, the dashboard and the activity feed, but not an
 * inventory page or another item's form. A write that announces nothing in particular (a team
 * change, a notification read) drops everything. Lists hold their whole type: a change can move a
 * row into or out of a page, which its id alone would not tell.
 *
 * An entry lives 60 s at most and never past the end of its UTC day (fields such as
 * `maintenanceState` read the calendar, not the data). Like the domain's other caches
 * (domain/cache.ts) it keeps nothing while the event bus is not
 * delivering, drops everything when delivery lapsed (epoch), and never keeps an answer whose read
 * overlapped an invalidation. In this process a write's invalidation runs at its commit, before its
 * answer is sent; other processes drop their entries when the write's event reaches them. Mutations,
 * subscriptions, signed-out callers and answers with errors are never kept.
 */

type Entry = { result: unknown; tags: string[]; until: number; epoch: number };

/** The tags a write's event drops; null: everything. */
export const tagsOf = recordsChangedBy;
const UNCACHED = UNTRACKED_TYPES;

// ---- what a document depends on ----

type Analysed = {
  key: string;
  /** Null: not kept (a mutation or subscription, introspection). */
  tags: Set<string> | null;
  /** For a `node(id:)` root: where its id comes from, and the tags of its record's own selections. */
  node?: { idFrom: { variable: string } | { value: string }; selections: SelectionSetNode };
};

type NamedType = { name: string; getFields?: () => Record<string, { type: unknown }>; getTypes?: () => NamedType[] };

const tagOfType = (t: unknown) => String((t as { [Symbol.toStringTag]?: string })[Symbol.toStringTag]);

function named(type: unknown): NamedType {
  let t = type as { ofType?: unknown };
  while (t.ofType) t = t.ofType as { ofType?: unknown };
  return t as unknown as NamedType;
}

/** Object types an abstract type stands for (duck-typed: the schema may come from another copy of graphql). */
function possible(schema: GraphQLSchema, type: NamedType): NamedType[] {
  const tag = tagOfType(type);
  if (tag === "GraphQLUnionType" || tag === "GraphQLInterfaceType") return schema.getPossibleTypes(type as never) as unknown as NamedType[];
  return [type];
}

function collect(schema: GraphQLSchema, fragments: Map<string, FragmentDefinitionNode>, set: SelectionSetNode, parents: NamedType[], out: Set<string>, seen = new Set<string>()) {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith("__")) continue;
      for (const parent of parents) {
        const field = parent.getFields?.()[name];
        if (!field) continue;
        const type = named(field.type);
        if (!selection.selectionSet) {
          if (parent.name === schema.getQueryType()?.name) out.add(`Query.${name}`);
          continue;
        }
        const targets = possible(schema, type);
        for (const t of targets) out.add(t.name);
        collect(schema, fragments, selection.selectionSet, targets, out, seen);
      }
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment) continue;
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const mark = `${selection.name.value}@${parents.map((p) => p.name).join(",")}`;
        if (seen.has(mark)) continue;
        seen.add(mark);
      }
      const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : undefined;
      const narrowed = condition ? parents.filter((p) => possible(schema, condition as unknown as NamedType).some((c) => c.name === p.name)) : parents;
      // A fragment on an interface or union the parents belong to keeps the parents; on a concrete type, that type.
      const within = narrowed.length ? narrowed : [];
      collect(schema, fragments, fragment.selectionSet, within, out, seen);
    }
  }
}

const analysed = new WeakMap<DocumentNode, Map<string, Analysed>>();

export function analyse(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Analysed {
  let byName = analysed.get(document);
  if (!byName) analysed.set(document, (byName = new Map()));
  const cached = byName.get(operationName ?? "");
  if (cached) return cached;
  const operation = getOperationAST(document, operationName);
  const key = createHash("sha256").update(print(document)).update("\0").update(operationName ?? "").digest("base64url");
  let result: Analysed = { key, tags: null };
  if (operation?.operation === "query") {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const introspection = operation.selectionSet.selections.some((s) => s.kind === Kind.FIELD && (s.name.value === "__schema" || s.name.value === "__type"));
    const query = schema.getQueryType() as unknown as NamedType;
    const roots = operation.selectionSet.selections;
    const only = roots.length === 1 && roots[0]!.kind === Kind.FIELD ? roots[0]! : null;
    if (!introspection && only?.kind === Kind.FIELD && only.name.value === "node" && only.selectionSet) {
      const arg = only.arguments?.find((a) => a.name.value === "id")?.value;
      const idFrom = arg?.kind === Kind.VARIABLE ? { variable: arg.name.value } : arg?.kind === Kind.STRING ? { value: arg.value } : undefined;
      if (idFrom) result = { key, tags: new Set(), node: { idFrom, selections: only.selectionSet } };
    }
    if (!introspection && !result.node) {
      const tags = new Set<string>();
      collect(schema, fragments, operation.selectionSet, [query], tags);
      result = { key, tags: [...tags].some((t) => UNCACHED.has(t)) ? null : tags };
    }
  }
  byName.set(operationName ?? "", result);
  return result;
}

/** The tags of one request: the document's, and for a `node(id:)` read, the record's and its selections'. */
function requestTags(schema: GraphQLSchema, document: DocumentNode, a: Analysed, variables: Record<string, unknown> | undefined): Set<string> | null {
  if (!a.node) return a.tags;
  const raw = "variable" in a.node.idFrom ? variables?.[a.node.idFrom.variable] : a.node.idFrom.value;
  let decoded = "";
  try {
    decoded = typeof raw === "string" ? Buffer.from(raw, "base64").toString("utf8") : "";
  } catch {
    decoded = "";
  }
  const match = /^([A-Za-z]+):(\d+)$/.exec(decoded);
  const type = match ? (schema.getType(match[1]!) as unknown as NamedType | undefined) : undefined;
  if (!match || !type || tagOfType(type) !== "GraphQLObjectType") return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const nested = new Set<string>();
  collect(schema, fragments, a.node.selections, [type], nested);
  // The record itself: `Type:id`. What its fields reach (other types) by type, as lists are.
  if (UNCACHED.has(match[1]!) || [...nested].some((t) => UNCACHED.has(t))) return null;
  const tags = new Set<string>([`${match[1]}:${match[2]}`]);
  for (const t of nested) if (t !== match[1]) tags.add(t);
  // The same type reached again below the record (a related record of its kind) depends on the type.
  if (nested.has(match[1]!) && a.node.selections.selections.some((s) => s.kind !== Kind.FIELD || !!s.selectionSet)) tags.add(match[1]!);
  return tags;
}

function stable(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
    .join(",")}}`;
}

// ---- the store ----

export type ResponseCacheStats = { hits: number; misses: number; kept: number; size: number };

export class ResponseCache {
  private entries = new Map<string, Entry>();
  private byTag = new Map<string, Set<string>>();
  private generation = 0;
  readonly stats: ResponseCacheStats = { hits: 0, misses: 0, kept: 0, size: 0 };

  constructor(
    private readonly bus: EventBus,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 5_000,
  ) {
    onChange(bus, (event) => this.invalidate(tagsOf(event)));
  }

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now() && entry.epoch === this.bus.epoch() && this.bus.delivering()) return entry.result;
    this.drop(key);
    return undefined;
  }

  /** A token taken before a read; `keep` stores the read's answer only if nothing was invalidated since. */
  begin() {
    return { generation: this.generation, epoch: this.bus.epoch() };
  }

  keep(token: { generation: number; epoch: number }, key: string, result: unknown, tags: Set<string>) {
    if (this.ttlMs <= 0) return;
    if (token.generation !== this.generation || token.epoch !== this.bus.epoch() || !this.bus.delivering()) return;
    if (this.entries.size >= this.maxEntries) this.drop(this.entries.keys().next().value!);
    this.drop(key);
    const list = [...tags];
    // Some fields read the calendar (maintenanceDue, maintenanceState: UTC days): nothing outlives its UTC day.
    const now = Date.now();
    const midnight = Math.ceil((now + 1) / 86_400_000) * 86_400_000;
    this.entries.set(key, { result, tags: list, until: Math.min(now + this.ttlMs, midnight), epoch: token.epoch });
    for (const tag of list) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.stats.kept++;
    this.stats.size = this.entries.size;
  }

  /** Drops the entries holding any of `tags` (null: all); reads under way are not kept either. */
  invalidate(tags: string[] | null) {
    if (tags && tags.length === 0) return;
    this.generation++;
    if (!tags) {
      this.entries.clear();
      this.byTag.clear();
    } else {
      for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) this.drop(key);
    }
    this.stats.size = this.entries.size;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** The Yoga plugin: answers a kept read before it executes, keeps a fresh one after. */
export function useResponseCache(cache: ResponseCache): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { actor, locale } = args.contextValue as GraphQLContext;
      if (!actor) return;
      const schema = args.schema as GraphQLSchema;
      const a = analyse(schema, args.document, args.operationName);
      if (!a.tags) return;
      const tags = requestTags(schema, args.document, a, args.variableValues ?? undefined);
      if (!tags) return;
      const key = `${a.key}|${actor.id}:${actor.role}:${locale}|${stable(args.variableValues ?? {})}`;
      const hit = cache.get(key);
      if (hit !== undefined) {
        cache.stats.hits++;
        setResultAndStopExecution(hit as never);
        return;
      }
      cache.stats.misses++;
      const token = cache.begin();
      return {
        onExecuteDone({ result }) {
          if (!result || Symbol.asyncIterator in (result as object)) return;
          const single = result as { errors?: unknown[] };
          if (single.errors?.length) return;
          cache.keep(token, key, result, tags);
        },
      };
    },
  };
}
