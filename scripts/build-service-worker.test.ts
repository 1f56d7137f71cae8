import { describe, expect, it } from 'vitest';
import { offlineFiles } from './build-service-worker.ts';

// A cut-down Vite manifest of the app's build: the entry, the checklist's pages, the Spanish words
// fetched before a page in Spanish draws, and pages and words that are not needed offline.
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  '_list.js': { file: 'assets/list-1.js', imports: ['_react.js'] },
  // The area's layout is in a file of a group (scripts/lib/app-chunks.ts) the pages import.
  '_area.js': {
    file: 'assets/area-1.js',
    imports: ['_react.js'],
    css: ['assets/area-1.css'],
  },
  'src/app/all-mantine-styles.ts': { file: 'assets/all-mantine-styles-1.css' },
  'src/app/dashboards.tsx': { file: 'assets/dashboards-1.js', imports: ['_list.js', '_area.js'] },
  'src/features/medications/pages/daily-medication-page.tsx': {
    file: 'assets/daily-1.js',
    imports: ['_list.js', '_area.js'],
  },
  'src/features/auth/pages/sign-in-page.tsx': { file: 'assets/sign-in-page-1.js' },
  'src/i18n/locales/es.json': { file: 'assets/es-1.js' },
  'src/components/locales/es.json': { file: 'assets/es-4.js' },
  'src/app/locales/es.json': { file: 'assets/es-2.js' },
  'src/features/landing/locales/es.json': { file: 'assets/es-3.js' },
  'src/features/reports/components/pdf-viewer.tsx': { file: 'assets/pdf-viewer-1.js' },
};

describe('offlineFiles', () => {
  it('lists the entry, the checklist pages and the shell’s Spanish with what they import, and nothing else', () => {
    expect(offlineFiles(manifest)).toEqual([
      'assets/all-mantine-styles-1.css',
      'assets/area-1.css',
      'assets/area-1.js',
      'assets/daily-1.js',
      'assets/dashboards-1.js',
      'assets/es-1.js',
      'assets/es-2.js',
      'assets/es-4.js',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/list-1.js',
      'assets/react-1.js',
      'assets/sign-in-page-1.js',
    ]);
  });

  it('fails the build when a page it needs has moved', () => {
    const { ['src/app/dashboards.tsx']: _moved, ...rest } = manifest;
    expect(() => offlineFiles(rest)).toThrow(/src\/app\/dashboards\.tsx/);
  });
});
