// THE table of agent tools: each name as package.json's `languageModelTools` declares it, its input keys, what it
// does, and what the chat shows while it runs. A new tool is one row here and one entry in package.json; a test
// checks the two agree both ways. No vscode import.
import { findRecords, FIND_KEYS } from './findRecords';
import { findUsages, FIND_USAGES_KEYS } from './findUsages';
import { getDocument, GET_KEYS } from './getDocument';
import { InputReader } from './inputs';
import { ToolRefusal } from './output';
import { describeProposal, proposeEdit, proposeNew, PROPOSE_EDIT_KEYS, PROPOSE_NEW_KEYS } from './propose';
import { runGraphql, RUN_GRAPHQL_KEYS } from './runGraphql';
import { getSchema, SCHEMA_KEYS } from './schemaTool';
import { toolCall, type ToolCall, type ToolDeps } from './toolKit';
import { validateDocument, VALIDATE_KEYS } from './validate';
import { quoted } from './output';
import type { Translate } from '../platform/translate';

export interface ToolRow {
  keys: readonly string[];
  run(call: ToolCall): Promise<string>;
  /** the progress message while it runs (it reads nothing from DatoCMS) */
  running(call: ToolCall): Promise<string>;
}

/** A progress message naming the call's project and environment (`say` is given them as one phrase). */
const inPlace =
  (say: (t: Translate, where: string) => string) =>
  async (call: ToolCall): Promise<string> => {
    const place = await call.place();
    return say(call.t, call.t('{0}, environment {1}', quoted(place.name), place.environment));
  };

export const TOOLS = {
  datocms_get_schema: { keys: SCHEMA_KEYS, run: getSchema, running: inPlace((t, w) => t('Reading the DatoCMS schema of {0}', w)) },
  datocms_find_records: { keys: FIND_KEYS, run: findRecords, running: inPlace((t, w) => t('Finding DatoCMS records in {0}', w)) },
  datocms_get_document: { keys: GET_KEYS, run: getDocument, running: inPlace((t, w) => t('Reading a DatoCMS document in {0}', w)) },
  datocms_validate_document: {
    keys: VALIDATE_KEYS,
    run: validateDocument,
    running: inPlace((t, w) => t('Checking a proposed DatoCMS document for {0}', w)),
  },
  datocms_propose_edit: { keys: PROPOSE_EDIT_KEYS, run: proposeEdit, running: (call) => describeProposal(call, true) },
  datocms_propose_new: { keys: PROPOSE_NEW_KEYS, run: proposeNew, running: (call) => describeProposal(call, false) },
  datocms_run_graphql: {
    keys: RUN_GRAPHQL_KEYS,
    run: runGraphql,
    running: inPlace((t, w) => t('Running a GraphQL query on the Content Delivery API of {0}', w)),
  },
  datocms_find_usages: {
    keys: FIND_USAGES_KEYS,
    run: findUsages,
    running: inPlace((t, w) => t("Looking for GraphQL that reads a DatoCMS model or field in the workspace's code ({0})", w)),
  },
} satisfies Record<string, ToolRow>;

type ToolName = keyof typeof TOOLS;

const isToolName = (name: string): name is ToolName => Object.prototype.hasOwnProperty.call(TOOLS, name);

/** Runs a tool: its answer, with the project's secrets removed should any have slipped in; a refusal throws. */
export async function runTool(deps: ToolDeps, name: string, input: unknown): Promise<string> {
  const row = rowOf(deps, name);
  const call = toolCall(name, InputReader.of(input, name, row.keys, deps.t), deps);
  try {
    return deps.scrubSecrets(await row.run(call));
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const message = deps.scrubSecrets(error.message);
    if (message === error.message) throw error;
    throw error instanceof ToolRefusal ? new ToolRefusal(message) : new Error(message);
  }
}

/** The progress message of a call; a generic one when its input or place is not usable (the call then says why). */
export async function runningMessage(deps: ToolDeps, name: string, input: unknown): Promise<string> {
  const row = rowOf(deps, name);
  try {
    return await row.running(toolCall(name, InputReader.of(input, name, row.keys, deps.t), deps));
  } catch {
    return deps.t('Running {0}', name);
  }
}

function rowOf(deps: ToolDeps, name: string): ToolRow {
  if (!isToolName(name)) throw new ToolRefusal(deps.t('DatoCMS Explorer has no tool named {0}.', quoted(name)));
  return TOOLS[name];
}
