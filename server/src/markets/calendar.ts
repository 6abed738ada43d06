/**
 * Trading calendars as weekly UTC sessions. Simplifications, stated so nobody mistakes them for exchange
 * calendars: fixed UTC hours all year (no daylight-saving shift), no public holidays, no half days.
 */
export type CalendarId = 'crypto-24x7' | 'fx-24x5' | 'us-equities' | 'cme-globex';

export interface WeeklySession {
  /** 0 = Sunday. */
  openDay: number;
  openTime: string;
  closeDay: number;
  closeTime: string;
}

export interface Calendar {
  id: CalendarId;
  description: string;
  alwaysOpen: boolean;
  sessions: WeeklySession[];
}

const weekdays = [1, 2, 3, 4, 5];

export const calendars: Record<CalendarId, Calendar> = {
  'crypto-24x7': {
    id: 'crypto-24x7',
    description: 'Open 24 hours a day, 7 days a week',
    alwaysOpen: true,
    sessions: [{ openDay: 0, openTime: '00:00', closeDay: 0, closeTime: '00:00' }],
  },
  'fx-24x5': {
    id: 'fx-24x5',
    description: 'Open from Sunday 22:00 to Friday 22:00 UTC',
    alwaysOpen: false,
    sessions: [{ openDay: 0, openTime: '22:00', closeDay: 5, closeTime: '22:00' }],
  },
  'us-equities': {
    id: 'us-equities',
    description: 'Open Monday to Friday 14:30 to 21:00 UTC (US regular session; no holiday calendar)',
    alwaysOpen: false,
    sessions: weekdays.map((day) => ({ openDay: day, openTime: '14:30', closeDay: day, closeTime: '21:00' })),
  },
  'cme-globex': {
    id: 'cme-globex',
    description: 'Open Sunday 22:00 to Friday 21:00 UTC with a daily break from 21:00 to 22:00 UTC',
    alwaysOpen: false,
    sessions: [0, 1, 2, 3, 4].map((day) => ({
      openDay: day,
      openTime: '22:00',
      closeDay: day + 1,
      closeTime: '21:00',
    })),
  },
};

function minuteOfWeek(day: number, time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return day * 1440 + h * 60 + m;
}

/** Each session as [open, close) minutes of the week, worked out once per calendar. */
const sessionMinutes = new WeakMap<Calendar, [number, number][]>();

function minutesOf(calendar: Calendar): [number, number][] {
  let minutes = sessionMinutes.get(calendar);
  if (!minutes) {
    minutes = calendar.sessions.map((s) => [
      minuteOfWeek(s.openDay, s.openTime),
      minuteOfWeek(s.closeDay, s.closeTime),
    ]);
    sessionMinutes.set(calendar, minutes);
  }
  return minutes;
}

const MINUTE_MS = 60_000;
const WEEK_MINUTES = 7 * 1440;
/** 1970-01-01 was a Thursday: minute 0 of the epoch is minute 4 × 1440 of its week (0 = Sunday 00:00). */
const EPOCH_MINUTE_OF_WEEK = 4 * 1440;

/** Whether the calendar is open at the instant (epoch ms). Sessions are half-open: [open, close). */
export function isOpenAt(calendar: Calendar, at: number): boolean {
  if (calendar.alwaysOpen) return true;
  const minute = Math.floor(at / MINUTE_MS) + EPOCH_MINUTE_OF_WEEK;
  const now = ((minute % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  return minutesOf(calendar).some(([open, close]) =>
    // A session that wraps past Saturday night into Sunday would have close < open.
    close > open ? now >= open && now < close : now >= open || now < close,
  );
}

export function calendarFor(id: string): Calendar {
  const calendar = (calendars as Record<string, Calendar>)[id];
  if (!calendar) throw new Error(`unknown trading calendar ${id}`);
  return calendar;
}

/** Open hours in a year (52.18 weeks), used to scale annual volatility to the length of one tick. */
export function openHoursPerYear(calendar: Calendar): number {
  if (calendar.alwaysOpen) return 365.25 * 24;
  const weeklyMinutes = calendar.sessions.reduce((sum, s) => {
    const open = minuteOfWeek(s.openDay, s.openTime);
    const close = minuteOfWeek(s.closeDay, s.closeTime);
    return sum + (close > open ? close - open : 7 * 1440 - open + close);
  }, 0);
  return (weeklyMinutes / 60) * (365.25 / 7);
}
