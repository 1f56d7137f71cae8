import { Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { useReportsT } from '../i18n';

type Props = { pdf: PDFDocumentProxy; number: number };

type PageText = { number: number; text: string | null };

/**
 * The words of the page shown above, for screen readers and for copying: the canvas itself is a
 * picture. A scanned page has none.
 */
export function PdfPageText({ pdf, number }: Props) {
  const { t } = useReportsT();
  const [found, setFound] = useState<PageText | null>(null);

  useEffect(() => {
    let cancelled = false;
    void pdf
      .getPage(number)
      .then((page) => page.getTextContent())
      .then(
        (content) => {
          const text = content.items
            .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
            .join('')
            .trim();
          if (!cancelled) setFound({ number, text });
        },
        () => !cancelled && setFound({ number, text: null }),
      );
    return () => {
      cancelled = true;
    };
  }, [pdf, number]);

  const current = found?.number === number ? found : null;
  return (
    <details>
      <summary>
        <Text span size="sm" fw={600}>
          {t('viewer.pageText')}
        </Text>
      </summary>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {!current
          ? t('viewer.readingPage')
          : current.text === null
            ? t('viewer.textUnreadable')
            : current.text || t('viewer.noText')}
      </Text>
    </details>
  );
}
