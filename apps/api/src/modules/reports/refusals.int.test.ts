import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { createTestApp, rowCount, testDialects, type TestApp } from '../../../test/helper.ts';
import {
  gifJsPolyglot,
  HTML,
  largePng,
  multipartBody,
  pdf,
  pdfWithScriptInObjectStream,
  pngHtmlPolyglot,
  SVG,
} from '../../../test/upload-files.ts';

const MB = 1024 * 1024;

interface Case {
  name: string;
  filename: string;
  contentType: string;
  data: () => Promise<Buffer> | Buffer;
  status: number;
  code: string;
}

const cases: Case[] = [
  {
    name: 'an SVG',
    filename: 'scan.svg',
    contentType: 'image/svg+xml',
    data: () => SVG,
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'an HTML file named .png',
    filename: 'scan.png',
    contentType: 'image/png',
    data: () => HTML,
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'a PNG with a web page after it',
    filename: 'scan.png',
    contentType: 'image/png',
    data: pngHtmlPolyglot,
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'a GIF that is also JavaScript',
    filename: 'scan.gif',
    contentType: 'image/gif',
    data: gifJsPolyglot,
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'a 2.1 MB PNG',
    filename: 'big.png',
    contentType: 'image/png',
    data: () => largePng(2.1 * MB),
    status: 413,
    code: 'file_too_large',
  },
  {
    name: 'an 11 MB PDF',
    filename: 'big.pdf',
    contentType: 'application/pdf',
    data: () => pdf({ padTo: 11 * MB }),
    status: 413,
    code: 'file_too_large',
  },
  {
    name: 'a PDF with /JavaScript',
    filename: 'script.pdf',
    contentType: 'application/pdf',
    data: () => pdf({ extra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ' }),
    status: 415,
    code: 'pdf_active_content',
  },
  {
    name: 'a PDF with a hex-escaped /J#61vaScript',
    filename: 'script.pdf',
    contentType: 'application/pdf',
    data: () => pdf({ extra: '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> ' }),
    status: 415,
    code: 'pdf_active_content',
  },
  {
    name: 'a PDF with an embedded file',
    filename: 'attached.pdf',
    contentType: 'application/pdf',
    data: () => pdf({ extra: '/Names << /EmbeddedFiles 9 0 R >> ' }),
    status: 415,
    code: 'pdf_active_content',
  },
  {
    name: 'a PDF with a launch action',
    filename: 'launch.pdf',
    contentType: 'application/pdf',
    data: () => pdf({ extra: '/OpenAction << /S /Launch /F (calc.exe) >> ' }),
    status: 415,
    code: 'pdf_active_content',
  },
  {
    name: 'a PDF with a script inside a compressed object stream',
    filename: 'hidden.pdf',
    contentType: 'application/pdf',
    data: pdfWithScriptInObjectStream,
    status: 415,
    code: 'pdf_active_content',
  },
];

describe.each(testDialects())('refused uploads on %s', (dialect) => {
  let t: TestApp;
  let patient: TestAccount;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    patient = await createAccount(t, 'patient');
  });
  afterAll(() => t.close());

  async function stored() {
    const count = (table: 'reports' | 'files' | 'file_chunks') => rowCount(t.db, table);
    return [await count('reports'), await count('files'), await count('file_chunks')];
  }

  it.each(cases)('refuses $name with $status $code and stores nothing', async (c) => {
    const body = multipartBody(
      { title: 'Scan' },
      { filename: c.filename, contentType: c.contentType, data: await c.data() },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${patient.accessToken}` },
    });
    expect(res.statusCode).toBe(c.status);
    const error = res.json<{ error: { code: string; message: string; fields: object } }>().error;
    expect(error.code).toBe(c.code);
    expect(error.message).toMatch(/^[A-Z].*\.$/);
    expect(error.fields).toHaveProperty('file');
    expect(await stored()).toEqual([0, 0, 0]);
  });

  it('accepts a plain PDF just under 10 MB, stored in 256 KB chunks', async () => {
    const body = multipartBody(
      { title: 'Long report' },
      { filename: 'long.pdf', contentType: 'application/pdf', data: pdf({ padTo: 10 * MB - 10 }) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${patient.accessToken}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ size: 10 * MB - 10, contenttype: 'application/pdf' });
    expect(await stored()).toEqual([1, 1, 40]);
  });
});
