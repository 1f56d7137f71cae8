import type { Page } from '@playwright/test';

/**
 * The colour [r, g, b] at a point of a full-page screenshot (page coordinates, device scale 1),
 * read by the page's own canvas so that no image library is needed.
 */
export async function pixelOfFullPage(
  page: Page,
  at: { x: number; y: number },
): Promise<[number, number, number]> {
  const png = (await page.screenshot({ fullPage: true })).toString('base64');
  return page.evaluate(
    async ({ png, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.drawImage(image, 0, 0);
      const [r = 0, g = 0, b = 0] = context.getImageData(x, y, 1, 1).data;
      return [r, g, b] as [number, number, number];
    },
    { png, ...at },
  );
}
