import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { MAX_IMPORT_ROWS } from '@tend/shared';
import { useId, useState } from 'react';
import { useCheckCsv, useExportCsv, useImportCsv, type ImportOutcome } from '../api/csv';
import { useMeasurementsT } from '../i18n';
import { previewRows, type PreviewRow } from './csv-preview';
import { FailureAlert } from '../../../components/failure-alert';
import { LabelledSection } from '../../../components/labelled-section';

const PREVIEW_LIMIT = 8;

/** The rows the server found fine, as the file has them: what Import will add. */
function Preview({ rows }: { rows: PreviewRow[] }) {
  const { t } = useMeasurementsT();
  const shown = rows.slice(0, PREVIEW_LIMIT);
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table striped verticalSpacing={4}>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {rows.length > shown.length
            ? t('csv.readyFirst', { shown: shown.length, count: rows.length })
            : t('csv.readyAll', { count: rows.length })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('csv.line')}</Table.Th>
            <Table.Th scope="col">{t('csv.takenAt')}</Table.Th>
            <Table.Th scope="col">{t('csv.kind')}</Table.Th>
            <Table.Th scope="col">{t('csv.value')}</Table.Th>
            <Table.Th scope="col">{t('csv.unit')}</Table.Th>
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
  const { t } = useMeasurementsT();
  const bad = outcome.rows.filter((row) => !row.accepted);
  return (
    <Alert color="red" variant="light" title={t('csv.nothingImported')} role="alert">
      <Text size="sm" mb="xs">
        {outcome.message}
      </Text>
      <List size="sm" spacing={4}>
        {bad.map((row) => (
          <List.Item key={row.line}>
            {t('csv.badRow', { line: row.line, reason: row.reason ?? t('csv.notAccepted') })}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t('csv.fineRows', { fine: outcome.rows.length - bad.length, count: outcome.rows.length })}
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
  const { t } = useMeasurementsT();
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
      () => setReadError(t('csv.unreadable')),
    );
  };

  const checked = check.data;
  const imported = importCsv.data;
  const ready = checked?.ok === true && !imported;
  const failed = check.error ?? importCsv.error;

  return (
    <LabelledSection labelledBy={headingId}>
      <Stack gap="md">
        <Title order={headingOrder} size="h3" id={headingId}>
          {t('csv.heading')}
        </Title>
        <Text size="sm">{t('csv.intro', { max: MAX_IMPORT_ROWS })}</Text>
        <FileInput
          label={t('csv.file')}
          placeholder={t('csv.choose')}
          // Mantine draws this placeholder as text, not ::placeholder, so it must meet contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': t('csv.removeFile') }}
          value={file}
          onChange={pick}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          error={readError}
          maw={420}
        />
        {check.isPending && <Loader size="sm" aria-label={t('csv.checking')} />}
        {checked?.ok === true && checked.rows.length === 0 && (
          <Text c="dimmed">{t('csv.noRows')}</Text>
        )}
        {ready && rows && checked.rows.length > 0 && (
          <Preview rows={rows.filter((row) => checked.rows.some((r) => r.line === row.line))} />
        )}
        {checked?.ok === false && <Rejected outcome={checked} />}
        {imported?.ok === false && <Rejected outcome={imported} />}
        <div role="status">
          {imported?.ok === true && (
            <Text fw={600} c="tend.8">
              {t('csv.imported', {
                count: imported.imported,
                name: file?.name ?? t('csv.theFile'),
              })}
            </Text>
          )}
        </div>
        {failed && (
          <Alert color="red" variant="light" title={t('csv.notImported')} role="alert">
            {failed.message}
          </Alert>
        )}
        <FailureAlert title={t('csv.exportFailed')} message={exportCsv.error?.message} />
        <Group gap="sm">
          {file && ready && checked.rows.length > 0 && (
            <Button onClick={() => importCsv.mutate(file)} loading={importCsv.isPending}>
              {t('csv.import', { count: checked.rows.length })}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => exportCsv.mutate()}
            loading={exportCsv.isPending}
          >
            {t('csv.export')}
          </Button>
        </Group>
      </Stack>
    </LabelledSection>
  );
}
