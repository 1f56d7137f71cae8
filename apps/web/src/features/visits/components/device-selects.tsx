import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { DeviceChoice } from '../call/local-media';
import type { VisitCallState } from '../call/use-visit-call';
import { useVisitsT } from '../i18n';

type Props = { call: VisitCallState };

/** The devices by the browser's names, or numbered ("Camera 2") when it gives none. */
function options(
  devices: DeviceChoice[],
  chosen: string | null,
  unnamed: (n: number) => string,
  inUse: string,
) {
  const list = devices.map((d, i) => ({ value: d.id, label: d.label || unnamed(i + 1) }));
  // The browser may not list the device in use under its id (a default alias): keep it choosable.
  if (chosen && !list.some((o) => o.value === chosen))
    list.unshift({ value: chosen, label: inUse });
  return list;
}

// Each device, with the kind of track it gives and where the browser lists them.
const DEVICES = {
  camera: { kind: 'video', list: 'cameras', none: 'devices.noCamera' },
  microphone: { kind: 'audio', list: 'microphones', none: 'devices.noMicrophone' },
} as const;

/** One device's choice; a change swaps it in the running call. */
function DeviceSelect({ call, device }: Props & { device: keyof typeof DEVICES }) {
  const { t } = useVisitsT();
  const { kind, list, none } = DEVICES[device];
  const chosen = call.chosen[device];
  return (
    <NativeSelect
      label={t(`devices.${device}`)}
      data={options(
        call.devices[list],
        chosen,
        (n) => t(`devices.${device}N`, { n }),
        t('devices.inUse'),
      )}
      value={chosen ?? ''}
      disabled={!chosen}
      description={chosen ? undefined : t(none)}
      onChange={(event) => void call.chooseDevice(kind, event.currentTarget.value)}
    />
  );
}

/** Which camera and microphone to use. */
export function DeviceSelects({ call }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <DeviceSelect call={call} device="camera" />
      <DeviceSelect call={call} device="microphone" />
    </SimpleGrid>
  );
}
