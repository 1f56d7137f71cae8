import { Text } from '@mantine/core';
import type { AdherenceFigure } from '@tend/shared';
import { dosesInWords, percentInWords } from '../../../lib/adherence-words';

/** "5 of 7 doses" over "71%", or "No doses due". */
export function AdherenceFigureText({ figure }: { figure: AdherenceFigure }) {
  const percent = percentInWords(figure);
  if (percent === null) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        No doses due
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dosesInWords(figure)}
      </Text>
      <Text size="sm" fw={700}>
        {percent}
      </Text>
    </div>
  );
}
