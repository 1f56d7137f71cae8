/** One data row of a picked file as the browser reads it, before the server has its say. */
export type PreviewRow = {
  line: number;
  takenat: string;
  kind: string;
  value: string;
  unit: string;
};

/**
 * The rows of a `takenat,kind,value,unit[,note]` file, for a preview of what is about to be sent; the
 * header line (if any) and blank lines are skipped. The server reads the file again and is the judge.
 */
export function previewRows(text: string): PreviewRow[] {
  const rows: PreviewRow[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || (index === 0 && /^takenat\s*,/i.test(line))) return;
    const [takenat = '', kind = '', value = '', unit = ''] = line
      .split(',')
      .map((cell) => cell.trim());
    rows.push({ line: index + 1, takenat, kind, value, unit });
  });
  return rows;
}
