import { EmptyState, Title } from '@mantine/core';
import type { Report } from '@tend/shared';
import { IconFileText } from '@tabler/icons-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { fullName, useMe } from '../../../lib/me';
import { useDeleteReport } from '../api/delete-report';
import { useReports } from '../api/list-reports';
import { useDownloadReport } from '../api/report-file';
import { useReportsT } from '../i18n';
import { dateFormatter, uploaderName } from './report-format';
import { ReportTable } from './report-table';
import { LiveStatus } from '../../../components/live-status';
import { QueryProgress } from '../../../components/query-progress';
import { LabelledSection } from '../../../components/labelled-section';
import { FailureAlert } from '../../../components/failure-alert';

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
  const { t } = useReportsT();
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
    (report) => t('list.deleted', { title: report.title }),
  );
  // The server decides too; this only keeps a doctor from being offered what it would refuse.
  const canDelete = (report: Report) =>
    area === 'patient' || (viewerId !== undefined && report.uploadedby?._id === viewerId);

  return (
    <LabelledSection label={heading}>
      <Title order={2} size="h4" mb="md">
        {heading}
      </Title>
      <LiveStatus status={status} ref={statusRef} mb="md" />
      <FailureAlert
        mb="md"
        title={t('list.downloadFailed')}
        message={download.error?.message}
        dismissLabel={t('list.dismiss')}
        onDismiss={() => download.reset()}
      />
      <QueryProgress query={reports} loading={t('list.loading')} failed={t('list.loadFailed')} />
      {reports.isSuccess && reports.data.length === 0 && (
        <EmptyState
          align="left"
          icon={<IconFileText size={28} aria-hidden />}
          title={t('list.empty')}
          description={emptyText}
        />
      )}
      {reports.isSuccess && reports.data.length > 0 && (
        <ReportTable
          reports={reports.data}
          area={area}
          uploader={(report) => uploaderName(t, report, viewerId)}
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
      <LoadMoreButton query={reports} label={t('list.loadMore')} />
      <ConfirmDialog
        {...dialog}
        title={t('list.confirmTitle')}
        confirmLabel={t('list.confirmYes')}
        cancelLabel={t('list.confirmNo')}
      >
        {target ? t('list.confirmNamed', { title: target.title }) : t('list.confirmUnnamed')}
      </ConfirmDialog>
    </LabelledSection>
  );
}
