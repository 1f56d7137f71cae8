import { randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';

/**
 * The library's own generator asks the system for random bytes every two or three ids (a buffer of
 * eight words); a larger buffer asks once every few hundred, which every insert feels.
 */
class BufferedRandom {
  readonly #words = new Uint32Array(1024);
  #next = this.#words.length;

  nextUint32(): number {
    if (this.#next === this.#words.length) {
      randomFillSync(this.#words);
      this.#next = 0;
    }
    return this.#words[this.#next++] as number;
  }
}

const generator = new V7Generator(new BufferedRandom());

/** Time-ordered ids keep inserts local in B-tree indexes on both databases. */
export function newId(): string {
  return generator.generate().toString();
}
