import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { DeviceChoice } from '../call/local-media';
import type { VisitCallState } from '../call/use-visit-call';

type Props = { call: VisitCallState };

function options(devices: DeviceChoice[], chosen: string | null) {
  const list = devices.map((d) => ({ value: d.id, label: d.label }));
  // The browser may not list the device in use under its id (a default alias): keep it choosable.
  if (chosen && !list.some((o) => o.value === chosen))
    list.unshift({ value: chosen, label: 'In use now' });
  return list;
}

/** Which camera and microphone to use; a change swaps the device in the running call. */
export function DeviceSelects({ call }: Props) {
  const { devices, chosen } = call;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NativeSelect
        label="Camera"
        data={options(devices.cameras, chosen.camera)}
        value={chosen.camera ?? ''}
        disabled={!chosen.camera}
        description={chosen.camera ? undefined : 'No camera in use'}
        onChange={(event) => void call.chooseDevice('video', event.currentTarget.value)}
      />
      <NativeSelect
        label="Microphone"
        data={options(devices.microphones, chosen.microphone)}
        value={chosen.microphone ?? ''}
        disabled={!chosen.microphone}
        description={chosen.microphone ? undefined : 'No microphone in use'}
        onChange={(event) => void call.chooseDevice('audio', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
