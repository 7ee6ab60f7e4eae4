// What the extension knows about a signed-in project, without any vscode dependency so that
// the tree model and command logic can be tested in plain Node.
import type { ProjectData } from './projectData';

export { NotSignedInError } from '../platform/errors';

export interface Project {
  /** URI-safe slug: first label of site.internal_domain, else the site id. */
  key: string;
  siteId: string;
  name: string;
  baseUrl: string;
  internalDomain: string | null;
  /** id of the primary environment when it was known at sign-in (its name is not always "main") */
  primaryEnvironment?: string;
}

/** The part of the registry the tree and the commands need; the registry implements it. */
export interface ProjectSource {
  list(): Project[];
  get(key: string): Project | undefined;
  environmentOf(key: string): string;
  data(key: string, environment?: string): Promise<ProjectData>;
}
