import { Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';

type Props = { pdf: PDFDocumentProxy; number: number };

type PageText = { number: number; text: string | null };

/**
 * The words of the page shown above, for screen readers and for copying: the canvas itself is a
 * picture. A scanned page has none.
 */
export function PdfPageText({ pdf, number }: Props) {
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
          Text of this page
        </Text>
      </summary>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {!current
          ? 'Reading the page…'
          : current.text === null
            ? 'The text of this page could not be read.'
            : current.text || 'This page has no text; it may be a scanned picture.'}
      </Text>
    </details>
  );
}
