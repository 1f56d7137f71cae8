import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { ApiAccount } from './api-accounts.ts';
import { pdfSaying } from '../../scripts/lib/small-pdf.ts';
import { apiAs } from './appointments.ts';

/** A file as the browser's file chooser hands it over. */
export type ChosenFile = { name: string; mimeType: string; buffer: Buffer };

export { pdfSaying };

/** A PDF that would run a script when opened: the server refuses it (415 pdf_active_content). */
export const pdfWithScript = () =>
  pdfSaying('Results', "/OpenAction << /S /JavaScript /JS (app.alert('hi')) >> ");

/**
 * A file that starts like a PNG but is `bytes` long: the browser's check refuses it by size before
 * anything is sent, so it need not be a whole picture.
 */
export function oversizedPng(bytes: number): Buffer {
  const file = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
  return file;
}

/**
 * A 640×400 PNG drawn on a canvas in the page (a stand-in for a photo of a rash), big enough for
 * the picture viewer and its screenshots to show something real.
 */
export async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    const skin = context.createLinearGradient(0, 0, 640, 400);
    skin.addColorStop(0, '#f3d9c9');
    skin.addColorStop(1, '#dcae95');
    context.fillStyle = skin;
    context.fillRect(0, 0, 640, 400);
    context.fillStyle = '#c0504d';
    for (const [x, y, r] of [
      [220, 160, 34],
      [290, 205, 22],
      [360, 170, 44],
      [430, 250, 18],
    ] as const) {
      context.beginPath();
      context.arc(x, y, r, 0, Math.PI * 2);
      context.fill();
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The patient shares their record with the doctor, through the API (a care link). */
export async function shareWithDoctor(page: Page, patient: ApiAccount, doctor: ApiAccount) {
  const api = await apiAs(page.request, patient);
  const res = await api.post('/care-links', { doctorId: doctor.id });
  expect(res.status(), await res.text()).toBe(201);
}

/** Chooses a file through the picker's own button, as a person would. */
export async function chooseFile(page: Page, picker: Locator, file: ChosenFile) {
  const chooser = page.waitForEvent('filechooser');
  await picker.click();
  await (await chooser).setFiles(file);
}

/** Title, file, Upload report; waits for the page to say it was uploaded. */
export async function uploadReport(page: Page, title: string, file: ChosenFile) {
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await chooseFile(page, form.getByRole('button', { name: 'File' }), file);
  await form.getByRole('button', { name: 'Upload report' }).click();
  await expect(form.getByText(`“${title}” was uploaded.`)).toBeVisible();
}

/** True once the canvas holds something other than blank white: pdf.js drew the page. */
export async function canvasHasInk(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const node = element as HTMLCanvasElement;
    const context = node.getContext('2d');
    if (!context || node.width === 0) return false;
    const { data } = context.getImageData(0, 0, node.width, node.height);
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) return true;
    }
    return false;
  });
}
