/** How many records the Applications list shows at a time. */
export const APPLICATIONS_PAGE_SIZE = 25;
/** How many recent records the Record application form reads its recent customers from. */
export const RECENT_CUSTOMERS_FROM = 50;
/** How many team members a manager picks an applicator or supervisor from. */
export const TEAM_PICK = 100;
