import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypeCsv, IconDownload } from '@tabler/icons-react';
import { MAX_IMPORT_ROWS } from '@tend/shared';
import { useId, useState } from 'react';
import { useExportCsv, useImportCsv } from '../api/csv';
import { previewRows, type PreviewRow } from './csv-preview';

const PREVIEW_LIMIT = 8;

function Preview({ rows }: { rows: PreviewRow[] }) {
  const shown = rows.slice(0, PREVIEW_LIMIT);
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table striped verticalSpacing={4}>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {rows.length > shown.length
            ? `The first ${shown.length} of ${rows.length} rows in the file`
            : `The ${rows.length === 1 ? 'row' : `${rows.length} rows`} in the file`}
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

/**
 * Import readings from a CSV file (`takenat,kind,value,unit[,note]`, the same as Export gives):
 * a preview of the rows, then the server's answer per row; a file with any bad row imports nothing.
 */
export function CsvImportExport({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const importCsv = useImportCsv();
  const exportCsv = useExportCsv();
  const headingId = useId();

  const pick = (picked: File | null) => {
    importCsv.reset();
    setFile(picked);
    setRows(null);
    setReadError(null);
    if (!picked) return;
    picked.text().then(
      (text) => setRows(previewRows(text)),
      () => setReadError('That file could not be read. Choose it again, or another file.'),
    );
  };

  const outcome = importCsv.data;
  const badRows = outcome && !outcome.imported ? outcome.rows.filter((row) => !row.accepted) : [];

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
          {`A CSV file with the columns takenat, kind, value, unit and an optional note, one reading a line
          (for example 2026-11-02T08:30:00Z,bloodpressure,150/95,mm[Hg]); up to ${MAX_IMPORT_ROWS} rows. If any row
          is wrong, nothing is imported and each wrong row is named.`}
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
        {rows && rows.length === 0 && <Text c="dimmed">The file has no rows to import.</Text>}
        {rows && rows.length > 0 && !outcome && <Preview rows={rows} />}
        <div role="status">
          {outcome?.imported && (
            <Text fw={600} c="tend.8">
              {`Imported ${outcome.count === 1 ? '1 reading' : `${outcome.count} readings`} from ${file?.name ?? 'the file'}.`}
            </Text>
          )}
        </div>
        {outcome && !outcome.imported && (
          <Alert color="red" variant="light" title="Nothing was imported" role="alert">
            <Text size="sm" mb="xs">
              {outcome.message}
            </Text>
            <List size="sm" spacing={4}>
              {badRows.map((row) => (
                <List.Item
                  key={row.line}
                >{`Line ${row.line}: ${row.reason ?? 'not accepted'}`}</List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              {`${outcome.rows.length - badRows.length} of ${outcome.rows.length} rows were fine. Correct the file and choose it again.`}
            </Text>
          </Alert>
        )}
        {importCsv.isError && (
          <Alert color="red" variant="light" title="The file was not imported" role="alert">
            {importCsv.error.message}
          </Alert>
        )}
        {exportCsv.isError && (
          <Alert color="red" variant="light" title="The export was not downloaded" role="alert">
            {exportCsv.error.message}
          </Alert>
        )}
        <Group gap="sm">
          {file && rows && rows.length > 0 && !outcome?.imported && (
            <Button onClick={() => importCsv.mutate(file)} loading={importCsv.isPending}>
              {`Import ${rows.length === 1 ? '1 reading' : `${rows.length} readings`}`}
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
