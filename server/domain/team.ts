import { z } from "zod";
import type { Prisma } from "../db/generated/client.ts";
import { hashPassword } from "../auth/password.ts";
import { ROLES } from "./constants.ts";
import { logActivity, parseInput, requireManager, write, type Actor, type Deps } from "./context.ts";
import { oneOf, optionalText, requiredText } from "./fields.ts";

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

export const passwordField = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(200, "Password must be at most 200 characters");

/** §5 team form; confirmPassword is checked by the form and dropped here. */
export const createTeamMemberInput = z.object({
  username: usernameField,
  password: passwordField,
  name: requiredText("Name", 100),
  role: oneOf("Role", ROLES).default("employee"),
  department: optionalText("Department", 100),
});

export async function listTeamMembers(deps: Deps, actor: Actor | null, filter: { search?: string } = {}): Promise<PublicUser[]> {
  requireManager(actor, "You need manager privileges to access team management.");
  const search = filter.search?.trim();
  const where: Prisma.UserWhereInput = search
    ? {
        OR: [
          { name: { contains: search, mode: "insensitive" } },
          { username: { contains: search, mode: "insensitive" } },
          { department: { contains: search, mode: "insensitive" } },
        ],
      }
    : {};
  return deps.prisma.user.findMany({ where, select: publicUserSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export async function createTeamMember(deps: Deps, actor: Actor | null, input: unknown): Promise<PublicUser> {
  const a = requireManager(actor, "You need manager privileges to add team members.");
  const { password, ...data } = parseInput(createTeamMemberInput, input);
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
