import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A multipart body as a browser sends it: text fields, then (optionally) the file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { filename: string; contentType: string; data: Uint8Array },
) {
  const boundary = '----tend-report-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 4, background: '#08f' } })
    .png()
    .toBuffer();

export const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
    .gif()
    .toBuffer();

export const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TendTestCamera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 54/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 45/1 0/1',
      },
    })
    .toBuffer();

/** A PNG of random pixels (incompressible) just over `bytes` long. */
export async function largePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  // A fixed pseudo-random sequence, so the file is the same on every run.
  const pixels = Buffer.alloc(side * side * 3);
  let x = 2463534242;
  for (let i = 0; i < pixels.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A small valid PDF whose page draws `text`; `extra` is added to the catalog dictionary. */
export function pdf({ extra = '', padTo = 0, objects = '' } = {}): Buffer {
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra}>>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n${objects}`;
  const tail = 'trailer\n<< /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, padTo - head.length - tail.length);
  // A comment line of padding keeps the file a readable PDF of the wanted size.
  const pad = padding > 2 ? `%${'x'.repeat(padding - 2)}\n` : '';
  return Buffer.from(head + pad + tail, 'latin1');
}

/** A PDF whose OpenAction script sits inside a compressed object stream, invisible to a byte search. */
export function pdfWithScriptInObjectStream(): Buffer {
  const hidden = deflateSync(Buffer.from('4 0 << /S /JavaScript /JS (app.alert(1)) >>'));
  const objects = `5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n`;
  return Buffer.concat([
    pdf({ extra: '/OpenAction 4 0 R ', objects }).subarray(
      0,
      -'trailer\n<< /Root 1 0 R >>\n%%EOF\n'.length,
    ),
    hidden,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);

/** A real PNG with a web page after its end. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await png(), Buffer.from('<html><script>alert(1)</script></html>')]);
}

/** GIF89a/*…*\/=alert(1); — a GIF that is also JavaScript. */
export async function gifJsPolyglot(): Promise<Buffer> {
  const real = await gif();
  const bytes = Buffer.from(real);
  bytes[6] = 0x2f; // "/"
  bytes[7] = 0x2a; // "*"
  return Buffer.concat([bytes, Buffer.from('*/=alert(1);')]);
}
