import { Button, FileInput, Group, Stack, TextInput } from '@mantine/core';
import { REPORT_ACCEPT, REPORT_TITLE_MAX, reportUploadFieldsSchema } from '@tend/shared';
import { IconFileUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { UploadProgress } from '../api/post-with-progress';
import { useUploadReport } from '../api/upload-report';
import { useReportsT } from '../i18n';
import { reportFileProblem } from './report-file-check';
import { UploadProgressBar } from './upload-progress-bar';
import { LiveStatus } from '../../../components/live-status';
import { FailureAlert } from '../../../components/failure-alert';
import { SectionPanel } from '../../../components/section-panel';

type Values = { title: string; file: File | null };
const EMPTY: Values = { title: '', file: null };
const titleSchema = reportUploadFieldsSchema.pick({ title: true });

type Props = {
  /** A doctor adds to this linked patient's record; a patient leaves it out. */
  patientId?: string;
  heading: string;
  /** Who the report is for, in words, under the heading. */
  description: string;
};

/**
 * Title and file, checked in the browser first (kind by the file's first bytes, size by kind), then
 * sent with a progress bar that can be stopped. What the server still refuses is shown in its words.
 */
export function UploadReportForm({ patientId, heading, description }: Props) {
  const { t } = useReportsT();
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const form = useSchemaForm<Values>(EMPTY, formRef, { onEdit: () => setStatus(null) });
  const upload = useUploadReport();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // Leaving the page stops an upload under way rather than letting it finish out of sight.
  useEffect(() => () => abortRef.current?.abort(), []);
  const sending = upload.isPending;

  // The check of the latest choice only: an earlier, slower one must not overwrite it.
  const chosenRef = useRef<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const chooseFile = async (file: File | null) => {
    chosenRef.current = file;
    form.set('file', file);
    setAlert(null);
    const problem = file ? await reportFileProblem(t, file) : null;
    if (chosenRef.current === file) setFileProblem(problem);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One upload at a time: a second click while the first is checked or sent does nothing.
    if (abortRef.current) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setAlert(null);
    setStatus(null);
    try {
      const { file } = form.values;
      const problem = file ? await reportFileProblem(t, file) : t('fileCheck.noFile');
      const fields = form.validate(
        titleSchema,
        { title: form.values.title },
        problem ? { file: problem } : {},
      );
      if (!fields || !file) return;

      setProgress({ loaded: 0, total: file.size });
      const report = await upload.mutateAsync({
        title: fields.title,
        file,
        patientId,
        onProgress: setProgress,
        signal: controller.signal,
      });
      form.reset(EMPTY);
      chosenRef.current = null;
      setFileProblem(null);
      setStatus(t('upload.uploaded', { title: report.title }));
      statusRef.current?.focus();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setStatus(t('upload.stopped'));
      } else {
        setAlert(form.showRequestError(error));
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  return (
    <SectionPanel title={heading} intro={description}>
      <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="md" maw={560}>
          <TextInput
            label={t('upload.title')}
            description={t('upload.titleHint')}
            required
            autoComplete="off"
            maxLength={REPORT_TITLE_MAX}
            disabled={sending}
            {...form.field('title')}
          />
          <FileInput
            label={t('upload.file')}
            description={t('upload.fileHint')}
            placeholder={t('upload.choose')}
            // Mantine draws this placeholder as text, not ::placeholder, so it must meet contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            required
            accept={REPORT_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': t('upload.removeFile') }}
            value={form.values.file}
            onChange={(file) => void chooseFile(file)}
            error={form.errors.file ?? fileProblem}
            disabled={sending}
          />
          <FailureAlert title={t('upload.notUploaded')} message={alert} />
          {progress && (
            <UploadProgressBar progress={progress} onStop={() => abortRef.current?.abort()} />
          )}
          <Group>
            <Button
              type="submit"
              leftSection={<IconFileUpload size={18} aria-hidden />}
              loading={sending}
            >
              {t('upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LiveStatus status={status} ref={statusRef} mt="md" />
    </SectionPanel>
  );
}
