import { ActionIcon, Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useReportsT } from '../i18n';
import { PdfPageText } from './pdf-page-text';
import { useFrameWidth } from './use-frame-width';
import { FIT, ZoomControls, ZoomFrame } from './zoom-controls';

// pdf.js parses in a worker from Tend's own origin, which the Content Security Policy allows.
GlobalWorkerOptions.workerSrc = workerUrl;

type Props = { data: Blob; title: string };

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; pdf: PDFDocumentProxy };

/** Opens the document once; it is destroyed (worker and memory freed) when the viewer goes. */
function usePdfDocument(data: Blob): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let task: ReturnType<typeof getDocument> | null = null;
    let cancelled = false;
    void data.arrayBuffer().then((buffer) => {
      if (cancelled) return;
      // Forms and scripts in a PDF are never run: only its pages are drawn.
      task = getDocument({ data: new Uint8Array(buffer), enableXfa: false, stopAtErrors: false });
      task.promise.then(
        (pdf) => !cancelled && setLoaded({ state: 'ready', pdf }),
        () => !cancelled && setLoaded({ state: 'failed' }),
      );
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [data]);
  return loaded;
}

/** One page on a canvas, as wide as the frame times the zoom, sharp on high-density screens. */
function PdfPage({
  pdf,
  number,
  zoom,
  width,
  label,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  zoom: number;
  width: number;
  label: string;
}) {
  const { t } = useReportsT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void pdf.getPage(number).then(
      (page) => {
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const cssScale = (width / natural.width) * zoom;
        const pixelRatio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: cssScale * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / pixelRatio)}px`;
        const task = page.render({ canvas, viewport });
        render = task;
        task.promise.then(
          () => setFailed(false),
          (error: unknown) => {
            // A newer render replaced this one: not a failure.
            if (
              !cancelled &&
              !(error instanceof Error && error.name === 'RenderingCancelledException')
            )
              setFailed(true);
          },
        );
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, number, zoom, width]);

  if (failed) {
    return (
      <Alert color="red" variant="light" title={t('viewer.pageFailed')}>
        {t('viewer.unreadable')}
      </Alert>
    );
  }
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      style={{ display: 'block', margin: '0 auto', background: 'white' }}
    />
  );
}

/**
 * A PDF inside Tend's page, a page at a time, drawn by pdf.js: no browser plugin, no download,
 * and nothing in the document can run.
 */
export function PdfViewer({ data, title }: Props) {
  const { t } = useReportsT();
  const loaded = usePdfDocument(data);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(FIT);
  const { ref, width } = useFrameWidth();

  if (loaded.state === 'loading') return <Loader aria-label={t('viewer.opening')} />;
  if (loaded.state === 'failed') {
    return (
      <Alert color="red" variant="light" title={t('viewer.pdfFailed')}>
        {t('viewer.unreadable')}
      </Alert>
    );
  }
  const pages = loaded.pdf.numPages;
  const pageWords = t('viewer.pageOf', { page: pageNumber, pages });

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {pages > 1 ? (
          <Group gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('viewer.previous')}
              disabled={pageNumber <= 1}
              onClick={() => setPageNumber((n) => n - 1)}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite">
              {pageWords}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('viewer.next')}
              disabled={pageNumber >= pages}
              onClick={() => setPageNumber((n) => n + 1)}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          <Text size="sm">{t('viewer.onePage')}</Text>
        )}
        <ZoomControls zoom={zoom} onZoom={setZoom} subject={t('zoom.page')} />
      </Group>
      <ZoomFrame ref={ref} label={t('viewer.pdf', { title })} maxHeight="80vh">
        <PdfPage
          pdf={loaded.pdf}
          number={pageNumber}
          zoom={zoom}
          width={width}
          label={t('viewer.pageOfTitle', { page: pageNumber, pages, title })}
        />
      </ZoomFrame>
      <PdfPageText pdf={loaded.pdf} number={pageNumber} />
    </Stack>
  );
}
