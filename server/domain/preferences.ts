import { parseInput, requireActor, write, type Actor, type Deps } from "./context.ts";
import { updateMyPreferencesInput } from "../../schemas/preferences.ts";

export type Preferences = { locale: string | null };

export async function myPreferences(deps: Deps, actor: Actor | null): Promise<Preferences> {
  const a = requireActor(actor);
  const user = await deps.prisma.user.findUnique({ where: { id: a.id }, select: { locale: true } });
  return { locale: user?.locale ?? null };
}

/**
 * Any signed-in user sets their own preferences (their language; null: the browser's languages
 * decide). Not an activity-log entry: nothing of the business changed. Every process's session and
 * token caches drop the user, so the next request is answered in the new language.
 */
export async function updateMyPreferences(deps: Deps, actor: Actor | null, input: unknown): Promise<Preferences> {
  const a = requireActor(actor);
  const { locale } = parseInput(updateMyPreferencesInput, input);
  return write(deps, async (tx, emit) => {
    const user = await tx.user.update({ where: { id: a.id }, data: { locale }, select: { locale: true } });
    emit({ type: "user.preferencesChanged", userId: a.id });
    return { locale: user.locale };
  });
}
