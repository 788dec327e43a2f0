import { createContext, useContext } from "react";
import { graphql } from "react-relay";

/**
 * What the app knows of the signed-in user: the viewer query's and the sign-in answer's fields, spread
 * unmasked (`...session_viewer @relay(mask: false)`), so both fill the same record in the store.
 */
export const viewerFragment = graphql`
  fragment session_viewer on User {
    id
    databaseId
    name
    role
    department
    locale
  }
`;

/** The signed-in user. Their own role is always readable (the schema allows null for other users' accounts). */
export type Viewer = { id: string; databaseId: number; name: string; role: "employee" | "manager" | "%future added value" | null | undefined; department: string | null | undefined; locale?: string | null };
export const SessionContext = createContext<{ viewer: Viewer; signedOut(): void } | null>(null);

export function useSession() {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the signed-in app");
  return { ...session, isManager: session.viewer.role === "manager" };
}
