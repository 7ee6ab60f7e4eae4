// Where the language features get what they read, none of it per keystroke: each document's analysis (once per
// version), the linked environment's schema (the shared cache: one introspection, then none), and the project's
// models and fields as GraphQL names (from the models the extension already has, rebuilt when they are read again).
// No vscode import.
import type { GraphQLSchema } from 'graphql';
import { DatoNames } from '../datoNames';
import type { GraphqlDeps } from '../deps';
import type { GraphqlKind } from '../embedded';
import type { CdaOptions, CdaTarget } from '../link';
import { analyse, type Analysis } from './analysis';
import type { Renames } from './fixes';

export interface SourceDocument {
  /** a key for the document (its URI as a string) */
  key: string;
  version: number;
  kind: GraphqlKind;
  getText(): string;
}

/** Documents analysed and kept at once (the open editors; a closed one is forgotten). */
const KEPT = 64;

export class LanguageSources {
  readonly #deps: Pick<GraphqlDeps, 'schemas' | 'data'> & Partial<Pick<GraphqlDeps, 'renames'>>;
  readonly #analyses = new Map<string, { version: number; analysis: Analysis }>();
  /** names per answer of the CMA (a new answer after a schema change makes new names) */
  readonly #names = new WeakMap<object, DatoNames>();
  /** the latest names per project and environment, to tell renames */
  readonly #latest = new Map<string, DatoNames>();

  constructor(deps: Pick<GraphqlDeps, 'schemas' | 'data'> & Partial<Pick<GraphqlDeps, 'renames'>>) {
    this.#deps = deps;
  }

  analysis(document: SourceDocument): Analysis {
    const kept = this.#analyses.get(document.key);
    if (kept?.version === document.version) return kept.analysis;
    const analysis = analyse(document.getText(), document.kind);
    this.#analyses.delete(document.key);
    this.#analyses.set(document.key, { version: document.version, analysis });
    if (this.#analyses.size > KEPT) this.#analyses.delete(this.#analyses.keys().next().value!);
    return analysis;
  }

  forget(key: string): void {
    this.#analyses.delete(key);
  }

  /** The schema if cached (no request), for what must answer at once. */
  peekSchema(link: CdaTarget & CdaOptions): GraphQLSchema | undefined {
    return this.#deps.schemas.peek(link, link);
  }

  /** The schema, introspected once if not cached yet. */
  async schema(link: CdaTarget & CdaOptions): Promise<GraphQLSchema> {
    return this.peekSchema(link) ?? (await this.#deps.schemas.entry(link, link)).schema;
  }

  /** The models and fields of a project's environment as GraphQL names; a field whose name changed since is a rename. */
  async names(target: CdaTarget): Promise<DatoNames> {
    const data = await this.#deps.data(target.project, target.environment);
    const context = await data.schemaContext();
    let names = this.#names.get(context.itemTypes);
    if (!names) {
      this.#names.set(context.itemTypes, (names = new DatoNames(context.itemTypes, context.fieldsOf)));
      const key = `${target.project}\n${target.environment}`;
      const before = this.#latest.get(key);
      if (before && this.#deps.renames) recordRenames(before, names, this.#deps.renames);
      this.#latest.set(key, names);
    }
    return names;
  }
}

/** The fields of `after` whose GraphQL name differs from the one the same field (by id) had in `before`. */
function recordRenames(before: DatoNames, after: DatoNames, renames: Renames): void {
  for (const model of before.models())
    for (const field of model.fields.values()) {
      const now = after.modelById(model.id)?.fields;
      const renamed = now && [...now.values()].find((f) => f.id === field.id);
      if (renamed && renamed.graphqlName !== field.graphqlName) renames.record(model.pascal, field.graphqlName, renamed.graphqlName);
    }
}
