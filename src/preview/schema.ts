// The schema a preview reads, taken at once from the project's cached data (one answer holds every model, field
// and fieldset: no request once the document is open), so each render is synchronous.
import type { Resource } from '../cma';
import { Model, Site } from '../domain/views';
import type { ProjectData } from '../projects/projectData';

export interface PreviewSchema {
  locales: string[];
  imgixHost: string | undefined;
  model(id: string): Resource<'item_type'> | undefined;
  fields(modelId: string): Resource<'field'>[];
  fieldsets(modelId: string): Resource<'fieldset'>[];
  modelName(id: string): string | undefined;
}

export async function loadSchema(data: ProjectData): Promise<PreviewSchema> {
  const [site, itemTypes] = await Promise.all([data.site(), data.itemTypes()]);
  const fields = new Map(await Promise.all(itemTypes.map(async (m) => [m.id, await data.fields(m.id)] as const)));
  const fieldsets = new Map(await Promise.all(itemTypes.map(async (m) => [m.id, await data.fieldsets(m.id)] as const)));
  const byId = new Map(itemTypes.map((m) => [m.id, m]));
  return schemaOf(site, byId, fields, fieldsets);
}

export function schemaOf(
  site: Resource<'site'>,
  models: Map<string, Resource<'item_type'>>,
  fields: Map<string, Resource<'field'>[]>,
  fieldsets: Map<string, Resource<'fieldset'>[]>,
): PreviewSchema {
  return {
    locales: Site.locales(site),
    imgixHost: Site.imgixHost(site),
    model: (id) => models.get(id),
    fields: (modelId) => fields.get(modelId) ?? [],
    fieldsets: (modelId) => fieldsets.get(modelId) ?? [],
    modelName: (id) => {
      const model = models.get(id);
      return model && Model.name(model);
    },
  };
}
