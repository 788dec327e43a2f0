// Relay publishes what arrives (a network answer, a local update) inside a React transition
// (client/src/relay/environment.ts), so the renders that follow are time-sliced instead of one blocking task.
import * as React from "react";
import { createOperationDescriptor } from "relay-runtime";
import { describe, expect, it } from "vitest";
import NotificationBellQuery from "../../client/src/__generated__/NotificationBellQuery.graphql.ts";
import { createEnvironment } from "../../client/src/relay/environment.ts";

// React's own record of the transition in progress (null outside one); no public API tells.
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { T: unknown } })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

describe("the Relay environment", () => {
  it("notifies the components that read a record inside a transition when an answer is published", () => {
    const environment = createEnvironment();
    const operation = createOperationDescriptor(NotificationBellQuery, {});
    const snapshot = environment.lookup(operation.fragment);
    const seen: { count: unknown; inTransition: boolean }[] = [];
    environment.subscribe(snapshot, (next) => seen.push({ count: (next.data as { unreadNotificationCount?: number })?.unreadNotificationCount, inTransition: internals.T != null }));
    expect(internals.T).toBeNull();
    environment.commitPayload(operation, { unreadNotificationCount: 3 });
    expect(seen).toEqual([{ count: 3, inTransition: true }]);
    expect(internals.T).toBeNull();
  });
});
