// What Generate Types remembers per workspace: for each project, the file the user chose and the
// environment it was generated from. Shared by the activation bundle and the lazily loaded feature.

/** The workspace-state key of a project's types file. */
export const typesFileKey = (projectKey: string) => `datocms.typesFile.${projectKey}`;

export interface TypesFile {
  path: string;
  environment: string;
}
