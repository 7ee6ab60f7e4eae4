// The CMA calls the environments feature makes: the project's environments and its maintenance mode.
// Both are project-level: they go through a client without an environment header.
import type { CallOptions, JobCallOptions } from '../cma';
import type { Resource } from '../cma';

export interface EnvironmentsApi {
  environments: {
    list(o?: CallOptions): Promise<Resource<'environment'>[]>;
    find(id: string, o?: CallOptions): Promise<Resource<'environment'>>;
    /** an async job on DatoCMS (or the pending environment): resolves with the new environment */
    fork(
      sourceId: string,
      newId: string,
      options: { fast?: boolean; force?: boolean },
      o?: JobCallOptions,
    ): Promise<Resource<'environment'>>;
    promote(id: string): Promise<Resource<'environment'>>;
    rename(id: string, newId: string): Promise<Resource<'environment'>>;
    destroy(id: string, o?: JobCallOptions): Promise<unknown>;
  };
  maintenanceMode: {
    find(o?: CallOptions): Promise<Resource<'maintenance_mode'>>;
    activate(options: { force?: boolean }): Promise<Resource<'maintenance_mode'>>;
    deactivate(): Promise<Resource<'maintenance_mode'>>;
  };
}

/** The code DatoCMS answers when collaborators are editing records (maintenance mode, a fast fork); `force` goes ahead. */
export const ACTIVE_EDITING_SESSIONS = 'ACTIVE_EDITING_SESSIONS';

export function isPrimary(environment: Resource<'environment'>): boolean {
  return environment.meta['primary'] === true;
}

export function statusOf(environment: Resource<'environment'>): string {
  return typeof environment.meta['status'] === 'string' ? environment.meta['status'] : 'ready';
}
