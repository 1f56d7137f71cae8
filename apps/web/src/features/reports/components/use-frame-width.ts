import { useCallback, useRef, useState } from 'react';

/**
 * The width a frame's content may take: inside its padding and beside its scrollbar, so a file
 * fitted to it never makes the frame scroll sideways. Follows the frame as it resizes.
 */
export function useFrameWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    const measure = () => {
      const style = getComputedStyle(node);
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      setWidth(Math.max(0, node.clientWidth - padding));
    };
    observer.current = new ResizeObserver(measure);
    observer.current.observe(node);
    measure();
  }, []);
  return { ref, width };
}
