import { medicationAtTime } from '../../../lib/time-of-day';
import { Table, Text } from '@mantine/core';
import type { Medication } from '@tend/shared';
import type { TFunction } from 'i18next';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { FactList } from '../../../components/fact-list';
import { CardTitle, ResponsiveTable, RowHeading } from '../../../components/responsive-table';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { useOwnPages } from '../../../lib/acting-for';
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

/** View, Edit and Delete, each named with the medication. */
function rowActions(
  medication: Medication,
  onDelete: () => void,
  t: TFunction,
  own: boolean,
): RowAction[] {
  const path = `/patient/medications/${encodeURIComponent(medication._id)}`;
  // Named with its time of day: the rows of one medicine taken at several times differ by it.
  const name = medicationAtTime(medication);
  const view = {
    text: t('table.view'),
    label: t('table.viewNamed', { name }),
    icon: IconEye,
    to: path,
  };
  // A caregiver sees the list; changing it stays the patient's.
  if (!own) return [view];
  return [
    view,
    {
      text: t('shared.edit'),
      label: t('shared.editNamed', { name }),
      icon: IconPencil,
      to: `${path}/edit`,
    },
    {
      text: t('table.delete'),
      label: t('table.deleteNamed', { name }),
      icon: IconTrash,
      danger: true,
      onClick: onDelete,
    },
  ];
}

/**
 * The medication list: SPEC §2's table where there is room (dates as MM/dd/yyyy, SPEC §9), one
 * card per medication where there is not.
 */
export function MedicationTable({ medications, onDelete }: Props) {
  const { t } = useMedicationsT();
  const own = useOwnPages();
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
              actions={rowActions(medication, () => onDelete(medication), t, own)}
              withIcons={false}
            />
          </Table.Td>
        </>
      )}
      card={(medication) => (
        <>
          <CardTitle order={2} size="h4">
            {medicationAtTime(medication)}
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
          <RowActions
            actions={rowActions(medication, () => onDelete(medication), t, own)}
            withIcons
          />
        </>
      )}
    />
  );
}
