/** Hands bytes to the browser as a file to save under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; the next task may let the URL go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
