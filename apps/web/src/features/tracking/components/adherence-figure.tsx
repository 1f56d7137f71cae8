import { Text } from '@mantine/core';
import type { AdherenceFigure } from '@tend/shared';
import { useTrackingT } from '../i18n';
import { dosesInWords, percentInWords } from './tracking-words';

/** "5 of 7 doses" over "71%", or "No doses due". */
export function AdherenceFigureText({ figure }: { figure: AdherenceFigure }) {
  const { t } = useTrackingT();
  const percent = percentInWords(figure);
  if (percent === null) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('adherence.noneDue')}
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dosesInWords(t, figure)}
      </Text>
      <Text size="sm" fw={700}>
        {percent}
      </Text>
    </div>
  );
}
