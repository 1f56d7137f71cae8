// All of Mantine's styles, in a CSS layer so our own styles win whichever loads last. Loaded with
// the first page the app's router loads (router.tsx, lazyPage), not by the app's entry: the entry's
// own stylesheet holds only what it draws before then (public-styles.ts: the placeholder, the
// loading spinner, the 404 and error pages), so the first paint waits for less
// (docs/decisions/029-area-first-load-files.md).
import '@mantine/core/styles.layer.css';
