import { Anchor, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPrescription } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { QueryError } from '../../../components/query-error';
import { fullName } from '../../../lib/me';
import { getUserType } from '../../../lib/session';
import { useVisit } from '../api/get-visit';
import { VisitRoom } from '../components/visit-room';
import { useVisitsT } from '../i18n';
import { dateTimeFormat } from '../../../i18n/format';

const timeText = (instant: string) =>
  dateTimeFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(instant));

/**
 * Issue 20: the doctor prescribes for the visit's patient. The form opens in a new tab so the call
 * goes on here; that page says in words if the patient does not share with this doctor.
 */
function PrescribeLink({ patientId, name }: { patientId: string; name: string }) {
  const { t } = useVisitsT();
  return (
    <Group>
      <Button
        component="a"
        href={`/doctor/tracking-medication?patient=${encodeURIComponent(patientId)}&prescribe=1`}
        target="_blank"
        rel="noopener"
        variant="default"
        leftSection={<IconPrescription size={18} aria-hidden />}
        rightSection={<IconExternalLink size={16} aria-hidden />}
        aria-label={t('page.prescribeLabel', { name })}
      >
        {t('page.prescribe', { name })}
      </Button>
    </Group>
  );
}

/** /visit/:roomId — the video visit of an online appointment, for its patient and its doctor. */
export function VisitPage() {
  const { t } = useVisitsT();
  const { roomId = '' } = useParams();
  const visit = useVisit(roomId);
  const backTo = getUserType() === 'doctor' ? '/doctor/appointments' : '/patient';
  const data = visit.data;
  const otherName = data
    ? data.role === 'patient'
      ? t('page.doctorName', { name: fullName(data.other) })
      : fullName(data.other)
    : '';

  return (
    <Box mih="100dvh" bg="gray.0">
      <title>{data ? t('page.titleWith', { name: otherName }) : t('page.title')}</title>
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={backTo} aria-label={t('page.home')}>
              <BrandLogo />
            </Anchor>
            <Anchor component={Link} to={backTo} size="sm">
              {t('page.back')}
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="lg" py="lg">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                {data ? t('page.headingWith', { name: otherName }) : t('page.heading')}
              </Title>
              {data && (
                <Text c="dimmed" size="sm">
                  {t('page.openUntil', { time: timeText(data.closesat) })}
                </Text>
              )}
            </Stack>
            {data?.role === 'doctor' && (
              <PrescribeLink patientId={data.other._id} name={otherName} />
            )}
            {visit.isPending && (
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden />
                <Text>{t('page.opening')}</Text>
              </Group>
            )}
            {visit.isError && (
              <QueryError
                title={t('page.cannotJoin')}
                error={visit.error}
                onRetry={() => void visit.refetch()}
              />
            )}
            {data && <VisitRoom visit={data} otherName={otherName} backTo={backTo} />}
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
