/** How many team members a page of the Team list holds (its route's query and its "Load more"). */
export const TEAM_PAGE_SIZE = 25;
