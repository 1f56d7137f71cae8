import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { useMe } from '../../../lib/me';
import { useReports } from '../api/list-reports';
import { useReportsT } from '../i18n';
import { dateFormatter, reportViewPath, typeLabel, uploadedByWords } from './report-format';
import { PlainList } from '../../../components/plain-list';

/** How many the dashboard shows; the Medical Report page has them all. */
const RECENT_COUNT = 5;
const PAGE_PATH = '/patient/medical-report';

/** The patient dashboard's Medical Records tab: the newest reports, and the way to all of them. */
export function RecentReports() {
  const { t } = useReportsT();
  const reports = useReports(null, RECENT_COUNT);
  const me = useMe();
  const date = dateFormatter(me.data?.timezone);
  const shown = reports.data?.slice(0, RECENT_COUNT) ?? [];

  if (reports.isPending) return <Loader aria-label={t('recent.loading')} />;
  if (reports.isError) {
    return (
      <QueryError
        title={t('recent.loadFailed')}
        error={reports.error}
        onRetry={() => void reports.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      {shown.length === 0 ? (
        <Text>{t('recent.none')}</Text>
      ) : (
        <PlainList gap="sm" aria-label={t('recent.latest')}>
          {shown.map((report) => (
            <Group component="li" key={report._id} gap="sm" wrap="nowrap" align="flex-start">
              <IconFileText size={22} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={reportViewPath('patient', report._id)}
                  state={{ report }}
                  fw={600}
                  c="tend.8"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {report.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {`${typeLabel(t, report.contenttype)} · ${uploadedByWords(t, report, me.data?._id)} · ${date.format(new Date(report.createdAt))}`}
                </Text>
              </div>
            </Group>
          ))}
        </PlainList>
      )}
      <Group>
        <Button component={Link} to={PAGE_PATH} variant="default">
          {shown.length === 0 ? t('recent.upload') : t('recent.all')}
        </Button>
      </Group>
    </Stack>
  );
}
