import { describe, expect, it } from 'vitest';
import { urlWithoutQueryValues } from './logger.ts';

describe('urlWithoutQueryValues', () => {
  it('keeps the path and the parameter names, never the values', () => {
    expect(urlWithoutQueryValues('/api/v1/doctors?q=Okafor&specialty=Cardiology')).toBe(
      '/api/v1/doctors?q=[redacted]&specialty=[redacted]',
    );
  });

  it('redacts the token of a reminder action in the path', () => {
    expect(urlWithoutQueryValues('/api/v1/reminders/abcDEF123_-xyz/taken')).toBe(
      '/api/v1/reminders/[redacted]/taken',
    );
  });

  it('leaves a URL without a query as it is', () => {
    expect(urlWithoutQueryValues('/api/v1/medications/0190a1b2')).toBe(
      '/api/v1/medications/0190a1b2',
    );
  });

  it('redacts a bare value or an odd name whole, and ignores empty pairs', () => {
    expect(urlWithoutQueryValues('/search?Okafor&&cursor=abc&Dr.%20Okafor=1')).toBe(
      '/search?[redacted]&cursor=[redacted]&[redacted]',
    );
  });
});
