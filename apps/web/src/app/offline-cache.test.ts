import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isServerAnswer } from './offline-cache';

describe('what makes the device copy of the checklist newer', () => {
  it('is an answer from the server, not a tick the app wrote into the cache', async () => {
    const client = new QueryClient();
    const seen: boolean[] = [];
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') {
        seen.push(isServerAnswer(event.action));
      }
    });
    await client.fetchQuery({ queryKey: ['list'], queryFn: () => ['dose'] });
    client.setQueryData(['list'], ['dose, ticked']);
    await client.refetchQueries({ queryKey: ['list'] });
    expect(seen).toEqual([true, false, true]);
  });
});
