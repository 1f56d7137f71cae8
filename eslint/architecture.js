// @ts-check
/**
 * The layer rules of docs/architecture.md, as lint rules (issue 41): no import from a lower layer of
 * the API to a higher one, and no module importing another module (its repository least of all):
 * what one needs of another is a capability handed in at composition (modules/capabilities.ts). Cycles are dependency-cruiser's
 * (.dependency-cruiser.js), which counts type-only imports too. eslint.config.js applies these to
 * the repository; eslint/architecture.test.ts to fixtures that break each.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The API's layers, from the ground up: each may import those below it and its own, never one above.
 * Paths are relative to the API's `src` folder; a folder stands for everything in it.
 */
export const API_LAYERS = [
  ['config.ts', 'i18n', 'types'],
  ['lib'],
  ['db'],
  ['storage', 'mail', 'jobs', 'counters', 'backup'],
  ['plugins'],
  ['modules'],
  ['app.ts', 'main.ts', 'serve.js', 'audit-verify-cli.ts', 'backup-cli.ts', 'migrate-cli.ts'],
  ['restore-cli.ts', 'users-cli.ts'],
];

/** The one file every module may import from another: the audit trail's, which records looks. */
const SHARED_MODULE = 'audit';
const SHARED_FILE = 'service.ts';

/**
 * The no-restricted-paths zones: nothing imports upward, and no module imports another (so not its
 * repository either), but for the audit trail's service.
 * @param {string} root
 * @param {string} apiSrc
 */
export function apiZones(root, apiSrc) {
  /** @param {string} part */
  const relative = (part) => `./${path.posix.join(apiSrc, part)}`;
  const upward = API_LAYERS.flatMap((layer, level) => {
    const above = API_LAYERS.slice(level + 1).flat();
    if (above.length === 0) return [];
    return layer.map((part) => ({
      target: relative(part),
      from: above.map(relative),
      message: `"${part}" stands below ${above.join(', ')} (docs/architecture.md): hand what it needs in from above instead.`,
    }));
  });
  const modulesDir = path.join(root, apiSrc, 'modules');
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  /** What of a module others may import: nothing, but the audit trail's service. */
  const closed = (/** @type {string} */ module) =>
    module === SHARED_MODULE
      ? readdirSync(path.join(modulesDir, module))
          .filter((file) => file !== SHARED_FILE)
          .map((file) => relative(`modules/${module}/${file}`))
      : [relative(`modules/${module}`)];
  const sideways = modules.map((module) => ({
    target: relative(`modules/${module}`),
    from: modules.filter((other) => other !== module).flatMap(closed),
    message: `Modules stand side by side: not even another module's repository or service, but a capability named in this module's needs (modules/capabilities.ts).`,
  }));
  return [...upward, ...sideways];
}

/**
 * The flat-config entry of the API's layers and private repositories. `root` is the folder paths
 * are resolved from (the repository, or a test's fixture); `apiSrc` the API's sources within it.
 * @param {{ root: string, apiSrc: string }} where
 * @returns {import('eslint').Linter.Config}
 */
export function architectureRules({ root, apiSrc }) {
  return {
    files: [`${apiSrc}/**/*.{ts,js}`],
    // Tests may reach anything they test.
    ignores: [`${apiSrc}/**/*.test.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: apiZones(root, apiSrc) }],
    },
  };
}
