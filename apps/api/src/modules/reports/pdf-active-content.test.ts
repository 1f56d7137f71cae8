import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from './pdf-active-content.ts';

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
  it('passes an ordinary document, including names that merely start like active ones', () => {
    expect(inspectPdf(pdf('<< /Type /Catalog /JSON 1 /Launcher 2 /URI (https://x) >>'))).toEqual({
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
  ])('finds %s', (_, dictionary) => {
    expect(inspectPdf(pdf(`<< ${dictionary} >>`))).toMatchObject({
      ok: false,
      reason: 'active_content',
    });
  });

  it('finds a script inside a compressed object stream', () => {
    expect(inspectPdf(withObjectStream('4 0 << /S /JavaScript /JS (x) >>'))).toMatchObject({
      ok: false,
      reason: 'active_content',
      name: 'JavaScript',
    });
  });

  it('passes a clean object stream and ignores other compressed streams', () => {
    expect(inspectPdf(withObjectStream('4 0 << /Type /Font >>'))).toEqual({ ok: true });
    // A content stream is not unpacked: drawing operators cannot carry actions.
    expect(inspectPdf(withObjectStream('BT /F1 12 Tf ET', '/Filter /FlateDecode'))).toEqual({
      ok: true,
    });
  });

  it('calls an object stream that will not unpack unreadable', () => {
    const broken = Buffer.from(
      '%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\nnot zlib\nendstream\n',
    );
    expect(inspectPdf(broken)).toEqual({ ok: false, reason: 'unreadable' });
  });
});
