/**
 * Memory under uploads: ten 10 MB PDFs sent to one Tend at once must raise its resident memory by
 * less than 100 MB (issue 9). Uploads are spooled to disk, checked at most two at a time and stored
 * in 256 KB chunks, so the rise should stay far below ten files' worth.
 */
import { defer } from '../../scripts/lib/cleanup.ts';
import { memoryOf, resetPeak } from './process-memory.ts';
import { makeDataDir, removeDataDir, startTend, type TendServer } from './server.ts';

const UPLOADS = 10;
const PDF_BYTES = 10 * 1024 * 1024 - 1024;
export const UPLOAD_MEMORY_GOAL_MB = 100;

export interface UploadMemory {
  uploads: number;
  fileMb: number;
  /** Resident memory just before the uploads, after one small upload warmed the code paths up. */
  beforeMb: number;
  /** Resident memory once every upload was answered. */
  afterMb: number;
  /** The process's highest resident memory (VmHWM) once every upload was answered. */
  peakMb: number;
  statuses: number[];
  seconds: number;
  goalMb: number;
}

/** A valid PDF of `size` bytes: one blank page, padded with a comment. */
function blankPdf(size: number): Uint8Array {
  const head =
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n' +
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n' +
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n';
  const tail = 'trailer\n<< /Root 1 0 R >>\n%%EOF\n';
  const pad = `%${'x'.repeat(size - head.length - tail.length - 2)}\n`;
  return new Uint8Array(Buffer.from(head + pad + tail, 'latin1'));
}

async function signedInPatient(app: TendServer): Promise<string> {
  const email = 'bench-uploader@example.org';
  const password = 'bench passphrase 2026';
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${app.baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email,
      password,
      firstname: 'Bench',
      lastname: 'Uploader',
      userType: 'patient',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const signedIn = await fetch(`${app.baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const token = ((await signedIn.json()) as { accessToken?: unknown }).accessToken;
  if (typeof token !== 'string') throw new Error(`sign-in answered ${signedIn.status}`);
  return token;
}

async function upload(app: TendServer, token: string, pdf: Uint8Array, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'report.pdf');
  const response = await fetch(`${app.baseUrl}/api/v1/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Starts its own Tend on a fresh SQLite database, so no other scenario's memory is counted. */
export async function measureUploadMemory(): Promise<UploadMemory> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  console.error(`Starting Tend for ${UPLOADS} simultaneous ${PDF_BYTES >> 20} MB uploads…`);
  const app = await startTend(dataDir);
  defer(() => app.stop());
  const token = await signedInPatient(app);
  const warmup = await upload(app, token, blankPdf(64 * 1024), 'Warm-up');
  if (warmup !== 201) throw new Error(`the warm-up upload answered ${warmup}`);

  const pdf = blankPdf(PDF_BYTES);
  resetPeak(app.pid);
  const before = memoryOf(app.pid);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => upload(app, token, pdf, `Report ${i + 1}`)),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(app.pid);
  return {
    uploads: UPLOADS,
    fileMb: PDF_BYTES / 1024 / 1024,
    beforeMb: before.rssMb,
    afterMb: after.rssMb,
    peakMb: after.peakMb,
    statuses,
    seconds,
    goalMb: UPLOAD_MEMORY_GOAL_MB,
  };
}

/** The peak is what a busy server must have room for, so the verdict is on the peak's rise. */
export function formatUploadMemory(m: UploadMemory): string {
  const rise = m.peakMb - m.beforeMb;
  const stored = m.statuses.filter((s) => s === 201).length;
  const verdict = rise < m.goalMb && stored === m.uploads ? 'OK' : 'SHORT';
  const refused =
    stored === m.uploads ? '' : ` (${m.uploads - stored} not stored: ${m.statuses.join(', ')})`;
  return (
    `Uploads: ${m.uploads} × ${m.fileMb.toFixed(1)} MB PDFs at once, stored in ${m.seconds.toFixed(1)} s${refused}; ` +
    `RSS ${m.beforeMb.toFixed(0)} MB before, peak ${m.peakMb.toFixed(0)} MB, ${m.afterMb.toFixed(0)} MB after: ` +
    `peak rise ${rise.toFixed(0)} MB (goal < ${m.goalMb} MB): ${verdict}`
  );
}
