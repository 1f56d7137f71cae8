import { describe, expect, it } from 'vitest';
import { forecastSupply, type SupplyForecastInput } from './supply-forecast.ts';

const slotTimes = { day: '09:00', afternoon: '14:00', night: '21:00' };

/** 30 tablets, one each morning and night, handed over on Wednesday 10 March 2027 at 15:00 in Berlin. */
const base: SupplyForecastInput = {
  unitsSupplied: 30,
  suppliedAt: new Date('2027-03-10T14:00:00Z'),
  dose: { amount: 1, timesofday: ['day', 'night'] },
  slotTimes,
  taken: [],
  timeZone: 'Europe/Berlin',
  now: new Date('2027-03-10T14:00:00Z'),
};

describe('forecastSupply', () => {
  it('starts a supply dispensed mid-day with that day’s doses still ahead', () => {
    // The morning dose, ticked before the pharmacy handed the pack over, came from the old pack.
    const forecast = forecastSupply({ ...base, taken: [{ date: '2027-03-10', time: 'day' }] });
    // 10 March night (1) + 14 full days (28) = 29; the 30th is the morning of 25 March.
    expect(forecast).toEqual({ unitsLeft: 30, dosesLeft: 30, runsOutOn: '2027-03-25' });
  });

  it('leaves the units of missed (unticked) doses in the pack', () => {
    const now = new Date('2027-03-13T11:00:00Z'); // 12:00 in Berlin
    const ticked = [
      { date: '2027-03-10', time: 'night' },
      { date: '2027-03-11', time: 'day' },
      { date: '2027-03-11', time: 'night' },
      { date: '2027-03-13', time: 'day' },
    ] as const;
    const missedTwo = forecastSupply({ ...base, now, taken: ticked });
    expect(missedTwo).toEqual({ unitsLeft: 26, dosesLeft: 26, runsOutOn: '2027-03-26' });
    const tookAll = forecastSupply({
      ...base,
      now,
      taken: [
        ...ticked,
        { date: '2027-03-12', time: 'day' },
        { date: '2027-03-12', time: 'night' },
      ],
    });
    expect(tookAll).toEqual({ unitsLeft: 24, dosesLeft: 24, runsOutOn: '2027-03-25' });
  });

  it('counts a dose ticked before its time as used, not as still ahead', () => {
    const now = new Date('2027-03-10T17:00:00Z'); // 18:00, the night dose taken early
    const forecast = forecastSupply({
      ...base,
      now,
      taken: [{ date: '2027-03-10', time: 'night' }],
    });
    // 29 doses from tomorrow morning: 14½ days, the last on the morning of 25 March.
    expect(forecast).toEqual({ unitsLeft: 29, dosesLeft: 29, runsOutOn: '2027-03-25' });
  });

  it('counts half tablets exactly', () => {
    const forecast = forecastSupply({
      ...base,
      unitsSupplied: 10,
      suppliedAt: new Date('2027-03-10T07:00:00Z'), // 08:00, before the morning dose
      now: new Date('2027-03-10T07:00:00Z'),
      dose: { amount: 0.5, timesofday: ['day'] },
    });
    expect(forecast).toEqual({ unitsLeft: 10, dosesLeft: 20, runsOutOn: '2027-03-29' });
  });

  it('answers null once not one whole dose is left', () => {
    const forecast = forecastSupply({
      ...base,
      unitsSupplied: 1.5,
      now: new Date('2027-03-11T12:00:00Z'),
      taken: [{ date: '2027-03-10', time: 'night' }],
    });
    expect(forecast).toEqual({ unitsLeft: 0.5, dosesLeft: 0, runsOutOn: null });
  });

  it('after a move to another time zone, keeps the ticked days and counts today where the person is', () => {
    // One tablet a night; the first night's dose was ticked in Berlin, then the patient flew to New York.
    const nightly: SupplyForecastInput = {
      ...base,
      unitsSupplied: 10,
      dose: { amount: 1, timesofday: ['night'] },
      taken: [{ date: '2027-03-10', time: 'night' }],
      now: new Date('2027-03-11T21:30:00Z'),
    };
    // In Berlin it is 22:30 on the 11th: that night's dose was missed, 9 nights from the 12th.
    expect(forecastSupply(nightly)).toEqual({
      unitsLeft: 9,
      dosesLeft: 9,
      runsOutOn: '2027-03-20',
    });
    // In New York it is 16:30 on the 11th: tonight's dose is still ahead, so one night sooner.
    expect(forecastSupply({ ...nightly, timeZone: 'America/New_York' })).toEqual({
      unitsLeft: 9,
      dosesLeft: 9,
      runsOutOn: '2027-03-19',
    });
  });
});
