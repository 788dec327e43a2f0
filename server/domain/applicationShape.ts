import type { Prisma } from "../db/generated/client.ts";

/** An application record with its lines and amendments, as the domain reads it (applications.ts). */
export const applicationInclude = { lines: { orderBy: { position: "asc" } }, amendments: { orderBy: { createdAt: "asc" } } } satisfies Prisma.ApplicationInclude;
export type ApplicationWithLines = Prisma.ApplicationGetPayload<{ include: typeof applicationInclude }>;

/** The record as an amendment keeps it ("before"): every field and line, amounts as text. */
export function snapshotOf(app: ApplicationWithLines) {
  const { amendments, lines, ...fields } = app;
  return {
    ...fields,
    amendments,
    areaAmount: fields.areaAmount?.toString() ?? null,
    temperatureF: fields.temperatureF?.toString() ?? null,
    windSpeedMph: fields.windSpeedMph?.toString() ?? null,
    lines: lines.map((l) => ({
      ...l,
      amount: l.amount.toString(),
      amountBase: l.amountBase?.toString() ?? null,
      dilutionAmount: l.dilutionAmount?.toString() ?? null,
      finishedVolume: l.finishedVolume?.toString() ?? null,
    })),
  };
}

