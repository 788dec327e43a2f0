import { graphql } from "react-relay";

/**
 * A request as both of its lists show it (the Requests page, the dashboard's pending ones): who asked,
 * for what, when and where it stands. Spread unmasked: `...requestSummary_request @relay(mask: false)`.
 */
export const requestSummaryFragment = graphql`
  fragment requestSummary_request on Request {
    id
    status
    createdAt
    requester {
      name
      department
    }
    items {
      name
      quantity
    }
  }
`;
