import { toDateString } from '../../stack/context.js';

const DAYS: Record<string, string> = {
  Sun: 'Sunday',
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
};
const MONTHS: Record<string, string> = {
  Jan: 'January',
  Feb: 'February',
  Mar: 'March',
  Apr: 'April',
  May: 'May',
  Jun: 'June',
  Jul: 'July',
  Aug: 'August',
  Sep: 'September',
  Oct: 'October',
  Nov: 'November',
  Dec: 'December',
};

/** `2026-11-30` -> `Monday, November 30, 2026` (an en-US long date, computed without a clock). */
export function longDate(isoDate: string): string {
  const [day, month, date, year] = toDateString(isoDate).split(' ') as [string, string, string, string];
  return `${DAYS[day]}, ${MONTHS[month]} ${Number(date)}, ${Number(year)}`;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
