// Test helper: the emulator as a signed-in project, through the same ProjectSource interface the
// registry gives the tree and the commands (no VS Code needed).
import { CmaClient } from '../../src/cma';
import type { Project, ProjectSource } from '../../src/projects/project';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator/index';

export const PROJECT_KEY = 'emulated-bistro';

export function emulatorProject(emulator: Emulator): Project {
  return {
    key: PROJECT_KEY,
    siteId: emulator.store.site.id,
    name: 'Emulated Bistro',
    baseUrl: emulator.url,
    internalDomain: 'emulated-bistro.admin.datocms.com',
    primaryEnvironment: 'main',
  };
}

/** A ProjectSource over the emulator with one ProjectData per environment, like the registry. */
export function emulatorProjects(emulator: Emulator, environment = 'main'): ProjectSource & { environment: string } {
  const project = emulatorProject(emulator);
  const client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } });
  const data = new Map<string, ProjectData>();
  const source: ProjectSource & { environment: string } = {
    environment,
    list: () => [project],
    get: (key: string) => (key === project.key ? project : undefined),
    environmentOf: () => source.environment,
    data: async (_key: string, env: string = source.environment) => {
      let d = data.get(env);
      if (!d) data.set(env, (d = new ProjectData(client.withEnvironment(env))));
      return d;
    },
  };
  return source;
}
