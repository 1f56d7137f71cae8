// Zod compiles fast parsers with `new Function` when it may, and first tries whether it may. Our
// Content Security Policy forbids that (script-src 'self'), so the try itself is a reported
// violation on every page that builds a schema; `jitless` tells Zod not to try. Zod reads its
// settings from this global object when its first schema is built, so it is set here, without
// importing Zod (the landing page's entry has none), and each entry imports this module first.
const zodSettings = ((
  globalThis as { __zod_globalConfig?: { jitless?: boolean } }
).__zod_globalConfig ??= {});
zodSettings.jitless = true;
