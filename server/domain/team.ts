import { say } from "../../schemas/messages.ts";
import type { Prisma } from "../db/generated/client.ts";
import { hashPassword } from "../auth/password.ts";
import { logActivity, parseInput, requireManager, write, type Actor, type Deps } from "./context.ts";
import { seek } from "./keyset.ts";
import { createTeamMemberInput } from "../../schemas/team.ts";

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

const TEAM_ONLY = say(/*i18n*/ { id: "user.managersOnly", message: "You need manager privileges to access team management." });

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
  const a = requireManager(actor, /*i18n*/ { id: "user.youNeedManagerPrivilegesToAdd", message: "You need manager privileges to add team members." });
  const { password, confirmPassword: _confirmed, ...data } = parseInput(createTeamMemberInput, input);
  const passwordHash = await hashPassword(password);
  return write(deps, async (tx) => {
    const user = await tx.user.create({ data: { ...data, department: data.department ?? null, passwordHash }, select: publicUserSelect });
    await logActivity(tx, a, {
      action: "create",
      entityType: "user",
      entityId: user.id,
      details: user.department
        ? /*i18n*/ {
            id: "activity.teamMemberAddedDepartment",
            message: "Added team member {name} ({role}, {department})",
            values: { name: user.name, role: user.role, department: user.department },
          }
        : /*i18n*/ { id: "activity.teamMemberAdded", message: "Added team member {name} ({role})", values: { name: user.name, role: user.role } },
    });
    return user;
  });
}
