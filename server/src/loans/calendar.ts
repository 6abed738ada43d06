/**
 * Calendar days in a stated time zone (IANA name, `UTC` unless configured), for due dates people understand:
 * a loan is due until the end of its due date there (23:59:59), whatever the time of day it was approved.
 * Pure functions over `Intl`; a day is a `YYYY-MM-DD` string, an instant is epoch ms.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is a time zone this runtime knows (the parameter's check). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at `at`, ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The calendar day of an instant in the zone. */
export function dayIn(at: number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The first instant of `day` in the zone (local midnight). Where midnight does not exist (a DST jump at
 * 00:00), the first instant that does.
 */
export function startOfDay(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let at = guess - offsetAt(guess, timeZone);
  const corrected = guess - offsetAt(at, timeZone);
  if (corrected !== at) at = corrected;
  // A skipped midnight lands the day before: step to the zone's first instant of `day`.
  while (dayIn(at, timeZone) < day) at += 3_600_000;
  return at;
}

/**
 * The due date of a loan approved at `approvedAt` for `term` days, and the instant it becomes overdue: the
 * start of the next day in the zone (the loan is due until 23:59:59 of its due date).
 */
export function dueDateOf(approvedAt: number, term: number, timeZone: string) {
  const dueDate = addDays(dayIn(approvedAt, timeZone), term);
  return { dueDate, overdueAt: startOfDay(addDays(dueDate, 1), timeZone) };
}

/** When the "due tomorrow" reminder goes out: the start of the day before the due date, in the zone. */
export function reminderAt(dueDate: string, timeZone: string): number {
  return startOfDay(addDays(dueDate, -1), timeZone);
}
