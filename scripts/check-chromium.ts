import { accessSync, constants } from 'node:fs';
import { chromiumPath } from './lib/chromium.ts';

/** e2e needs a system Chromium (nothing is downloaded here); say how to get one instead of a stack trace. */
const chromium = chromiumPath();
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    [
      `Chromium was not found at ${chromium}, so the end-to-end tests cannot run.`,
      "Install Debian's Chromium:   sudo apt-get install -y chromium",
      'or point CHROMIUM_PATH at a Chromium or Chrome binary:   CHROMIUM_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}
