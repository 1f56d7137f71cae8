import { Button, Group, Table, Text } from '@mantine/core';
import type { Medication } from '@tend/shared';
import type { TFunction } from 'i18next';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FactList } from '../../../components/fact-list';
import { CardTitle, ResponsiveTable, RowHeading } from '../../../components/responsive-table';
import { useMedicationsT } from '../i18n';
import { numericDate } from './dates';

type Props = {
  medications: Medication[];
  onDelete: (medication: Medication) => void;
};

const endText = (medication: Medication, t: TFunction) =>
  medication.enddate ? numericDate(medication.enddate) : t('shared.ongoing');

const orNone = (value: string | null, t: TFunction) =>
  value ?? (
    <Text span inherit c="dimmed">
      {t('shared.none')}
    </Text>
  );

/**
 * View, Edit and Delete, each named with the medication so a screen reader tells rows apart.
 * Icons only on the cards, where there is room for them.
 */
function RowActions({
  medication,
  onDelete,
  withIcons,
}: {
  medication: Medication;
  onDelete: () => void;
  withIcons: boolean;
}) {
  const { t } = useMedicationsT();
  const path = `/patient/medications/${encodeURIComponent(medication._id)}`;
  const icon = (Icon: typeof IconEye) => (withIcons ? <Icon size={16} aria-hidden /> : undefined);
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={path}
        size="compact-sm"
        variant="default"
        leftSection={icon(IconEye)}
        aria-label={t('table.viewNamed', { name: medication.name })}
      >
        {t('table.view')}
      </Button>
      <Button
        component={Link}
        to={`${path}/edit`}
        size="compact-sm"
        variant="default"
        leftSection={icon(IconPencil)}
        aria-label={t('shared.editNamed', { name: medication.name })}
      >
        {t('shared.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        leftSection={icon(IconTrash)}
        aria-label={t('table.deleteNamed', { name: medication.name })}
        onClick={onDelete}
      >
        {t('table.delete')}
      </Button>
    </Group>
  );
}

/**
 * The medication list: SPEC §2's table where there is room (dates as MM/dd/yyyy, SPEC §9), one
 * card per medication where there is not.
 */
export function MedicationTable({ medications, onDelete }: Props) {
  const { t } = useMedicationsT();
  return (
    <ResponsiveTable
      rows={medications}
      rowKey={(medication) => medication._id}
      minWidth={760}
      highlightOnHover
      headings={[
        t('fields.name'),
        t('fields.prescription'),
        t('fields.dosage'),
        { label: t('fields.timeOfDay'), nowrap: true },
        t('fields.start'),
        t('fields.end'),
        t('fields.actions'),
      ]}
      cells={(medication) => (
        <>
          <RowHeading miw={120} wrap="break-word">
            {medication.name}
          </RowHeading>
          <Table.Td maw={220}>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {orNone(medication.description, t)}
            </Text>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{orNone(medication.dosage, t)}</Table.Td>
          <Table.Td>{t(`timeOfDay.${medication.timefrequency}`)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{numericDate(medication.startdate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{endText(medication, t)}</Table.Td>
          <Table.Td>
            <RowActions
              medication={medication}
              onDelete={() => onDelete(medication)}
              withIcons={false}
            />
          </Table.Td>
        </>
      )}
      card={(medication) => (
        <>
          <CardTitle order={2} size="h4">
            {medication.name}
          </CardTitle>
          <FactList
            labelWidth={120}
            gap={6}
            mb="md"
            facts={[
              [t('fields.prescription'), orNone(medication.description, t)],
              [t('fields.dosage'), orNone(medication.dosage, t)],
              [t('fields.timeOfDay'), t(`timeOfDay.${medication.timefrequency}`)],
              [t('fields.start'), numericDate(medication.startdate)],
              [t('fields.end'), endText(medication, t)],
            ]}
          />
          <RowActions medication={medication} onDelete={() => onDelete(medication)} withIcons />
        </>
      )}
    />
  );
}
