import { keptAnswerGiven } from '../src/plugins/kept-answers.ts';

/**
 * Counts the answers given from memory (plugins/kept-answers.ts publishes each one) until `stop()`:
 * a test that must know its requests were answered from memory, not read afresh.
 */
export function countKeptAnswers(): {
  readonly count: number;
  readonly urls: string[];
  stop(): void;
} {
  const urls: string[] = [];
  const listener = (message: unknown) => {
    urls.push((message as { url: string }).url);
  };
  keptAnswerGiven.subscribe(listener);
  return {
    get count() {
      return urls.length;
    },
    urls,
    stop: () => {
      keptAnswerGiven.unsubscribe(listener);
    },
  };
}
