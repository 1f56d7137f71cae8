import { describe, expect, it } from 'vitest';
import { durationInWords, visitClosedMessage, visitTiming, visitWindow } from './visits.ts';

const minutes = (n: number) => n * 60_000;

describe('durationInWords', () => {
  it.each([
    [minutes(0.5), 'less than a minute'],
    [minutes(1), '1 minute'],
    [minutes(59.9), '59 minutes'],
    [minutes(60), '1 hour'],
    [minutes(61), '1 hour 1 minute'],
    [minutes(24 * 60 - 1), '23 hours 59 minutes'],
    [minutes(24 * 60), '1 day'],
    [minutes(50 * 60 + 30), '2 days 2 hours'],
  ])('%i ms is "%s"', (ms, words) => {
    expect(durationInWords(ms)).toBe(words);
  });
});

describe('a visit’s window', () => {
  const w = visitWindow('2027-03-22T08:00:00Z', '2027-03-22T08:30:00Z');

  it('runs from 10 minutes before the start to 30 minutes after the end', () => {
    expect(w.opensAt.toISOString()).toBe('2027-03-22T07:50:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2027-03-22T09:00:00.000Z');
    expect(visitTiming(w, new Date('2027-03-22T07:49:59.999Z'))).toBe('before');
    expect(visitTiming(w, w.opensAt)).toBe('open');
    expect(visitTiming(w, new Date('2027-03-22T08:59:59.999Z'))).toBe('open');
    expect(visitTiming(w, w.closesAt)).toBe('after');
  });

  it('says nothing while open, and when it opens or closed otherwise', () => {
    expect(visitClosedMessage(w, new Date('2027-03-22T08:00:00Z'))).toBeNull();
    expect(visitClosedMessage(w, new Date('2027-03-22T07:49:30Z'))).toBe(
      'This video visit opens in less than a minute, 10 minutes before the appointment starts.',
    );
    expect(visitClosedMessage(w, new Date('2027-03-21T07:50:00Z'))).toBe(
      'This video visit opens in about 1 day, 10 minutes before the appointment starts.',
    );
    expect(visitClosedMessage(w, new Date('2027-03-22T09:01:00Z'))).toBe(
      'This video visit closed 1 minute ago, 30 minutes after the appointment ended.',
    );
  });
});
