/**
 * How the build (scripts/build-web.ts) has the app's pages start through the boot script
 * (apps/web/src/boot.ts, docs/decisions/044-boot-script.md) instead of loading the app's entry
 * themselves.
 */

/** The tag Vite writes for the app's entry, which the boot script's tag replaces. */
const APP_ENTRY_TAG = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;

/**
 * The app's page with its entry started by the boot script: the tag names the boot file and, for
 * the boot script to read, the entry and the files to fetch beside it.
 */
export function withBootScript(page: string, bootFile: string, preloads: string[] = []): string {
  const tags = [...page.matchAll(APP_ENTRY_TAG)];
  const entry = tags[0]?.[1];
  if (tags.length !== 1 || !entry) {
    throw new Error(
      `The app's page should load one entry script, as Vite writes it; it has ${tags.length}`,
    );
  }
  const preload = preloads.length > 0 ? ` data-preload="${preloads.join(' ')}"` : '';
  return page.replace(
    APP_ENTRY_TAG,
    `<script type="module" crossorigin src="/${bootFile}" data-app="${entry}"${preload}></script>`,
  );
}
