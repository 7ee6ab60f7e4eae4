// A project's environments and maintenance mode in memory, behind the API the environments feature
// calls; every call is recorded so tests can say which requests were (not) sent.
import { ApiError } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import type { EnvironmentsApi } from '../../src/environments/api';
import type { Project } from '../../src/projects/project';

export function environment(id: string, meta: Record<string, unknown> = {}): Resource<'environment'> {
  return {
    id,
    type: 'environment',
    attributes: {},
    relationships: {},
    meta: { status: 'ready', primary: false, forked_from: null, read_only_mode: false, ...meta },
  };
}

export function editingError(path: string): ApiError {
  return new ApiError({ status: 422, method: 'PUT', path, errors: [{ code: 'ACTIVE_EDITING_SESSIONS', details: {}, transient: false }] });
}

export class FakeEnvironments {
  readonly calls: string[] = [];
  readonly environments: Resource<'environment'>[];
  maintenance = false;
  /** how many looks at a new fork answer "creating" before it is ready */
  creatingLooks = 0;
  /** the next writes that fail with ACTIVE_EDITING_SESSIONS unless forced */
  editing = false;

  constructor(ids: string[] = ['main', 'sandbox']) {
    this.environments = ids.map((id, index) => environment(id, index === 0 ? { primary: true } : { forked_from: ids[0] }));
  }

  /** the calls that write (everything but reads) */
  writes(): string[] {
    return this.calls.filter((call) => !/^(list|find|maintenance find)/.test(call));
  }

  readonly api: EnvironmentsApi = {
    environments: {
      list: async () => {
        this.calls.push('list');
        return this.environments.map((e) => structuredClone(e));
      },
      find: async (id) => {
        this.calls.push(`find ${id}`);
        const found = this.get(id);
        if (found.meta['status'] === 'creating' && this.creatingLooks-- <= 0)
          found.meta = { ...found.meta, status: 'ready', fork_completion_percentage: undefined };
        return structuredClone(found);
      },
      fork: async (source, id, options, o) => {
        this.calls.push(`fork ${source} ${id} ${JSON.stringify(options)}`);
        if (options.fast && this.editing && !options.force) throw editingError(`/environments/${source}/fork`);
        o?.onJob?.('41');
        const created = environment(id, {
          forked_from: source,
          status: this.creatingLooks > 0 ? 'creating' : 'ready',
          fork_completion_percentage: 10,
        });
        this.environments.push(created);
        return structuredClone(created);
      },
      promote: async (id) => {
        this.calls.push(`promote ${id}`);
        for (const e of this.environments) e.meta = { ...e.meta, primary: e.id === id };
        return structuredClone(this.get(id));
      },
      rename: async (id, newId) => {
        this.calls.push(`rename ${id} ${newId}`);
        this.get(id).id = newId;
        return structuredClone(this.get(newId));
      },
      destroy: async (id, o) => {
        this.calls.push(`destroy ${id}`);
        o?.onJob?.('42');
        this.environments.splice(this.environments.indexOf(this.get(id)), 1);
        return undefined;
      },
    },
    maintenanceMode: {
      find: async () => {
        this.calls.push('maintenance find');
        return this.maintenanceMode();
      },
      activate: async (options) => {
        this.calls.push(`maintenance activate ${JSON.stringify(options)}`);
        if (this.editing && !options.force) throw editingError('/maintenance-mode/activate');
        this.maintenance = true;
        return this.maintenanceMode();
      },
      deactivate: async () => {
        this.calls.push('maintenance deactivate');
        this.maintenance = false;
        return this.maintenanceMode();
      },
    },
  };

  private get(id: string): Resource<'environment'> {
    const found = this.environments.find((e) => e.id === id);
    if (!found)
      throw new ApiError({
        status: 404,
        method: 'GET',
        path: `/environments/${id}`,
        errors: [{ code: 'NOT_FOUND', details: {}, transient: false }],
      });
    return found;
  }

  private maintenanceMode(): Resource<'maintenance_mode'> {
    return { id: 'maintenance_mode', type: 'maintenance_mode', attributes: { active: this.maintenance }, relationships: {}, meta: {} };
  }
}

export const PROJECT: Project = {
  key: 'bistro',
  siteId: '1',
  name: 'Bistro',
  baseUrl: 'https://site-api.datocms.com',
  internalDomain: 'bistro.admin.datocms.com',
  primaryEnvironment: 'main',
};
