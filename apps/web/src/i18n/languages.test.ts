import { describe, expect, it } from 'vitest';
import { browserLanguage } from './languages';

describe('browserLanguage', () => {
  it('takes the first preferred language Tend speaks, regional or not', () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'ES', 'en'])).toBe('es');
    expect(browserLanguage(['en-GB', 'es'])).toBe('en');
  });

  it('falls back to English when none is spoken here', () => {
    expect(browserLanguage(['fr', 'de-DE'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
