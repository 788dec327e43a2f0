/** Where 'Record application' opens, with a first line of `itemId` (a Relay id) when given. */
export const recordApplicationPath = (itemId?: string) => (itemId ? `/applications/new?item=${encodeURIComponent(itemId)}` : "/applications/new");
export const applicationPath = (id: string) => `/applications/${encodeURIComponent(id)}`;
