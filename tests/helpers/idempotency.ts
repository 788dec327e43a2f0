import { randomUUID } from "node:crypto";
import type { ApiClient, ApiResponse, TestServer } from "./server.ts";

/** Shared by the REST and GraphQL suites of issue 13 (Idempotency-Key). */

export const newKey = () => randomUUID();

export function sendKeyed(client: ApiClient, method: string, path: string, body: unknown, key: string | undefined): Promise<ApiResponse> {
  return client.request(method, path, body, key === undefined ? {} : { "idempotency-key": key });
}

export function gqlKeyed(client: ApiClient, query: string, variables: Record<string, unknown>, key: string | undefined) {
  return sendKeyed(client, "POST", "/graphql", { query, variables }, key);
}

/** Rows of the tables a technician's writes touch, counted straight from the database. */
export async function countRows(server: TestServer, where: { activity?: { action: string; entityId: number }; requestsJustified?: string; chemicalUsesAt?: string; movementsOf?: number }) {
  const prisma = server.app.deps.prisma;
  if (where.activity) return prisma.activityEntry.count({ where: where.activity });
  if (where.requestsJustified !== undefined) return prisma.request.count({ where: { justification: where.requestsJustified } });
  if (where.chemicalUsesAt !== undefined) return prisma.chemicalUse.count({ where: { siteAddress: where.chemicalUsesAt } });
  if (where.movementsOf !== undefined) return prisma.stockMovement.count({ where: { itemId: where.movementsOf, reason: "used" } });
  throw new Error("nothing to count");
}

export const storedKeys = (server: TestServer, key: string) => server.app.deps.prisma.idempotencyKey.findMany({ where: { key } });
