import type { DomainEvent, EventBus } from "../realtime/events.ts";

type Entry<V> = { value: V; until: number; epoch: number };

/**
 * Values read from the database, kept for a short time in this process, only while the event bus
 * tells this process of every change (see EventBus.delivering). Whoever changes what a value was
 * read from drops it: in this process at once after commit (invalidate), in other processes when
 * they hear the change's event. A read that overlaps any invalidation is not kept, so a value read
 * from a snapshot before a commit never outlives that commit's invalidation.
 */
export class BusGuardedCache<K, V> {
  private entries = new Map<K, Entry<V>>();
  private generation = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now() && entry.epoch === this.bus.epoch() && this.bus.delivering()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * The cached value, or `load()`'s, kept (until `expiresAt(value)` at the latest) when nothing was
   * invalidated meanwhile. Null (nothing found) is never kept.
   */
  async through(key: K, load: () => Promise<V | null>, expiresAt: (value: V) => number = () => Infinity): Promise<V | null> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const epoch = this.bus.epoch();
    const value = await load();
    if (value !== null && generation === this.generation && epoch === this.bus.epoch() && this.bus.delivering()) {
      const expires = expiresAt(value);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: Math.min(Date.now() + this.ttlMs, expires), epoch });
    }
    return value;
  }

  /** Drops the entries `matches` picks (all without one); reads under way are not kept either. */
  invalidate(matches?: (key: K, value: V) => boolean): void {
    this.generation++;
    if (!matches) return this.entries.clear();
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }
}

type Listener = (event: DomainEvent | undefined) => void;
const committedListeners = new WeakMap<EventBus, Set<Listener>>();

/**
 * Calls `listener` for every event the bus delivers (other processes' and, echoed, this one's) and,
 * synchronously after each commit in this process (see `committed`), for that write's events, or
 * once with undefined when it announced none.
 */
export function onChange(bus: EventBus, listener: Listener): void {
  let set = committedListeners.get(bus);
  if (!set) committedListeners.set(bus, (set = new Set()));
  set.add(listener);
  bus.subscribe(listener);
}

/** Tells this process's caches at once that a write committed, before its events travel the bus. */
export function committed(bus: EventBus, events: readonly DomainEvent[]): void {
  const set = committedListeners.get(bus);
  if (!set) return;
  for (const listener of set) {
    if (events.length === 0) listener(undefined);
    for (const e of events) listener(e);
  }
}

const factories: ((bus: EventBus) => unknown)[] = [];

/** One cache per event bus (that is, per running app), with its invalidation; see attachCaches. */
export function perBus<T>(create: (bus: EventBus) => T): (bus: EventBus) => T {
  const made = new WeakMap<EventBus, T>();
  const forBus = (bus: EventBus) => {
    let value = made.get(bus);
    if (!value) made.set(bus, (value = create(bus)));
    return value;
  };
  factories.push(forBus);
  return forBus;
}

/** Creates the domain's caches for an app's bus at start, so they listen before the first request. */
export function attachCaches(bus: EventBus): void {
  for (const forBus of factories) forBus(bus);
}
