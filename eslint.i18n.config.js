// @ts-check
import config from './eslint.config.js';

// The word rule of eslint.config.js over every file given on the command line, for finding the
// strings of a part of the web app that still need a catalog: npm run lint:i18n -- <paths>.
const wordRule = config.find((block) => block.plugins?.i18next);
if (!wordRule) throw new Error('eslint.config.js has no i18next block');

export default [...config, { ...wordRule, files: ['apps/web/src/**/*.{ts,tsx}'] }];
