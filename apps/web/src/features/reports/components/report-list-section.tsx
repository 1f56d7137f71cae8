import { Alert, EmptyState, Loader, Paper, Text, Title } from '@mantine/core';
import type { Report } from '@tend/shared';
import { IconFileText } from '@tabler/icons-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { fullName, useMe } from '../../../lib/me';
import { useDeleteReport } from '../api/delete-report';
import { useReports } from '../api/list-reports';
import { useDownloadReport } from '../api/report-file';
import { dateFormatter, uploaderName } from './report-format';
import { ReportTable } from './report-table';

type Props = {
  area: 'patient' | 'doctor';
  /**
   * The doctor's chosen patient. Left out: a patient's own reports, or a doctor's newest across
   * every patient who shares with them (then each row names its patient).
   */
  patientId?: string;
  heading: string;
  /** What an empty list says. */
  emptyText: string;
};

/** SPEC §2's Details list: every report, newest first, with View Record, Download and Delete. */
export function ReportListSection({ area, patientId, heading, emptyText }: Props) {
  const reports = useReports(patientId ?? null);
  const me = useMe();
  const viewerId = me.data?._id;
  const date = dateFormatter(me.data?.timezone);
  const download = useDownloadReport();
  const deletion = useDeleteReport();
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<Report>(
    deletion,
    statusRef,
    (report) => `“${report.title}” was deleted.`,
  );
  // The server decides too; this only keeps a doctor from being offered what it would refuse.
  const canDelete = (report: Report) =>
    area === 'patient' || (viewerId !== undefined && report.uploadedby?._id === viewerId);

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-label={heading}
    >
      <Title order={2} size="h4" mb="md">
        {heading}
      </Title>
      <div role="status" ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {status && (
          <Text fw={600} c="tend.9" mb="md">
            {status}
          </Text>
        )}
      </div>
      {download.isError && (
        <Alert
          color="red"
          variant="light"
          mb="md"
          title="The file could not be downloaded"
          withCloseButton
          closeButtonLabel="Dismiss message"
          onClose={() => download.reset()}
        >
          {download.error.message}
        </Alert>
      )}
      {reports.isPending && <Loader aria-label="Loading the reports" />}
      {reports.isError && (
        <QueryError
          title="We could not load the reports"
          error={reports.error}
          onRetry={() => void reports.refetch()}
        />
      )}
      {reports.isSuccess && reports.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconFileText size={28} aria-hidden />}
          title="No reports yet"
          description={emptyText}
        />
      )}
      {reports.isSuccess && reports.data.length > 0 && (
        <ReportTable
          reports={reports.data}
          area={area}
          uploader={(report) => uploaderName(report, viewerId)}
          date={(report) => date.format(new Date(report.createdAt))}
          {...(area === 'doctor' && patientId === undefined
            ? { patient: (report: Report) => fullName(report.patient) }
            : {})}
          canDelete={canDelete}
          onDownload={(report) => download.mutate({ id: report._id, filename: report.filename })}
          onDelete={ask}
          downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
        />
      )}
      <LoadMoreButton query={reports} label="Load more reports" />
      <ConfirmDialog
        {...dialog}
        title="Delete this report?"
        confirmLabel="Yes I'm sure"
        cancelLabel="No, go back"
      >
        {`Are you sure you want to delete ${target ? `“${target.title}”` : 'this report'}? Its file will be deleted too, for everyone who can see it.`}
      </ConfirmDialog>
    </Paper>
  );
}
