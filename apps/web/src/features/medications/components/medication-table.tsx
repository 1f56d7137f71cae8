import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatUsDate, type Medication } from '@tend/shared';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FactList } from '../../../components/fact-list';
import { TIME_OF_DAY_LABELS } from '../../../lib/time-of-day';

type Props = {
  medications: Medication[];
  onDelete: (medication: Medication) => void;
};

const endText = (medication: Medication) =>
  medication.enddate ? formatUsDate(medication.enddate) : 'Ongoing';

const orNone = (value: string | null) =>
  value ?? (
    <Text span inherit c="dimmed">
      None
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
        aria-label={`View ${medication.name}`}
      >
        View
      </Button>
      <Button
        component={Link}
        to={`${path}/edit`}
        size="compact-sm"
        variant="default"
        leftSection={icon(IconPencil)}
        aria-label={`Edit ${medication.name}`}
      >
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        leftSection={icon(IconTrash)}
        aria-label={`Delete ${medication.name}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </Group>
  );
}

/** Wide screens: SPEC §2's table, dates as MM/dd/yyyy (SPEC §9). */
function WideTable({ medications, onDelete }: Props) {
  return (
    <Paper withBorder radius="lg" visibleFrom="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Prescription</Table.Th>
              <Table.Th scope="col">Dosage</Table.Th>
              <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                Time of day
              </Table.Th>
              <Table.Th scope="col">Start</Table.Th>
              <Table.Th scope="col">End</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {medications.map((medication) => (
              <Table.Tr key={medication._id}>
                <Table.Th scope="row" fw={600} miw={120} style={{ overflowWrap: 'break-word' }}>
                  {medication.name}
                </Table.Th>
                <Table.Td maw={220}>
                  <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {orNone(medication.description)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {orNone(medication.dosage)}
                </Table.Td>
                <Table.Td>{TIME_OF_DAY_LABELS[medication.timefrequency]}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatUsDate(medication.startdate)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{endText(medication)}</Table.Td>
                <Table.Td>
                  <RowActions
                    medication={medication}
                    onDelete={() => onDelete(medication)}
                    withIcons={false}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Phones and narrow tablets: the same facts as one card per medication. */
function Cards({ medications, onDelete }: Props) {
  return (
    <Stack gap="md" component="ul" m={0} p={0} hiddenFrom="md" style={{ listStyle: 'none' }}>
      {medications.map((medication) => (
        <Paper key={medication._id} component="li" withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="xs" style={{ overflowWrap: 'anywhere' }}>
            {medication.name}
          </Title>
          <FactList
            labelWidth={120}
            gap={6}
            mb="md"
            facts={[
              ['Prescription', orNone(medication.description)],
              ['Dosage', orNone(medication.dosage)],
              ['Time of day', TIME_OF_DAY_LABELS[medication.timefrequency]],
              ['Start', formatUsDate(medication.startdate)],
              ['End', endText(medication)],
            ]}
          />
          <RowActions medication={medication} onDelete={() => onDelete(medication)} withIcons />
        </Paper>
      ))}
    </Stack>
  );
}

/** The medication list: a table where there is room, cards where there is not. */
export function MedicationTable(props: Props) {
  return (
    <>
      <WideTable {...props} />
      <Cards {...props} />
    </>
  );
}
