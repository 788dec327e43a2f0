import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { Webhook } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { committed } from "./cache.ts";
import { parseId, parseInput, requireManager, type Actor, type Deps, type Tx } from "./context.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { createWebhookInput, updateWebhookInput, WEBHOOK_EVENTS } from "../../schemas/webhooks.ts";

export { createWebhookInput, updateWebhookInput, WEBHOOK_EVENTS } from "../../schemas/webhooks.ts";

/** How many recent deliveries `webhooks` shows per endpoint. */
export const RECENT_DELIVERIES = 20;

/** Loopback, link-local, private, carrier-grade NAT, unspecified, multicast and reserved ranges (IPv4 and IPv6). */
const FORBIDDEN = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  FORBIDDEN.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127], // :: and ::1
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  FORBIDDEN.addSubnet(net, bits, "ipv6");

/** True when an address is one a webhook may not reach (IPv4-mapped IPv6 is judged as IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? "ipv4" : "ipv6");
}

const allowPrivate = (deps: Deps) => deps.settings?.allowPrivateWebhooks === true;

/** Refuses a URL whose host is, or resolves to, a forbidden address (unless ALLOW_PRIVATE_WEBHOOKS=1). */
export async function assertPublicUrl(deps: Deps, url: string): Promise<void> {
  if (allowPrivate(deps)) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true, verbatim: true }).then((r) => r.map((a) => a.address), () => null);
  if (!addresses?.length) throw new ValidationError(/*i18n*/ { id: "webhook.urlSHostNameDoes", message: "URL's host name does not resolve" }, "url");
  if (addresses.some(isForbiddenAddress)) {
    throw new ValidationError(/*i18n*/ { id: "webhook.urlMustNotPointTo", message: "URL must not point to a loopback, link-local or private address" }, "url");
  }
}

/** A manager registers an endpoint; the signing secret is returned this once. */
export async function createWebhook(deps: Deps, actor: Actor | null, input: unknown): Promise<{ secret: string; webhook: Webhook }> {
  const manager = requireManager(actor, /*i18n*/ { id: "webhook.onlyManagersCanManageWebhooks", message: "Only managers can manage webhooks" });
  const { url, events } = parseInput(createWebhookInput, input);
  await assertPublicUrl(deps, url);
  const secret = "whsec_" + randomBytes(32).toString("base64url");
  const webhook = await changing(deps, (tx) => tx.webhook.create({ data: { url, events, secret, createdById: manager.id } }));
  return { secret, webhook };
}

/** Runs a webhook change and announces it in its transaction, so every process's outbox re-reads which webhooks exist. */
async function changing<T extends { id: number } | null>(deps: Deps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let event: DomainEvent | undefined;
  const result = await deps.prisma.$transaction(async (tx) => {
    const value = await fn(tx);
    if (value) {
      event = { type: "webhook.changed", webhookId: value.id };
      await deps.events.publishWithin?.(tx, event);
    }
    return value;
  });
  if (event) committed(deps.events, [event]);
  return result;
}

export async function updateWebhook(deps: Deps, actor: Actor | null, rawId: unknown, input: unknown): Promise<Webhook> {
  requireManager(actor, /*i18n*/ { id: "webhook.onlyManagersCanManageWebhooks", message: "Only managers can manage webhooks" });
  const id = parseId(rawId);
  const changes = parseInput(updateWebhookInput, input);
  if (changes.url) await assertPublicUrl(deps, changes.url);
  const updated = await changing(deps, async (tx) => (await tx.webhook.updateManyAndReturn({ where: { id }, data: changes }))[0] ?? null);
  if (!updated) throw new NotFoundError(/*i18n*/ { id: "webhook.notFound", message: "Webhook not found" });
  return updated;
}

/** Removes the endpoint and its deliveries (pending ones are not sent). */
export async function deleteWebhook(deps: Deps, actor: Actor | null, rawId: unknown): Promise<number> {
  requireManager(actor, /*i18n*/ { id: "webhook.onlyManagersCanManageWebhooks", message: "Only managers can manage webhooks" });
  const id = parseId(rawId);
  const deleted = await changing(deps, async (tx) => ((await tx.webhook.deleteMany({ where: { id } })).count ? { id } : null));
  if (!deleted) throw new NotFoundError(/*i18n*/ { id: "webhook.notFound", message: "Webhook not found" });
  return id;
}

/** The events a webhook may subscribe to (managers: the Webhooks settings). */
export function webhookEventNames(actor: Actor | null): string[] {
  requireManager(actor, /*i18n*/ { id: "webhook.onlyManagersCanManageWebhooks", message: "Only managers can manage webhooks" });
  return [...WEBHOOK_EVENTS];
}

export function listWebhooks<Q extends object>(deps: Deps, actor: Actor | null, query?: Q) {
  requireManager(actor, /*i18n*/ { id: "webhook.onlyManagersCanManageWebhooks", message: "Only managers can manage webhooks" });
  return deps.prisma.webhook.findMany({ ...query, orderBy: { id: "desc" } });
}

export function recentDeliveries<Q extends object>(deps: Deps, actor: Actor | null, webhookId: number, query?: Q) {
  requireManager(actor, /*i18n*/ { id: "webhook.onlyManagersCanManageWebhooks", message: "Only managers can manage webhooks" });
  return deps.prisma.webhookDelivery.findMany({ ...query, where: { webhookId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: RECENT_DELIVERIES });
}
