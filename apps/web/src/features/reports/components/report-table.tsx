import { Table, Text } from '@mantine/core';
import type { Report } from '@tend/shared';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { FactList } from '../../../components/fact-list';
import { CardTitle, ResponsiveTable, RowHeading } from '../../../components/responsive-table';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { useReportsT } from '../i18n';
import { reportViewPath, typeLabel, formatSize } from './report-format';

export type ReportRowsProps = {
  reports: Report[];
  area: 'patient' | 'doctor';
  /** "You", "Dr. …" or a name. */
  uploader: (report: Report) => string;
  date: (report: Report) => string;
  /** Given for a list across several patients: whose record each report is in. */
  patient?: (report: Report) => string;
  /** Whether the viewer may delete it (the patient, or the doctor who uploaded it). */
  canDelete: (report: Report) => boolean;
  onDownload: (report: Report) => void;
  onDelete: (report: Report) => void;
  /** The report whose download is under way. */
  downloadingId: string | null;
};

type RowProps = Omit<ReportRowsProps, 'reports'> & { report: Report };

type ActionsProps = Omit<RowProps, 'uploader' | 'date' | 'patient'> & { withIcons: boolean };

/** View Record (SPEC §2), Download and Delete, each named with the report for screen readers. */
function RowButtons({
  report,
  area,
  canDelete,
  onDownload,
  onDelete,
  downloadingId,
  withIcons,
}: ActionsProps) {
  const { t } = useReportsT();
  const title = report.title;
  const actions: RowAction[] = [
    {
      text: t('table.view'),
      label: t('table.viewNamed', { title }),
      icon: IconEye,
      to: reportViewPath(area, report._id),
      state: { report },
    },
    {
      text: t('table.download'),
      label: t('table.downloadNamed', { title }),
      icon: IconDownload,
      loading: downloadingId === report._id,
      onClick: () => onDownload(report),
    },
  ];
  if (canDelete(report)) {
    actions.push({
      text: t('table.delete'),
      label: t('table.deleteNamed', { title }),
      icon: IconTrash,
      danger: true,
      onClick: () => onDelete(report),
    });
  }
  // On the cards the buttons wrap; in the table they stay on one line beside the row's facts.
  return (
    <RowActions actions={actions} withIcons={withIcons} wrap={withIcons ? 'wrap' : 'nowrap'} />
  );
}

/** One row's cells; for a list across patients, whose record it is in comes first. */
function ReportCells({ report, uploader, date, patient, ...actions }: RowProps) {
  const { t } = useReportsT();
  return (
    <>
      {patient && (
        <Table.Td miw={140} style={{ overflowWrap: 'anywhere' }}>
          {patient(report)}
        </Table.Td>
      )}
      <RowHeading miw={160}>
        {report.title}
        <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
          {report.filename}
        </Text>
      </RowHeading>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {typeLabel(t, report.contenttype)}
        <Text size="xs" c="dimmed">
          {formatSize(t, report.size)}
        </Text>
      </Table.Td>
      <Table.Td miw={140} style={{ overflowWrap: 'anywhere' }}>
        {uploader(report)}
        <Text size="xs" c="dimmed" component="time" dateTime={report.createdAt} display="block">
          {date(report)}
        </Text>
      </Table.Td>
      <Table.Td>
        <RowButtons report={report} withIcons={false} {...actions} />
      </Table.Td>
    </>
  );
}

/** The same facts as one card. */
function ReportCard({ report, uploader, date, patient, ...actions }: RowProps) {
  const { t } = useReportsT();
  return (
    <>
      <CardTitle order={3} size="h5">
        {report.title}
      </CardTitle>
      <FactList
        labelWidth={110}
        gap={6}
        mb="md"
        facts={[
          ...(patient ? [[t('table.patient'), patient(report)] as const] : []),
          [t('table.file'), report.filename],
          [t('table.type'), typeLabel(t, report.contenttype)],
          [t('table.size'), formatSize(t, report.size)],
          [t('table.uploadedBy'), uploader(report)],
          [t('table.date'), date(report)],
        ]}
      />
      <RowButtons report={report} withIcons {...actions} />
    </>
  );
}

/** The reports: a table where there is room, cards where there is not. */
export function ReportTable({ reports, ...props }: ReportRowsProps) {
  const { t } = useReportsT();
  return (
    <ResponsiveTable
      rows={reports}
      rowKey={(report) => report._id}
      minWidth={props.patient ? 880 : 720}
      highlightOnHover
      headings={[
        ...(props.patient ? [t('table.patient')] : []),
        t('table.title'),
        t('table.typeAndSize'),
        t('table.uploadedBy'),
        t('table.actions'),
      ]}
      cells={(report) => <ReportCells report={report} {...props} />}
      card={(report) => <ReportCard report={report} {...props} />}
    />
  );
}
