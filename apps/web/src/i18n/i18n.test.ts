import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18n, loadInitialWords, registerCatalog, setLanguage } from './i18n';

// The first page's Spanish is fetched only for a page in Spanish (decision 034): an English page
// never asks for it, a switch waits for it, and a failed fetch changes nothing and is tried again.

afterEach(() => setLanguage('en'));

describe('a catalog whose Spanish comes on demand', () => {
  it('is not fetched in English, and is in before a switch to Spanish shows', async () => {
    const fetchSpanish = vi.fn(() => Promise.resolve({ default: { greeting: 'Hola' } }));
    registerCatalog('test-on-demand', { greeting: 'Hello' }, fetchSpanish);
    expect(fetchSpanish).not.toHaveBeenCalled();
    expect(i18n.t('test-on-demand:greeting')).toBe('Hello');

    const shown: string[] = [];
    const onChange = () => shown.push(i18n.t('test-on-demand:greeting'));
    i18n.on('languageChanged', onChange);
    await setLanguage('es');
    i18n.off('languageChanged', onChange);
    expect(shown).toEqual(['Hola']);
    expect(currentLanguage()).toBe('es');

    await setLanguage('en');
    await setLanguage('es');
    expect(fetchSpanish).toHaveBeenCalledOnce();
  });

  it('leaves the page as it was when the words cannot be fetched, and asks again next time', async () => {
    const fetchSpanish = vi
      .fn<() => Promise<{ default: { greeting: string } }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: { greeting: 'Hola' } });
    registerCatalog('test-offline', { greeting: 'Hello' }, fetchSpanish);

    await expect(setLanguage('es')).rejects.toThrow(TypeError);
    expect(currentLanguage()).toBe('en');

    await setLanguage('es');
    expect(i18n.t('test-offline:greeting')).toBe('Hola');
    expect(fetchSpanish).toHaveBeenCalledTimes(2);
  });

  it('keeps the later of two picks when the earlier one’s words come last', async () => {
    let arrive: (words: { default: { greeting: string } }) => void = () => undefined;
    const fetchSpanish = vi.fn(
      () => new Promise<{ default: { greeting: string } }>((resolve) => (arrive = resolve)),
    );
    registerCatalog('test-slow', { greeting: 'Hello' }, fetchSpanish);

    const spanish = setLanguage('es');
    await setLanguage('en');
    arrive({ default: { greeting: 'Hola' } });
    await spanish;
    expect(currentLanguage()).toBe('en');
  });
});

describe('loadInitialWords', () => {
  it('opens the page in English when its Spanish words cannot be fetched', async () => {
    const fetchSpanish = vi
      .fn<() => Promise<{ default: { greeting: string } }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: { greeting: 'Hola' } });
    registerCatalog('test-first-load', { greeting: 'Hello' }, fetchSpanish);
    await i18n.changeLanguage('es');
    await loadInitialWords();
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('test-first-load:greeting')).toBe('Hello');
  });
});

describe('the hook registerCatalog returns', () => {
  it('translates in the page’s language, filling in values', async () => {
    const useTestT = registerCatalog(
      'test-hook',
      { greeting: 'Hello {{name}}' },
      { greeting: 'Hola {{name}}' },
    );
    function Greeting() {
      const { t } = useTestT();
      return createElement('p', null, t('greeting', { name: 'Ana' }));
    }
    expect(renderToString(createElement(Greeting))).toBe('<p>Hello Ana</p>');
    await setLanguage('es');
    expect(renderToString(createElement(Greeting))).toBe('<p>Hola Ana</p>');
  });
});
