/** Today on the user's calendar, as a date input's value (YYYY-MM-DD): a default, or a picker's lower bound. */
export function todayInput(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
