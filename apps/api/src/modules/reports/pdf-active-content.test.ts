import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesOfBuffer, inspectPdf as inspectPdfBytes } from './pdf-active-content.ts';

const inspectPdf = (pdf: Buffer) => inspectPdfBytes(bytesOfBuffer(pdf));

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

function withObjectStream(objects: string, dictionary = '/Type /ObjStm /Filter /FlateDecode') {
  const packed = deflateSync(Buffer.from(objects, 'latin1'));
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n5 0 obj\n<< ${dictionary} /Length ${packed.length} >>\nstream\n`),
    packed,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

describe('inspectPdf', () => {
  it('passes an ordinary document, including names that merely start like active ones', async () => {
    expect(
      await inspectPdf(pdf('<< /Type /Catalog /JSON 1 /Launcher 2 /URI (https://x) >>')),
    ).toEqual({
      ok: true,
    });
  });

  it.each([
    ['/JavaScript', '/S /JavaScript'],
    ['/JS', '/JS (app.alert(1))'],
    ['/Launch', '/S /Launch'],
    ['/EmbeddedFile', '/Type /EmbeddedFile'],
    ['/EmbeddedFiles', '/EmbeddedFiles 4 0 R'],
    ['/RichMedia', '/Subtype /RichMedia'],
    ['a hex-escaped name', '/S /J#61va#53cript'],
    ['a fully hex-escaped name', '/#4A#53 (x)'],
  ])('finds %s', async (_, dictionary) => {
    expect(await inspectPdf(pdf(`<< ${dictionary} >>`))).toMatchObject({
      ok: false,
      reason: 'active_content',
    });
  });

  it('finds a script inside a compressed object stream', async () => {
    expect(await inspectPdf(withObjectStream('4 0 << /S /JavaScript /JS (x) >>'))).toMatchObject({
      ok: false,
      reason: 'active_content',
      name: 'JavaScript',
    });
  });

  it('passes a clean object stream and ignores other compressed streams', async () => {
    expect(await inspectPdf(withObjectStream('4 0 << /Type /Font >>'))).toEqual({ ok: true });
    // A content stream is not unpacked: drawing operators cannot carry actions.
    expect(await inspectPdf(withObjectStream('BT /F1 12 Tf ET', '/Filter /FlateDecode'))).toEqual({
      ok: true,
    });
  });

  describe('across the windows it reads the file in', () => {
    const MB = 1024 * 1024;
    /** A PDF in which `name` starts `offset` bytes before 1 MB, a window edge. */
    const straddling = (name: string, offset: number) => {
      const head = '%PDF-1.7\n%';
      const filler = 'x'.repeat(MB - offset - head.length);
      return Buffer.from(`${head}${filler}${name} 1\n%%EOF\n`, 'latin1');
    };

    it('finds a name cut by a window edge', async () => {
      expect(await inspectPdf(straddling('/JavaScript', 4))).toMatchObject({ ok: false });
      expect(await inspectPdf(straddling('/J#61vaScript', 6))).toMatchObject({ ok: false });
    });

    it('does not mistake a longer name cut at the edge for a shorter active one', async () => {
      // "/JSX" cut after "/JS" must not read as /JS.
      expect(await inspectPdf(straddling('/JSX', 3))).toEqual({ ok: true });
    });

    it('finds a script in an object stream far into the file', async () => {
      const late = withObjectStream('4 0 << /S /JavaScript /JS (x) >>');
      const padded = Buffer.concat([
        Buffer.from(`%PDF-1.7\n%${'x'.repeat(3 * MB)}\n`, 'latin1'),
        late.subarray('%PDF-1.7\n'.length),
      ]);
      expect(await inspectPdf(padded)).toMatchObject({ ok: false, name: 'JavaScript' });
    });
  });

  it('calls an object stream that will not unpack unreadable', async () => {
    const broken = Buffer.from(
      '%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\nnot zlib\nendstream\n',
    );
    expect(await inspectPdf(broken)).toEqual({ ok: false, reason: 'unreadable' });
  });
});
