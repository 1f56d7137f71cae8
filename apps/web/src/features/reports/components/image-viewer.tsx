import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useReportsT } from '../i18n';
import { useFrameWidth } from './use-frame-width';
import { FIT, ZoomControls, ZoomFrame } from './zoom-controls';

type Props = { blob: Blob; title: string };

/**
 * A picture inside Tend's page, zoomable. At 100% it fills the frame's width, or its own width
 * if smaller (a small scan is not blown up); zoomed in, the frame scrolls.
 */
export function ImageViewer({ blob, title }: Props) {
  const { t } = useReportsT();
  const imageRef = useRef<HTMLImageElement>(null);
  const [zoom, setZoom] = useState(FIT);
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  const { ref, width: frameWidth } = useFrameWidth();
  const base = naturalWidth && frameWidth ? Math.min(naturalWidth, frameWidth) : null;

  // A blob: address for the bytes already in memory, given back when the viewer goes, so the
  // picture does not linger in the tab.
  useEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    const url = URL.createObjectURL(blob);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);

  return (
    <Stack gap="sm">
      <ZoomControls zoom={zoom} onZoom={setZoom} subject={t('zoom.picture')} />
      <ZoomFrame ref={ref} label={t('viewer.picture', { title })} maxHeight="75vh">
        <img
          ref={imageRef}
          alt={title}
          onLoad={(event) => setNaturalWidth(event.currentTarget.naturalWidth)}
          style={{
            display: 'block',
            margin: '0 auto',
            width: base ? base * zoom : undefined,
            maxWidth: base ? 'none' : '100%',
            height: 'auto',
            // Small scans zoomed far stay sharp-edged rather than smeared.
            imageRendering:
              naturalWidth && base && base * zoom > naturalWidth * 2 ? 'pixelated' : undefined,
          }}
        />
      </ZoomFrame>
    </Stack>
  );
}
