import { Badge, Button, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type MeasurementCategory,
  type MeasurementKind,
  type MeasurementSummary,
} from '@tend/shared';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import { useMeasurementSummary } from '../api/summary';
import { numberFormat } from '../../../i18n/format';
import { useMeasurementsT } from '../i18n';
import {
  TONE_COLORS,
  categoryLabel,
  kindInSentence,
  kindLabel,
  readingParts,
  takenAtInWords,
} from './measurement-words';
import { useUnitSystem } from './use-unit-system';
import { targetsInWords } from './target-words';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  /** Opens "Record a reading" with this kind chosen (a tile without data offers it). */
  onRecord: (kind: MeasurementKind) => void;
  headingOrder?: 2 | 3;
};

type Kind = MeasurementSummary['kinds'][number];
const TILE_KINDS = ['bloodpressure', 'heartrate', 'glucose'] as const;

function CategoryBadge({
  category,
  kind,
}: {
  category: MeasurementCategory;
  /** What the category bands, for its words: 'bmi' or the reading's kind. */
  kind: MeasurementKind | 'bmi';
}) {
  const { t } = useMeasurementsT();
  const { bg, fg } = TONE_COLORS[category.tone];
  return (
    <Badge
      color={bg}
      c={fg}
      size="lg"
      radius="sm"
      tt="none"
      h="auto"
      py={4}
      maw="100%"
      // The words are the point: they wrap rather than being cut to an ellipsis.
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left' } }}
    >
      {categoryLabel(t, kind, category)}
    </Badge>
  );
}

function Tile({
  title,
  headingOrder,
  tone,
  children,
}: {
  title: string;
  headingOrder: 3 | 4;
  tone: MeasurementCategory['tone'] | null;
  children: ReactNode;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      miw={0}
      style={{
        borderLeft: `6px solid ${tone ? `var(--mantine-color-${TONE_COLORS[tone].bg.replace('.', '-')})` : 'var(--mantine-color-gray-3)'}`,
      }}
    >
      <Stack gap={6} align="flex-start">
        <Title order={headingOrder} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function NoReading({ words, action }: { words: string; action: ReactNode }) {
  return (
    <>
      <Text c="dimmed">{words}</Text>
      {action}
    </>
  );
}

/**
 * Graph Status (SPEC, the patient's dashboard): BMI, blood pressure, heart rate and glucose, each the
 * latest value with its category in words and colour; a tile without data says so and offers
 * recording one.
 */
export function GraphStatusTiles({ patientId, onRecord, headingOrder = 2 }: Props) {
  const { t } = useMeasurementsT();
  const summary = useMeasurementSummary(patientId);
  const system = useUnitSystem();
  const tileOrder = (headingOrder + 1) as 3 | 4;
  if (summary.isPending) return <Loader aria-label={t('tiles.loading')} />;
  if (summary.isError) {
    return (
      <QueryError
        title={t('tiles.loadFailed')}
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const { bmi, kinds } = summary.data;
  const latestOf = (kind: MeasurementKind) => kinds.find((k) => k.kind === kind);
  const recordButton = (
    kind: MeasurementKind,
    label = t('tiles.record', { kind: kindInSentence(t, kind) }),
  ) => (
    <Button
      size="xs"
      variant="light"
      h="auto"
      py={6}
      maw="100%"
      // A long label ("Registrar frecuencia cardiaca") wraps inside the tile rather than running out.
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      onClick={() => onRecord(kind)}
    >
      {label}
    </Button>
  );
  const hasWeight = latestOf('weight')?.latest != null;

  const kindTile = (kind: Kind | undefined, name: MeasurementKind) => {
    const latest = kind?.latest;
    return (
      <Tile
        key={name}
        title={kindLabel(t, name)}
        headingOrder={tileOrder}
        tone={kind?.category?.tone ?? null}
      >
        {latest ? (
          <>
            <Text fz={26} fw={700} lh={1.2}>
              {readingParts(t, name, latest.value, system).number}
              <Text span fz="sm" fw={600} c="dimmed">
                {` ${readingParts(t, name, latest.value, system).unit}`}
              </Text>
            </Text>
            {kind.category && <CategoryBadge category={kind.category} kind={name} />}
            <Text size="sm" c="dimmed">
              {t('tiles.measured', { when: takenAtInWords(latest.takenat) })}
            </Text>
            {targetsInWords(t, kind.targets, name, system).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </>
        ) : (
          <NoReading words={t('tiles.noReading')} action={recordButton(name)} />
        )}
      </Tile>
    );
  };

  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, xl: 4 }}
      spacing="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      <Tile title={t('tiles.bmi')} headingOrder={tileOrder} tone={bmi?.category.tone ?? null}>
        {bmi ? (
          <>
            <Text fz={26} fw={700} lh={1.2}>
              {numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
                bmi.value,
              )}
            </Text>
            <CategoryBadge category={bmi.category} kind="bmi" />
            <Text size="sm" c="dimmed">
              {t('tiles.bmiFrom')}
            </Text>
          </>
        ) : (
          <NoReading
            words={t('tiles.bmiNeeds')}
            action={hasWeight ? recordButton('height') : recordButton('weight')}
          />
        )}
      </Tile>
      {TILE_KINDS.map((name) => kindTile(latestOf(name), name))}
    </SimpleGrid>
  );
}
