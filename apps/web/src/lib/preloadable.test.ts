import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

// The landing page's sections below its first screen come in a file of their own; a page drawn
// afresh preloads them, and must then draw them at once rather than show nothing for a moment.

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);

describe('preloadable', () => {
  it('draws at once, without suspending, once preloaded', async () => {
    const part = preloadable(() => Promise.resolve(Greeting));
    await part.preload();
    expect(renderToString(createElement(part.Component, { name: 'Ana' }))).toBe('<p>Hello Ana</p>');
  });

  it('fetches its code once, however often it is asked', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const part = preloadable(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('fetches again after a failure', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Greeting);
    const part = preloadable(load);
    await expect(part.preload()).rejects.toThrow(TypeError);
    await expect(part.preload()).resolves.toBe(Greeting);
  });
});
