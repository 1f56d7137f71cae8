import {
  CANONICAL_UNIT,
  MAX_IMPORT_ROWS,
  MEASUREMENT_CSV_HEADER,
  MEASUREMENT_KINDS,
  measurementCreateSchema,
  parseBloodPressure,
  parseUnit,
  type ImportRow,
  type MeasurementKind,
  type MeasurementUnit,
  type MeasurementValue,
} from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';

/** One CSV line split into fields; quotes ("a, b" and "" inside) as RFC 4180 writes them. */
function fieldsOf(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        value += line[i];
        i += 1;
      }
      fields.push(value);
      if (i === line.length) return fields;
      if (line[i] !== ',') return null;
      i += 1;
    } else {
      const comma = line.indexOf(',', i);
      if (comma === -1) {
        fields.push(line.slice(i));
        return fields;
      }
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

export interface ParsedReading {
  line: number;
  kind: MeasurementKind;
  value: MeasurementValue;
  unit: MeasurementUnit;
  takenat: string;
  note?: string;
}

/**
 * Reads `takenat,kind,value,unit[,note]` rows (a header line of those names is skipped; blank lines
 * are ignored). Each row is checked by the same schema as POST /measurements, so a row is refused for
 * the same reasons, in the same words.
 */
export function readMeasurementCsv(text: string): { rows: ImportRow[]; readings: ParsedReading[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const dataLines = lines.filter((l) => l.trim() !== '').length;
  if (dataLines - 1 > MAX_IMPORT_ROWS) {
    throw new AppError(
      413,
      'too_many_rows',
      `A file may hold at most ${MAX_IMPORT_ROWS} readings; split it into smaller files.`,
    );
  }
  const rows: ImportRow[] = [];
  const readings: ParsedReading[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const fields = fieldsOf(raw);
    if (fields && index === lines.findIndex((l) => l.trim() !== '') && isHeader(fields)) return;
    const refuse = (reason: string) => rows.push({ line, accepted: false, reason });
    if (!fields || fields.length < 4 || fields.length > 5) {
      refuse('A row has four or five fields: takenat,kind,value,unit and an optional note.');
      return;
    }
    const [takenat = '', kindText = '', valueText = '', unitText = '', note] = fields.map((f) =>
      f.trim(),
    );
    const kind = MEASUREMENT_KINDS.find((k) => k === kindText.toLowerCase());
    if (!kind) {
      refuse(`“${kindText.slice(0, 40)}” is not a kind: use ${MEASUREMENT_KINDS.join(', ')}.`);
      return;
    }
    const unit = unitText === '' ? CANONICAL_UNIT[kind] : parseUnit(unitText);
    if (!unit) {
      refuse(`“${unitText.slice(0, 20)}” is not a unit Tend knows.`);
      return;
    }
    const value =
      kind === 'bloodpressure'
        ? parseBloodPressure(valueText)
        : /^-?\d+(\.\d+)?$/.test(valueText)
          ? Number(valueText)
          : null;
    if (value === null) {
      refuse(
        kind === 'bloodpressure'
          ? 'Write blood pressure as systolic/diastolic, like 120/80.'
          : `“${valueText.slice(0, 20)}” is not a number.`,
      );
      return;
    }
    const checked = measurementCreateSchema.safeParse({
      kind,
      value,
      unit,
      takenat,
      ...(note ? { note } : {}),
    });
    if (!checked.success) {
      refuse(checked.error.issues.map((i) => i.message).join(' '));
      return;
    }
    rows.push({ line, accepted: true, reason: null });
    readings.push({ line, kind, value, unit, takenat, ...(note ? { note } : {}) });
  });
  return { rows, readings };
}

function isHeader(fields: string[]): boolean {
  return fields[0]?.trim().toLowerCase() === 'takenat';
}

function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** One exported row: canonical values and units, so an import of the file gives the same readings. */
export function csvLine(row: {
  taken_at: string;
  kind: MeasurementKind;
  value: number;
  value2: number | null;
  note: string | null;
}): string {
  const value =
    row.kind === 'bloodpressure' ? `${row.value}/${row.value2 ?? ''}` : String(row.value);
  return [row.taken_at, row.kind, value, CANONICAL_UNIT[row.kind], quoted(row.note ?? '')].join(
    ',',
  );
}

export const CSV_HEADER_LINE = MEASUREMENT_CSV_HEADER;
