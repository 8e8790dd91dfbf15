import { describe, expect, it } from 'vitest';
import { calendarMessages, calendarProblem } from '../../contract/calendar';
import { mondayOf, shiftAnchor, shiftMonth, weeksOf, weeksShown } from './ArticleCalendar';

describe('the calendar month', () => {
  it('is whole weeks, Monday first, covering the month', () => {
    const june = weeksOf('2026-06');
    expect(june[0]![0]).toBe('2026-06-01');
    expect(june.at(-1)![6]).toBe('2026-07-05');
    expect(june).toHaveLength(5);
    const february = weeksOf('2027-02');
    expect(february[0]![0]).toBe('2027-02-01');
    expect(february).toHaveLength(4);
    const march = weeksOf('2026-03');
    expect(march[0]![0]).toBe('2026-02-23');
    expect(march.at(-1)![6]).toBe('2026-04-05');
    expect(march.flat().every((day, i, all) => i === 0 || Date.parse(day) - Date.parse(all[i - 1]!) === 86_400_000)).toBe(true);
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('shows one week, Monday first, around any of its days, across months and years', () => {
    expect(weeksShown('week', '2026-06-24')).toEqual([['2026-06-22', '2026-06-23', '2026-06-24', '2026-06-25', '2026-06-26', '2026-06-27', '2026-06-28']]);
    expect(mondayOf('2026-06-22')).toBe('2026-06-22');
    expect(mondayOf('2026-06-28')).toBe('2026-06-22');
    expect(weeksShown('week', '2027-01-01')[0]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(weeksShown('month', '2026-06-24')).toEqual(weeksOf('2026-06'));
  });

  it('steps a month to its next first day, a week to the next Monday', () => {
    expect(shiftAnchor('month', '2026-06-24', 1)).toBe('2026-07-01');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-06-24', 1)).toBe('2026-06-29');
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-04');
    expect(shiftAnchor('week', '2026-06-24', -1)).toBe('2026-06-15');
  });

  it('asks the server for at most the days a month shows', () => {
    const weeks = weeksOf('2026-03');
    expect(calendarProblem({ from: weeks[0]![0]!, to: weeks.at(-1)![6]! })).toBeNull();
    expect(calendarProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe(calendarMessages.notADay('from'));
  });
});
