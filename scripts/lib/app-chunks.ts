/**
 * How the app's build (index.html → main.tsx) cuts its code into files (docs/decisions/029-*.md).
 * Left to itself the bundler made about 190 files, so a first load into an area page asked for
 * about 60 small ones (1–4 KB each) after the entry: served over HTTP/1.1, six at a time, that was
 * ten round trips in a row before the page could draw. These groups make it about five.
 */
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

/** Paths in module ids, on any platform. */
const under = (...parts: string[]) => new RegExp(parts.join('[\\\\/]'));

/**
 * Libraries and parts that only a page or two use and that weigh far more than the rest: the
 * charts (recharts through @mantine/charts), the PDF viewer (pdfjs) and the number field's
 * formatting, the date and time fields. Kept out of the shared kit so a page without them does not download them.
 */
const ONLY_WHERE_USED = [
  under('node_modules', 'recharts'),
  under('node_modules', 'd3-'),
  under('node_modules', 'pdfjs-dist'),
  under('node_modules', '@mantine', 'charts'),
  under('node_modules', 'react-number-format'),
  under('@mantine', 'core', 'esm', 'components', 'NumberInput'),
  under('src', 'features', 'measurements', 'components', 'measurement-chart'),
  // The date and time fields drawn in the page's language (components/date-time-fields.tsx).
  under('node_modules', '@mantine', 'dates'),
  under('node_modules', 'dayjs'),
  under('src', 'components', 'date-t'),
  under('src', 'features', 'reports', 'components', 'pdf-'),
];

/** The building blocks many pages share: Mantine, the query hooks, icons, our own lib and API calls. */
const KIT = [
  under('node_modules', '@mantine', 'core'),
  under('node_modules', '@mantine', 'hooks'),
  under('node_modules', '@tanstack'),
  under('node_modules', '@tabler'),
  under('src', 'lib'),
  under('src', 'components'),
  under('src', 'features', '[^\\\\/]+', 'api'),
];

const inKit = (id: string) =>
  KIT.some((part) => part.test(id)) && !ONLY_WHERE_USED.some((part) => part.test(id));

/** The files every area page needs beyond the entry, by group name: app-area.html preloads them. */
export const AREA_CHUNKS = ['area', 'area-kit'] as const;
const [AREA, KIT_NAME] = AREA_CHUNKS;

export const APP_CODE_SPLITTING: CodeSplitting = {
  groups: [
    // Everything the entry imports stays in the entry's file: without this group, pieces of it
    // that an area also uses were pulled into the area's file, which the entry then waited for.
    { name: 'index', tags: ['$initial'], priority: 30 },
    // The frame of every area page (header, menu, bell, profile card, the live-event stream) and
    // all it imports: one file.
    { name: AREA, test: under('src', 'app', 'layouts', 'area-layout\\.tsx'), priority: 20 },
    // What two or more pages share goes into one file instead of a file per combination of pages
    // (most were under 2 KB): a page then needs the area, the kit and its own file or two. The
    // public pages of app.html that use it (sign-up and the like) download some code they do not
    // need, once.
    { name: KIT_NAME, test: inKit, minShareCount: 2, priority: 10 },
  ],
};
