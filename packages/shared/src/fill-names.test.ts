import { describe, expect, it } from 'vitest';
import { fillLine, fillName, fillStatusName, refillsLeft } from './fill-names.ts';
import { FILL_STATUSES, type FillStatus } from './prescriptions.ts';

const fill = (number: number, status: FillStatus) => ({ number, status });

describe('one word for one fill', () => {
  it('names the first dispensing the first fill, and each after it a refill of those allowed', () => {
    expect(fillName(1, 2, 'en')).toBe('First fill');
    expect(fillName(2, 2, 'en')).toBe('Refill 1 of 2');
    expect(fillName(3, 2, 'en')).toBe('Refill 2 of 2');
    expect(fillName(1, 0, 'en')).toBe('First fill');
  });

  it('says the same in Spanish, with the web catalog’s words for a refill', () => {
    expect(fillName(1, 1, 'es')).toBe('Primera dispensación');
    expect(fillName(2, 1, 'es')).toBe('Reposición 1 de 1');
    expect(fillLine(fill(2, 'requested'), 1, 'es')).toBe(
      'Reposición 1 de 1: Esperando a la farmacia',
    );
  });

  it('reads a fill and where it is in one line', () => {
    expect(fillLine(fill(2, 'requested'), 1, 'en')).toBe('Refill 1 of 1: Waiting for the pharmacy');
    expect(fillLine(fill(1, 'ready'), 3, 'en')).toBe('First fill: Ready for pickup');
  });

  it('has words for every status in both languages, and different ones', () => {
    for (const language of ['en', 'es'] as const) {
      const words = FILL_STATUSES.map((status) => fillStatusName(status, language));
      expect(new Set(words).size).toBe(FILL_STATUSES.length);
      for (const word of words) expect(word).toMatch(/\S/);
    }
    expect(fillStatusName('ready', 'es')).toBe('Lista para recoger');
  });
});

describe('the refills left', () => {
  it('are all those allowed before any refill is asked for', () => {
    expect(refillsLeft(2, [])).toBe(2);
    expect(refillsLeft(2, [fill(1, 'requested')])).toBe(2);
    expect(refillsLeft(2, [fill(1, 'dispensed')])).toBe(2);
  });

  it('no longer count a refill asked for and not yet handed over', () => {
    expect(refillsLeft(1, [fill(1, 'dispensed'), fill(2, 'requested')])).toBe(0);
    expect(refillsLeft(2, [fill(1, 'dispensed'), fill(2, 'preparing')])).toBe(1);
    expect(refillsLeft(2, [fill(1, 'dispensed'), fill(2, 'dispensed'), fill(3, 'ready')])).toBe(0);
  });

  it('count a refused refill again, as it can be asked for again', () => {
    expect(refillsLeft(1, [fill(1, 'dispensed'), fill(2, 'refused')])).toBe(1);
  });

  it('are never below nothing', () => {
    expect(refillsLeft(0, [fill(1, 'dispensed'), fill(2, 'requested')])).toBe(0);
  });
});
