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

/** Which camera and microphone to use; a change swaps the device in the running call. */
export function DeviceSelects({ call }: Props) {
  const { t } = useVisitsT();
  const { devices, chosen } = call;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NativeSelect
        label={t('devices.camera')}
        data={options(
          devices.cameras,
          chosen.camera,
          (n) => t('devices.cameraN', { n }),
          t('devices.inUse'),
        )}
        value={chosen.camera ?? ''}
        disabled={!chosen.camera}
        description={chosen.camera ? undefined : t('devices.noCamera')}
        onChange={(event) => void call.chooseDevice('video', event.currentTarget.value)}
      />
      <NativeSelect
        label={t('devices.microphone')}
        data={options(
          devices.microphones,
          chosen.microphone,
          (n) => t('devices.microphoneN', { n }),
          t('devices.inUse'),
        )}
        value={chosen.microphone ?? ''}
        disabled={!chosen.microphone}
        description={chosen.microphone ? undefined : t('devices.noMicrophone')}
        onChange={(event) => void call.chooseDevice('audio', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
