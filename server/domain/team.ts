import { z } from "zod";
import type { Prisma } from "../db/generated/client.ts";
import { hashPassword } from "../auth/password.ts";
import { ROLES } from "./constants.ts";
import { logActivity, parseInput, requireManager, write, type Actor, type Deps } from "./context.ts";
import { oneOf, optionalText, requiredText, withTextRule } from "./fields.ts";
import { seek } from "./keyset.ts";

/** What any response may carry of a user: never the password hash. */
export const publicUserSelect = {
  id: true,
  username: true,
  name: true,
  role: true,
  department: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
export type PublicUser = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;

export const usernameField = z
  .string({ error: "Username is required" })
  .trim()
  .toLowerCase()
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[a-z0-9._-]+$/, "Username may use letters, digits, dots, dashes and underscores");

export const passwordField = withTextRule(
  z.string({ error: "Password is required" }).min(8, "Password must be at least 8 characters").max(200, "Password must be at most 200 characters"),
  "Password",
);

/** §5 team form. The spec's client drops confirmPassword; when one is sent anyway it must match. */
export const createTeamMemberInput = z
  .object({
    username: usernameField,
    password: passwordField,
    confirmPassword: withTextRule(z.string({ error: "Confirm password must be text" }).max(200), "Confirm password").optional(),
    name: requiredText("Name", 100),
    role: oneOf("Role", ROLES).default("employee"),
    department: optionalText("Department", 100),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

const TEAM_ONLY = "You need manager privileges to access team management.";

function teamWhere(filter: { search?: string }): Prisma.UserWhereInput {
  const search = filter.search?.trim();
  return search
    ? {
        OR: [
          { name: { contains: search, mode: "insensitive" } },
          { username: { contains: search, mode: "insensitive" } },
          { department: { contains: search, mode: "insensitive" } },
        ],
      }
    : {};
}

export async function listTeamMembers(deps: Deps, actor: Actor | null, filter: { search?: string } = {}): Promise<PublicUser[]> {
  requireManager(actor, TEAM_ONLY);
  return deps.prisma.user.findMany({ where: teamWhere(filter), select: publicUserSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

/** For GraphQL: `query` selects only the exposed fields (never the password hash). */
export async function findTeamMembers(deps: Deps, actor: Actor | null, filter: { search?: string }, query: object) {
  requireManager(actor, TEAM_ONLY);
  const orderBy = [{ name: "asc" }, { id: "asc" }] satisfies Prisma.UserOrderByWithRelationInput[];
  const page = await seek(query, orderBy, (where, select) => deps.prisma.user.findUnique({ where: where as Prisma.UserWhereUniqueInput, select }));
  if (!page) return [];
  return deps.prisma.user.findMany({ ...page.query, where: { AND: [teamWhere(filter), page.where] }, orderBy });
}

export async function countTeamMembers(deps: Deps, actor: Actor | null, filter: { search?: string } = {}) {
  requireManager(actor, TEAM_ONLY);
  return deps.prisma.user.count({ where: teamWhere(filter) });
}

export async function createTeamMember(deps: Deps, actor: Actor | null, input: unknown): Promise<PublicUser> {
  const a = requireManager(actor, "You need manager privileges to add team members.");
  const { password, confirmPassword: _confirmed, ...data } = parseInput(createTeamMemberInput, input);
  const passwordHash = await hashPassword(password);
  return write(deps, async (tx) => {
    const user = await tx.user.create({ data: { ...data, department: data.department ?? null, passwordHash }, select: publicUserSelect });
    await logActivity(tx, a, {
      action: "create",
      entityType: "user",
      entityId: user.id,
      details: `Added team member ${user.name} (${user.role}${user.department ? `, ${user.department}` : ""})`,
    });
    return user;
  });
}
