import { describe, expect, it } from 'vitest';
import { renderedDocuments } from './rendered-documents.ts';

describe('renderedDocuments', () => {
  it('draws a document once for the same facts and again when any fact changes', async () => {
    const drawn: string[] = [];
    const render = renderedDocuments(async (facts: { code: string; status: string }) => {
      drawn.push(`${facts.code} ${facts.status}`);
      return Buffer.from(`${facts.code} ${facts.status}`);
    });
    expect((await render({ code: 'A', status: 'active' })).toString()).toBe('A active');
    expect((await render({ code: 'A', status: 'active' })).toString()).toBe('A active');
    expect((await render({ code: 'A', status: 'cancelled' })).toString()).toBe('A cancelled');
    expect(drawn).toEqual(['A active', 'A cancelled']);
  });

  it('keeps no more than its byte bound, dropping the least recently used', async () => {
    let draws = 0;
    const render = renderedDocuments(async (n: number) => {
      draws++;
      return Buffer.alloc(40, n);
    }, 100);
    await render(1);
    await render(2);
    await render(1); // 1 is now the most recently used
    await render(3); // 120 bytes: 2 goes
    expect(draws).toBe(3);
    await render(1);
    expect(draws).toBe(3);
    await render(2);
    expect(draws).toBe(4);
  });
});
