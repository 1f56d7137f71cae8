import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { MAX_IMPORT_ROWS } from '@tend/shared';
import { useId, useState } from 'react';
import { useCheckCsv, useExportCsv, useImportCsv, type ImportOutcome } from '../api/csv';
import { previewRows, type PreviewRow } from './csv-preview';

const PREVIEW_LIMIT = 8;
const readings = (n: number) => (n === 1 ? '1 reading' : `${n} readings`);

/** The rows the server found fine, as the file has them: what Import will add. */
function Preview({ rows }: { rows: PreviewRow[] }) {
  const shown = rows.slice(0, PREVIEW_LIMIT);
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table striped verticalSpacing={4}>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {rows.length > shown.length
            ? `Ready to import: the first ${shown.length} of ${rows.length} rows in the file`
            : `Ready to import: the ${rows.length === 1 ? 'row' : `${rows.length} rows`} in the file`}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Taken at</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Value</Table.Th>
            <Table.Th scope="col">Unit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.takenat}</Table.Td>
              <Table.Td>{row.kind}</Table.Td>
              <Table.Td>{row.value}</Table.Td>
              <Table.Td>{row.unit}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A file the server turned down: nothing was imported, and why each wrong row is wrong. */
function Rejected({ outcome }: { outcome: Extract<ImportOutcome, { ok: false }> }) {
  const bad = outcome.rows.filter((row) => !row.accepted);
  return (
    <Alert color="red" variant="light" title="Nothing was imported" role="alert">
      <Text size="sm" mb="xs">
        {outcome.message}
      </Text>
      <List size="sm" spacing={4}>
        {bad.map((row) => (
          <List.Item
            key={row.line}
          >{`Line ${row.line}: ${row.reason ?? 'not accepted'}`}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {`${outcome.rows.length - bad.length} of ${outcome.rows.length} rows were fine. Correct the file and choose it again.`}
      </Text>
    </Alert>
  );
}

/**
 * Import readings from a CSV file (`takenat,kind,value,unit[,note]`, as Export gives): the server
 * checks the picked file first (nothing imported) and answers per row; Import then adds them all.
 * A file with any wrong row imports nothing. Export CSV downloads every reading.
 */
export function CsvImportExport({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const check = useCheckCsv();
  const importCsv = useImportCsv();
  const exportCsv = useExportCsv();
  const headingId = useId();

  const pick = (picked: File | null) => {
    check.reset();
    importCsv.reset();
    setFile(picked);
    setRows(null);
    setReadError(null);
    if (!picked) return;
    picked.text().then(
      (text) => {
        setRows(previewRows(text));
        check.mutate(picked);
      },
      () => setReadError('That file could not be read. Choose it again, or another file.'),
    );
  };

  const checked = check.data;
  const imported = importCsv.data;
  const ready = checked?.ok === true && !imported;
  const failed = check.error ?? importCsv.error;

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={headingOrder} size="h3" id={headingId}>
          Import and export
        </Title>
        <Text size="sm">
          {`A CSV file with the columns takenat, kind, value, unit and an optional note, one reading a
          line (for example 2026-11-02T08:30:00Z,bloodpressure,150/95,mm[Hg]); up to ${MAX_IMPORT_ROWS}
          rows. Tend checks the file before anything is imported; if any row is wrong, nothing is.`}
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          // Mantine draws this placeholder as text, not ::placeholder, so it must meet contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          value={file}
          onChange={pick}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          error={readError}
          maw={420}
        />
        {check.isPending && <Loader size="sm" aria-label="Checking the file" />}
        {checked?.ok === true && checked.rows.length === 0 && (
          <Text c="dimmed">The file has no rows to import.</Text>
        )}
        {ready && rows && checked.rows.length > 0 && (
          <Preview rows={rows.filter((row) => checked.rows.some((r) => r.line === row.line))} />
        )}
        {checked?.ok === false && <Rejected outcome={checked} />}
        {imported?.ok === false && <Rejected outcome={imported} />}
        <div role="status">
          {imported?.ok === true && (
            <Text fw={600} c="tend.8">
              {`Imported ${readings(imported.imported)} from ${file?.name ?? 'the file'}.`}
            </Text>
          )}
        </div>
        {failed && (
          <Alert color="red" variant="light" title="The file was not imported" role="alert">
            {failed.message}
          </Alert>
        )}
        {exportCsv.isError && (
          <Alert color="red" variant="light" title="The export was not downloaded" role="alert">
            {exportCsv.error.message}
          </Alert>
        )}
        <Group gap="sm">
          {file && ready && checked.rows.length > 0 && (
            <Button onClick={() => importCsv.mutate(file)} loading={importCsv.isPending}>
              {`Import ${readings(checked.rows.length)}`}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => exportCsv.mutate()}
            loading={exportCsv.isPending}
          >
            Export CSV
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
