// The emulated project as the "New …" commands' pickers see it: the deps they take (a scripted window, one signed-in
// project in its primary environment) and how many writes reached the emulator (the commands themselves send none).
import type { PickerDeps } from '../../src/projects/pickers';
import type { Project } from '../../src/projects/project';
import { ProjectData } from '../../src/projects/projectData';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator';
import { useEmulator, type UseEmulatorOptions } from '../support/emulator';
import type { ScriptedUi } from '../platform/scriptedUi';

export function usePickerWorld(options: UseEmulatorOptions) {
  const project = { key: 'emulated-bistro', name: 'Emulated Bistro' } as Project;
  let emulator: Emulator | undefined;
  let data: ProjectData | undefined;
  useEmulator(options, (started) => {
    emulator = started.emulator;
    data = new ProjectData(started.client);
  });
  return {
    project,
    /** The project's data, there from `before` on. */
    data: () => data!,
    emulator: () => emulator!,
    deps: (ui: ScriptedUi): PickerDeps => ({
      ui,
      t: formatMessage,
      registry: { list: () => [project], environmentOf: () => 'main', data: async () => data! },
    }),
    writes: () => emulator!.requests.filter((r) => r.method !== 'GET').length,
  };
}
