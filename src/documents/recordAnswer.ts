// The record a save leaves behind, as the document shows it (blocks expanded). A record update answers with the
// record as saved but its blocks as ids, and takes no `nested` parameter. When the save sent no block field the
// answer is enough: the PUT carried the basis's version, so DatoCMS refused it unless the record was exactly the
// basis, and every field not sent still holds what the basis holds, blocks included. Otherwise the record is read
// again with its blocks expanded. No vscode import.
import type { Resource, UpdateBody } from '../cma';
import { Field } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import type { SchemaContext } from '../schema';
import { relationshipId } from '../domain/resources';

const BLOCK_FIELD_TYPES = new Set(['rich_text', 'single_block', 'structured_text']);

/** `answer` (the PUT's) with the basis's expanded blocks, or the record read again when the save changed blocks. */
export async function savedRecord(
  data: ProjectData,
  answer: Resource,
  body: UpdateBody,
  basis: Resource,
  ctx: SchemaContext,
): Promise<Resource> {
  const fields = ctx.fieldsOf(String(relationshipId(basis, 'item_type') ?? ''));
  const version = body.data.meta?.['current_version'];
  if (fields && typeof version === 'string' && version === basis.meta['current_version']) {
    const blockFields = fields.filter((f) => BLOCK_FIELD_TYPES.has(Field.type(f))).map((f) => Field.apiKey(f));
    const sent = Object.keys(body.data.attributes ?? {});
    if (!blockFields.some((key) => sent.includes(key))) {
      const attributes = { ...answer.attributes };
      for (const key of blockFields) if (key in basis.attributes) attributes[key] = basis.attributes[key];
      return { ...answer, attributes };
    }
  }
  try {
    return await data.client.items.find(answer.id, { nested: true });
  } catch {
    // Saved, but the expanded record could not be read: keep the text's blocks, with the new version.
    return { ...basis, meta: { ...basis.meta, ...answer.meta } };
  }
}
