import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { reportSchema, type Report } from '@tend/shared';
import { IconArrowLeft, IconDownload, IconFileOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { ApiRequestError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { cachedReport } from '../api/list-reports';
import { saveBlob } from '../../../lib/save-blob';
import { useReportFile } from '../api/report-file';
import { ImageViewer } from '../components/image-viewer';
import { dateFormatter, formatSize, typeLabel, uploadedByWords } from '../components/report-format';
import { useReportsT } from '../i18n';

// pdf.js is large: fetched only when a PDF is opened.
const PdfViewer = lazy(() =>
  import('../components/pdf-viewer').then((module) => ({ default: module.PdfViewer })),
);

type Area = 'patient' | 'doctor';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** The report as the list that linked here knew it, or as a list still in memory holds it. */
function useKnownReport(id: string): Report | undefined {
  const location = useLocation();
  const queryClient = useQueryClient();
  const fromLink = reportSchema.safeParse((location.state as { report?: unknown } | null)?.report);
  if (fromLink.success && fromLink.data._id === id) return fromLink.data;
  return cachedReport(queryClient, id);
}

function listPath(area: Area, report: Report | undefined): string {
  if (area === 'patient' || !report) return `/${area}/medical-report`;
  return `/doctor/medical-report?patient=${encodeURIComponent(report.patient._id)}`;
}

/** The file itself: a picture with zoom, a PDF drawn page by page, anything else refused. */
function FileView({ blob, title }: { blob: Blob; title: string }) {
  const { t } = useReportsT();
  const type = blob.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (IMAGE_TYPES.has(type)) return <ImageViewer blob={blob} title={title} />;
  if (type === 'application/pdf') {
    return (
      <Suspense fallback={<Loader aria-label={t('viewer.opening')} />}>
        <PdfViewer data={blob} title={title} />
      </Suspense>
    );
  }
  return (
    <Alert color="red" variant="light" title={t('viewer.cannotShow')}>
      {t('viewer.onlyKinds')}
    </Alert>
  );
}

/**
 * /patient/medical-report/:id and /doctor/medical-report/:id: SPEC §2's View Record, inside Tend's
 * page. A report that does not exist or is not shared with the viewer is "not found" either way.
 */
function ReportViewPage({ area }: { area: Area }) {
  const { t } = useReportsT();
  const { id = '' } = useParams();
  const known = useKnownReport(id);
  const file = useReportFile(id);
  const me = useMe();
  const notFound = file.error instanceof ApiRequestError && file.error.status === 404;
  const title = notFound ? t('view.notFoundTitle') : (known?.title ?? t('view.defaultTitle'));
  const type = file.data?.type.split(';')[0]?.trim() ?? '';
  const extension = EXTENSIONS[type];

  const back = (
    <Anchor component={Link} to={listPath(area, known)} c="tend.8" fw={600}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('view.back')}
      </Group>
    </Anchor>
  );

  return (
    <AreaPage heading={title}>
      <Stack gap="md">
        {back}
        {known && !notFound && (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('view.facts', {
              type: typeLabel(t, known.contenttype),
              size: formatSize(t, known.size),
              uploadedBy: uploadedByWords(t, known, me.data?._id),
              date: dateFormatter(me.data?.timezone).format(new Date(known.createdAt)),
            })}
          </Text>
        )}
        {file.isPending && <Loader aria-label={t('view.loading')} />}
        {notFound && (
          <EmptyState
            align="left"
            icon={<IconFileOff size={28} aria-hidden />}
            title={t('view.notFound')}
            description={t('view.notFoundText')}
          />
        )}
        {file.isError && !notFound && (
          <QueryError
            title={t('view.loadFailed')}
            error={file.error}
            onRetry={() => void file.refetch()}
          />
        )}
        {file.isSuccess && (
          <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
            <Stack gap="sm">
              {extension && (
                <Group>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={18} aria-hidden />}
                    onClick={() => saveBlob(file.data, known?.filename ?? `${title}.${extension}`)}
                  >
                    {t('view.download')}
                  </Button>
                </Group>
              )}
              <FileView blob={file.data} title={title} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </AreaPage>
  );
}

export const PatientReportViewPage = () => <ReportViewPage area="patient" />;
export const DoctorReportViewPage = () => <ReportViewPage area="doctor" />;
