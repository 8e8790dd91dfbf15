import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstant, scheduleProblem } from '../contract/schedule';
import {
  formatInZone,
  formatUtc,
  formatUtcBeside,
  instantToWallClock,
  isoWithOffset,
  parseWallClock,
  timeZoneChoices,
  wallClockToInstant,
  zoneOffsetMs,
} from './zonedTime';

const HOUR = 3_600_000;

describe('wallClockToInstant', () => {
  it.each([
    // zone, wall clock, instant (UTC), ISO with the offset then
    ['Europe/Paris', '2026-12-01T09:00', '2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00+01:00'],
    ['Europe/Paris', '2026-07-01T09:00:00', '2026-07-01T07:00:00.000Z', '2026-07-01T09:00:00+02:00'],
    ['America/New_York', '2026-12-01T09:00:30', '2026-12-01T14:00:30.000Z', '2026-12-01T09:00:30-05:00'],
    ['Asia/Kolkata', '2026-12-01T09:00', '2026-12-01T03:30:00.000Z', '2026-12-01T09:00:00+05:30'],
    ['America/St_Johns', '2026-12-01T09:00', '2026-12-01T12:30:00.000Z', '2026-12-01T09:00:00-03:30'],
    ['Pacific/Chatham', '2026-12-01T09:00', '2026-11-30T19:15:00.000Z', '2026-12-01T09:00:00+13:45'],
    ['UTC', '2026-12-01T09:00', '2026-12-01T09:00:00.000Z', '2026-12-01T09:00:00+00:00'],
    // Midnight, and the last second of a year.
    ['Europe/Paris', '2027-01-01T00:00', '2026-12-31T23:00:00.000Z', '2027-01-01T00:00:00+01:00'],
    ['Europe/Paris', '2026-12-31T23:59:59', '2026-12-31T22:59:59.000Z', '2026-12-31T23:59:59+01:00'],
  ])('%s %s is %s', (zone, wall, utc, iso) => {
    const result = wallClockToInstant(wall, zone);
    expect(result).toEqual({ at: new Date(utc), iso, adjusted: null });
    // The server reads the ISO text as the same instant.
    expect(parseInstant(result!.iso)?.toISOString()).toBe(utc);
  });

  it('moves a time the clocks skip (going forward) on by the gap, and says so', () => {
    // Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST; 02:30 does not happen.
    expect(wallClockToInstant('2026-03-29T02:30', 'Europe/Paris')).toEqual({
      at: new Date('2026-03-29T01:30:00Z'),
      iso: '2026-03-29T03:30:00+02:00',
      adjusted: 'skipped',
    });
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(wallClockToInstant('2026-03-08T02:00', 'America/New_York')).toMatchObject({
      iso: '2026-03-08T03:00:00-04:00',
      adjusted: 'skipped',
    });
    // Sydney, 4 October 2026 (southern spring): 02:00 AEST becomes 03:00 AEDT.
    expect(wallClockToInstant('2026-10-04T02:30', 'Australia/Sydney')).toMatchObject({
      at: new Date('2026-10-03T16:30:00Z'),
      iso: '2026-10-04T03:30:00+11:00',
      adjusted: 'skipped',
    });
    // The minutes either side of the gap are plain.
    expect(wallClockToInstant('2026-03-29T01:59', 'Europe/Paris')).toMatchObject({ iso: '2026-03-29T01:59:00+01:00', adjusted: null });
    expect(wallClockToInstant('2026-03-29T03:00', 'Europe/Paris')).toMatchObject({ iso: '2026-03-29T03:00:00+02:00', adjusted: null });
  });

  it('takes the first of a time the clocks repeat (going back), and says so', () => {
    // Paris, 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
    expect(wallClockToInstant('2026-10-25T02:30', 'Europe/Paris')).toEqual({
      at: new Date('2026-10-25T00:30:00Z'),
      iso: '2026-10-25T02:30:00+02:00',
      adjusted: 'repeated',
    });
    // New York, 1 November 2026: 01:30 EDT, then 01:30 EST.
    expect(wallClockToInstant('2026-11-01T01:30', 'America/New_York')).toMatchObject({
      at: new Date('2026-11-01T05:30:00Z'),
      adjusted: 'repeated',
    });
    expect(wallClockToInstant('2026-10-25T03:00', 'Europe/Paris')).toMatchObject({ iso: '2026-10-25T03:00:00+01:00', adjusted: null });
  });

  it('is null for what is not a date and time, a day that does not exist or an unknown zone', () => {
    for (const value of ['', 'tomorrow at nine', '2026-12-01', '2026-12-01 09:00', '2026-02-30T09:00', '2026-13-01T09:00', '2026-12-01T24:00']) {
      expect(wallClockToInstant(value, 'Europe/Paris'), value).toBeNull();
    }
    expect(wallClockToInstant('2026-12-01T09:00', 'Mars/Olympus_Mons')).toBeNull();
    // 29 February exists in leap years only.
    expect(parseWallClock('2028-02-29T09:00')).not.toBeNull();
    expect(parseWallClock('2027-02-29T09:00')).toBeNull();
  });

  it("gives what the contract's check accepts, and refuses the same times it does", () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const publishAt = wallClockToInstant('2026-12-01T09:00', 'Europe/Paris')!.iso;
    const unpublishAt = wallClockToInstant('2026-12-01T08:30', 'Europe/Paris')!.iso;
    expect(scheduleProblem({ publishAt, timeZone: 'Europe/Paris' }, now)).toBeNull();
    expect(scheduleProblem({ publishAt, unpublishAt, timeZone: 'Europe/Paris' }, now)).toBe('unpublishAt must be after publishAt');
    const past = wallClockToInstant('2026-11-26T12:30', 'Europe/Paris')!.iso;
    expect(scheduleProblem({ publishAt: past }, now)).toBe('publishAt is in the past: choose a time to come');
  });

  it('round-trips every instant through its wall clock, except the second of a repeated time, which comes back as the first', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago', 'Africa/Casablanca'];
    const from = Date.parse('2026-01-01T00:00:00Z');
    const to = Date.parse('2031-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: from / 1000, max: to / 1000 }), fc.constantFrom(...zones), (seconds, zone) => {
        const ms = seconds * 1000;
        const back = wallClockToInstant(instantToWallClock(ms, zone), zone)!;
        expect(back.adjusted).not.toBe('skipped');
        if (back.at.getTime() !== ms) {
          expect(back.adjusted).toBe('repeated');
          expect(back.at.getTime()).toBeLessThan(ms);
          expect(ms - back.at.getTime()).toBeLessThanOrEqual(HOUR);
        }
        expect(Date.parse(back.iso)).toBe(back.at.getTime());
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('zoneOffsetMs and isoWithOffset', () => {
  it("are the zone's offset at the instant, either side of a change", () => {
    expect(zoneOffsetMs(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Paris')).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Paris')).toBe(2 * HOUR);
    expect(isoWithOffset(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Paris')).toBe('2026-10-25T02:30:00+02:00');
    expect(isoWithOffset(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Paris')).toBe('2026-10-25T02:30:00+01:00');
    expect(isoWithOffset(Date.parse('2026-12-01T14:00:00Z'), 'America/New_York')).toBe('2026-12-01T09:00:00-05:00');
  });
});

describe('showing a scheduled instant', () => {
  it('in its zone, day first and 24-hour, with the seconds only when there are any', () => {
    expect(formatInZone('2026-12-01T08:00:00.000Z', 'Europe/Paris')).toBe('1 Dec 2026, 09:00');
    expect(formatInZone('2026-09-01T18:05:30Z', 'Europe/Paris')).toBe('1 Sep 2026, 20:05:30');
    expect(formatInZone('2026-12-01T08:00:00Z', 'America/New_York')).toBe('1 Dec 2026, 03:00');
    expect(formatInZone('not a date', 'Europe/Paris')).toBe('');
  });

  it('in UTC, beside the input and beside the zoned time (with the day when it differs)', () => {
    expect(formatUtc('2026-12-01T08:00:00.000Z')).toBe('2026-12-01 08:00 UTC');
    expect(formatUtc('2026-12-01T08:00:07Z')).toBe('2026-12-01 08:00:07 UTC');
    expect(formatUtcBeside('2026-12-01T08:00:00Z', 'Europe/Paris')).toBe('08:00 UTC');
    // 00:30 on 2 December in Paris is still 1 December in UTC.
    expect(formatUtcBeside('2026-12-01T23:30:00Z', 'Europe/Paris')).toBe('1 Dec 2026, 23:30 UTC');
  });

  it('as the wall clock a datetime-local input takes', () => {
    expect(instantToWallClock('2026-12-01T08:00:00.000Z', 'Europe/Paris')).toBe('2026-12-01T09:00:00');
    expect(instantToWallClock('2026-12-01T23:30:00Z', 'Europe/Paris')).toBe('2026-12-02T00:30:00');
    expect(instantToWallClock('garbage', 'Europe/Paris')).toBe('');
  });
});

describe('timeZoneChoices', () => {
  it("lists the runtime's zones, sorted, with UTC and the zones to keep, once each", () => {
    const zones = timeZoneChoices(['Europe/Paris', 'Asia/Calcutta', null, 'Mars/Olympus_Mons']);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
    // An alias the runtime knows but may not list (the browser's own zone can be one).
    expect(zones).toContain('Asia/Calcutta');
    expect(zones).not.toContain('Mars/Olympus_Mons');
    expect(new Set(zones).size).toBe(zones.length);
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
    expect(zones.length).toBeGreaterThan(300);
  });
});
