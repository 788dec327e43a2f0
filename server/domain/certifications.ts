import type { Certification, Prisma } from "../db/generated/client.ts";
import { setCertificationInput } from "../../schemas/applications.ts";
import { mayReadAccount } from "./access.ts";
import { logActivity, parseInput, requireManager, write, type Actor, type Deps, type Tx } from "./context.ts";
import { NotFoundError } from "./errors.ts";
import { DAY_MS as DAY, isoDate, utcDay } from "./days.ts";
import { notifyManagers, notifyUsers } from "./notifications.ts";

/*
 * Applicator certifications (licences), one current one per user (issue 34). Managers set them on
 * Team; a technician reads their own. A restricted-use application needs, on its date, a valid one
 * of the applicator or of a named supervising certified applicator (applications.ts). Managers (and
 * the holder) are told 60, 30 and 7 days before one expires.
 */

export const EXPIRY_NOTICE_DAYS = [60, 30, 7] as const;

/** Valid on `day` (a UTC calendar day): issued by then (when an issue date is known) and not yet expired. */
export function validOn(cert: Pick<Certification, "issuedOn" | "expiresOn"> | null | undefined, day: Date): boolean {
  if (!cert) return false;
  const d = utcDay(day);
  return (!cert.issuedOn || utcDay(cert.issuedOn) <= d) && utcDay(cert.expiresOn) >= d;
}

export async function setCertification(deps: Deps, actor: Actor | null, input: unknown): Promise<Certification> {
  const a = requireManager(actor, /*i18n*/ { id: "certification.onlyManagersCanRecordCertifications", message: "Only managers can record certifications" });
  const data = parseInput(setCertificationInput, input);
  return write(deps, async (tx, emit) => {
    const user = await tx.user.findUnique({ where: { id: data.userId }, select: { id: true, name: true } });
    if (!user) throw new NotFoundError(/*i18n*/ { id: "user.notFound", message: "User not found" });
    const fields = {
      number: data.number,
      state: data.state,
      categories: data.categories,
      issuedOn: data.issuedOn ? new Date(data.issuedOn) : null,
      expiresOn: new Date(data.expiresOn),
    };
    const cert = await tx.certification.upsert({ where: { userId: user.id }, create: { userId: user.id, ...fields }, update: fields });
    await logActivity(tx, a, {
      action: "update",
      entityType: "user",
      entityId: user.id,
      details: /*i18n*/ {
        id: "activity.certificationRecorded",
        message: "Recorded {name}'s certification {number} ({state}), expires {expires}",
        values: { name: user.name, number: cert.number, state: cert.state, expires: { day: isoDate(cert.expiresOn) } },
      },
    });
    emit({ type: "certification.changed", userId: user.id });
    // A certification already inside a notice window is announced now, not at the next hourly look.
    await remindCertificationExpiry(tx, emit, { ...cert, user }, new Date());
    return cert;
  });
}

/**
 * A certification already loaded with its user (`User.certification` selects it with the user's row,
 * so a list of users costs no query per user): for managers and the user, null for anyone else.
 */
export function readableCertification(actor: Actor | null, userId: number, certification: Certification | null | undefined): Certification | null {
  return actor && mayReadAccount(actor, userId) ? (certification ?? null) : null;
}

/**
 * Certifications that expire within the longest notice window, or have expired (managers; the
 * dashboard). `query` is what the caller reads of them (GraphQL's selection); by default the user's id and name.
 */
export async function expiringCertifications(
  deps: Deps,
  actor: Actor | null,
  query: Pick<Prisma.CertificationFindManyArgs, "include" | "select"> = { include: { user: { select: { id: true, name: true } } } },
  now = new Date(),
): Promise<Certification[]> {
  requireManager(actor, /*i18n*/ { id: "certification.onlyManagersCanSeeTheTeam", message: "Only managers can see the team's certifications" });
  return deps.prisma.certification.findMany({
    ...query,
    where: { expiresOn: { lt: new Date(utcDay(now) + (EXPIRY_NOTICE_DAYS[0] + 1) * DAY) } },
    orderBy: [{ expiresOn: "asc" }, { id: "asc" }],
  });
}

type Emit = Parameters<typeof notifyManagers>[1];

/**
 * Once per notice window (60, 30, 7 days) and expiry date: managers and the holder hear that a
 * certification expires soon. Only the nearest window a certification is in is announced.
 */
export async function remindCertificationExpiry(tx: Tx, emit: Emit, cert: Certification & { user: { id: number; name: string } }, now: Date) {
  const days = Math.round((utcDay(cert.expiresOn) - utcDay(now)) / DAY);
  if (days < 0) return;
  const window = [...EXPIRY_NOTICE_DAYS].reverse().find((w) => days <= w);
  if (window === undefined) return;
  const date = isoDate(cert.expiresOn);
  const values = { name: cert.user.name, number: cert.number, state: cert.state, date: { day: date }, days };
  const draft = {
    kind: "CERTIFICATION_EXPIRING" as const,
    dedupeKey: `certification:${cert.id}:${date}:${window}`,
    message: /*i18n*/ {
      id: "notification.certificationExpiring",
      message: "{name}'s applicator certification {number} ({state}) expires {date} ({days, plural, =0 {today} one {in # day} other {in # days}})",
      values,
    },
  };
  await notifyManagers(tx, emit, draft);
  await notifyUsers(tx, emit, [cert.userId], {
    ...draft,
    message: /*i18n*/ {
      id: "notification.ownCertificationExpiring",
      message: "Your applicator certification {number} ({state}) expires {date} ({days, plural, =0 {today} one {in # day} other {in # days}})",
      values,
    },
  });
}

/** The hourly look: every certification inside a notice window (idempotent through the dedupe keys). */
export async function sendCertificationReminders(tx: Tx, emit: Emit, now = new Date()) {
  const due = await tx.certification.findMany({
    where: { expiresOn: { gte: new Date(utcDay(now)), lt: new Date(utcDay(now) + (EXPIRY_NOTICE_DAYS[0] + 1) * DAY) } },
    include: { user: { select: { id: true, name: true } } },
  });
  for (const cert of due) await remindCertificationExpiry(tx, emit, cert, now);
}
