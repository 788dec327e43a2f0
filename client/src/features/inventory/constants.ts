/** §9 lists, from the one module the server validates against (plain constants, no server code). */
export { EPA_REGISTRATION_NUMBER, EPA_REGISTRATION_NUMBER_MESSAGE, INVENTORY_CATEGORIES, UNITS } from "../../../../schemas/constants.ts";

/** How many items a page of the inventory list holds. */
export const PAGE_SIZE = 20;
