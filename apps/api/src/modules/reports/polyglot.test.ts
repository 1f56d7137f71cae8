import { describe, expect, it } from 'vitest';
import { isPolyglotImage } from './polyglot.ts';
import {
  gif,
  gifJsPolyglot,
  jpegWithGps,
  png,
  pngHtmlPolyglot,
} from '../../../test/upload-files.ts';

describe('isPolyglotImage', () => {
  it('passes ordinary pictures, and zero padding after the end', async () => {
    expect(isPolyglotImage(await png(), 'png')).toBe(false);
    expect(isPolyglotImage(await gif(), 'gif')).toBe(false);
    expect(isPolyglotImage(await jpegWithGps(), 'jpeg')).toBe(false);
    expect(isPolyglotImage(Buffer.concat([await png(), Buffer.alloc(16)]), 'png')).toBe(false);
  });

  it('finds a page after a PNG, a GIF that is JavaScript, and markup inside a JPEG', async () => {
    expect(isPolyglotImage(await pngHtmlPolyglot(), 'png')).toBe(true);
    expect(isPolyglotImage(await gifJsPolyglot(), 'gif')).toBe(true);
    const jpeg = await jpegWithGps();
    const withScript = Buffer.concat([
      jpeg.subarray(0, 20),
      Buffer.from('<script>alert(1)</script>'),
      jpeg.subarray(20),
    ]);
    expect(isPolyglotImage(withScript, 'jpeg')).toBe(true);
    expect(isPolyglotImage(Buffer.concat([await gif(), Buffer.from('alert(1)')]), 'gif')).toBe(
      true,
    );
  });

  it('calls a picture whose structure ends early a polyglot too', async () => {
    expect(isPolyglotImage((await png()).subarray(0, 40), 'png')).toBe(true);
  });
});
