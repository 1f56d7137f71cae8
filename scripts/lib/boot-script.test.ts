import { describe, expect, it } from 'vitest';
import { withBootScript } from './boot-script.ts';

const page = (scripts: string) =>
  `<!doctype html><html><head>${scripts}<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head><body><div id="root"></div></body></html>`;
const entryTag = '<script type="module" crossorigin src="/assets/index-Ab1.js"></script>';

describe('withBootScript', () => {
  it('loads the boot script in place of the entry, naming the entry on its tag', () => {
    const html = withBootScript(page(entryTag), 'assets/boot-Z9.js');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/boot-Z9.js" data-app="/assets/index-Ab1.js"></script>',
    );
    expect(html).not.toContain(entryTag);
    expect(html).toContain('/assets/index-C.css');
  });

  it('names the files to fetch beside the entry, for an area page', () => {
    const html = withBootScript(page(entryTag), 'assets/boot-Z9.js', [
      '/assets/area-1.js',
      '/assets/area-kit-2.js',
    ]);
    expect(html).toContain('data-preload="/assets/area-1.js /assets/area-kit-2.js"');
  });

  it('refuses a page with no entry or with two', () => {
    expect(() => withBootScript(page(''), 'assets/boot.js')).toThrow(/has 0/);
    expect(() => withBootScript(page(entryTag + entryTag), 'assets/boot.js')).toThrow(/has 2/);
  });
});
