/**
 * The three HTML pages (index.html, landing.html, sign-in.html) share their head's icons, theme and
 * viewport: each writes `<!--shared-head-->` where apps/web/shared-head.html goes, in the dev server
 * and in the build alike, so a new icon or colour is written once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const SHARED_HEAD = '<!--shared-head-->';

export function sharedHeadPlugin(webRoot: string): Plugin {
  const file = path.join(webRoot, 'shared-head.html');
  return {
    name: 'tend-shared-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const at = /^([ \t]*)<!--shared-head-->$/m.exec(html);
        if (!at) throw new Error(`${SHARED_HEAD} is missing from a page`);
        const indent = at[1] ?? '';
        const lines = readFileSync(file, 'utf8').trim().split('\n');
        return html.replace(SHARED_HEAD, lines.map((line) => line.trim()).join(`\n${indent}`));
      },
    },
  };
}
