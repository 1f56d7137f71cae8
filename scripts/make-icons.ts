/**
 * node scripts/make-icons.ts: draws the app icons of the web app manifest
 * (apps/web/public/manifest.webmanifest) from the Tend mark (apps/web/public/favicon.svg, the
 * BrandMark component) as PNGs into apps/web/public/icons/. Their output is committed, so a build
 * needs nothing of this; run it again when the mark changes. It renders with the Chromium the e2e
 * tests use (CHROMIUM_PATH or /usr/bin/chromium), so no image library is added for six files.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const TEAL = '#0f766e';
const HEART = 'M16 25s-8-4.9-8-10.6A4.4 4.4 0 0 1 16 12a4.4 4.4 0 0 1 8 2.4C24 20.1 16 25 16 25z';

/** The favicon as it is: a white heart in a rounded teal square. */
const ANY = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${TEAL}"/><path d="${HEART}" fill="#fff"/></svg>`;

// A maskable icon is cut to any shape by the system (a circle, a squircle): full-bleed colour,
// and the heart centred inside the middle 80 % that every mask keeps.
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/><path d="${HEART}" fill="#fff" transform="translate(16 16) scale(0.9) translate(-16 -18.5)"/></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: ANY },
  { file: 'icon-512.png', size: 512, svg: ANY },
  { file: 'maskable-192.png', size: 192, svg: MASKABLE },
  { file: 'maskable-512.png', size: 512, svg: MASKABLE },
  // iOS draws its own rounded corners on a home-screen icon and fills transparency with black.
  { file: 'apple-touch-icon.png', size: 180, svg: MASKABLE },
];

const outDir = path.join(import.meta.dirname, '../apps/web/public/icons');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `) +
        `</body></html>`,
    );
    writeFileSync(path.join(outDir, file), await page.screenshot({ omitBackground: true }));
    console.log(`apps/web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
