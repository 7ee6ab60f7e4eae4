// Every command, once: its id (as package.json declares it), what the user is told when it fails, whether it needs
// a signed-in project, and the handler it runs through one wrapper that reports failures one way (Context.report).
// Activation registers the ids; the table is built by the first command. A test checks it agrees with package.json.
import vscode = require('vscode');
import type { Context } from './context';
import * as documents from './documents';
import * as environments from './environments';
import * as mediaArea from './media';
import * as exporting from './export';
import * as navigation from './navigation';
import { NotSignedInError } from './platform/errors';
import * as projects from './projects';
import * as records from './records';
import * as schemaActions from './schemaActions';
import * as tree from './tree';

interface CommandRow {
  /** "Could not …": the start of the message when the command fails */
  failed: (t: Context['t']) => string;
  /** answered with "Sign in to a DatoCMS project first." when no project is signed in */
  needsProject: boolean;
  run: (ctx: Context, ...args: any[]) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- arguments come from menus, typed by each handler
}

type Rows = Record<string, CommandRow>;

const project = (failed: CommandRow['failed'], run: CommandRow['run']): CommandRow => ({ failed, needsProject: true, run });
const moveFailed: CommandRow['failed'] = (t) => t('Could not move the field');
const anytime = (failed: CommandRow['failed'], run: CommandRow['run']): CommandRow => ({ failed, needsProject: false, run });

// projects and environments
const projectRows = (): Rows => ({
  'datocms.signIn': anytime((t) => t('Could not sign in to DatoCMS'), projects.signIn),
  'datocms.signOut': project((t) => t('Could not sign out'), projects.signOut),
  'datocms.switchEnvironment': project((t) => t('Could not switch environment'), projects.switchEnvironment),
  'datocms.env.switch': project((t) => t('Could not switch environment'), environments.switchTo),
  'datocms.env.fork': project((t) => t('Could not fork the environment'), environments.fork),
  'datocms.env.promote': project((t) => t('Could not promote the environment'), environments.promote),
  'datocms.env.rename': project((t) => t('Could not rename the environment'), environments.rename),
  'datocms.env.delete': project((t) => t('Could not delete the environment'), environments.remove),
  'datocms.env.maintenanceOn': project((t) => t('Could not turn on maintenance mode'), environments.maintenanceOn),
  'datocms.env.maintenanceOff': project((t) => t('Could not turn off maintenance mode'), environments.maintenanceOff),
  'datocms.resetSchemaGuard': anytime((t) => t('Could not reset the schema change confirmations'), environments.resetSchemaGuard),
  'datocms.showLog': anytime(
    (t) => t('Could not show the log'),
    (ctx: Context) => ctx.log.show(),
  ),
});

// the tree
const treeRows = (): Rows => ({
  'datocms.refresh': anytime(
    (t) => t('Could not refresh'),
    (ctx: Context) => ctx.tree.refresh(),
  ),
  'datocms.refreshNode': anytime(
    (t) => t('Could not refresh'),
    (ctx: Context, node: tree.TreeNode) => ctx.tree.refresh(node),
  ),
  'datocms.loadMore': project((t) => t('Could not load more records'), tree.loadMore),
  'datocms.retry': anytime((t) => t('Could not retry'), tree.retry),
  'datocms.records.search': project((t) => t('Could not search records'), tree.searchRecords),
  'datocms.records.filter': project((t) => t('Could not filter records'), tree.filterRecords),
  'datocms.records.removeFilter': project((t) => t('Could not remove the filter condition'), tree.removeFilter),
  'datocms.records.orderBy': project((t) => t('Could not order records'), tree.orderRecords),
  'datocms.records.locale': project((t) => t('Could not choose a locale'), tree.chooseLocale),
  'datocms.records.version': project((t) => t('Could not choose a version'), tree.chooseVersion),
  'datocms.records.clearQuery': project((t) => t('Could not clear the query'), tree.clearQuery),
});

// finding and opening
const findingRows = (): Rows => ({
  'datocms.openRecordById': project((t) => t('Could not open the record'), navigation.openRecordById),
  'datocms.openFromUrl': project((t) => t('Could not open the DatoCMS address'), navigation.openFromUrl),
  'datocms.searchRecords': project((t) => t('Could not search records'), navigation.searchAndOpen),
  'datocms.revealInTree': project((t) => t('Could not reveal the document in the tree'), navigation.revealInTree),
  'datocms.copyId': project((t) => t('Could not copy the ID'), navigation.copyId),
  'datocms.copyApiKey': project((t) => t('Could not copy the api_key'), navigation.copyApiKey),
  'datocms.openInDatoCMS': project((t) => t('Could not open DatoCMS'), navigation.openInDatoCMS),
});

// documents
const documentRows = (): Rows => ({
  'datocms.documents.save': anytime((t) => t('Could not save to DatoCMS'), documents.saveDocument),
  'datocms.documents.compareWithRemote': anytime((t) => t('Could not compare with the DatoCMS version'), documents.compareWithRemote),
  'datocms.documents.overwriteRemote': anytime((t) => t('Could not overwrite the DatoCMS version'), documents.overwriteRemote),
  'datocms.documents.revertToRemote': anytime((t) => t('Could not revert to the DatoCMS version'), documents.revertToRemote),
  'datocms.openAsMarkdown': project((t) => t('Could not open as Markdown'), documents.openAsMarkdown),
  'datocms.documents.saveActions': anytime((t) => t('Could not show what to do about the save'), documents.saveActions),
});

// records
const recordRows = (): Rows => ({
  'datocms.newRecord': project((t) => t('Could not start a new record'), records.newRecord),
  'datocms.duplicateRecord': project((t) => t('Could not duplicate the record'), records.duplicate),
  'datocms.deleteRecord': project((t) => t('Could not delete the record'), records.remove),
  'datocms.records.publish': project((t) => t('Could not publish'), records.publish),
  'datocms.records.unpublish': project((t) => t('Could not unpublish'), records.unpublish),
  'datocms.records.schedulePublish': project((t) => t('Could not schedule the publication'), records.schedulePublication),
  'datocms.records.scheduleUnpublish': project((t) => t('Could not schedule the unpublishing'), records.scheduleUnpublishing),
  'datocms.records.unschedulePublish': project((t) => t('Could not cancel the scheduled publication'), records.cancelPublication),
  'datocms.records.unscheduleUnpublish': project((t) => t('Could not cancel the scheduled unpublishing'), records.cancelUnpublishing),
  'datocms.records.bulkDelete': project((t) => t('Could not delete the records'), records.deleteSelected),
  'datocms.exportRecords': project((t) => t('Could not export records'), exporting.exportRecords),
  'datocms.openRecordPreview': project(
    (t) => t('Could not open the preview'),
    (ctx: Context, arg) => ctx.previews().show(arg),
  ),
  'datocms.history.show': project(
    (t) => t('Could not show the version history'),
    (ctx: Context, arg) => ctx.history().showCommand(arg),
  ),
  'datocms.history.openVersion': project(
    (t) => t('Could not open the version'),
    (ctx: Context, node) => ctx.history().openVersion(node),
  ),
  'datocms.history.restore': project(
    (t) => t('Could not restore the version'),
    (ctx: Context, arg) => ctx.history().restore(arg),
  ),
  'datocms.history.loadMore': project(
    (t) => t('Could not load more versions'),
    (ctx: Context) => ctx.history().loadMore(),
  ),
  'datocms.history.refresh': project(
    (t) => t('Could not refresh the version history'),
    (ctx: Context) => ctx.history().reload(),
  ),
});

// the media area
const mediaRows = (): Rows => ({
  'datocms.media.loadMore': project((t) => t('Could not load more uploads'), mediaArea.loadMore),
  'datocms.media.uploadFiles': project((t) => t('Could not upload the files'), mediaArea.uploadFiles),
  'datocms.media.replaceFile': project((t) => t('Could not replace the file'), mediaArea.replaceFile),
  'datocms.media.copyUrl': project((t) => t('Could not copy the address'), mediaArea.copyUrl),
  'datocms.media.findReferences': project((t) => t('Could not find the records using the upload'), mediaArea.findReferences),
  'datocms.media.delete': project((t) => t('Could not delete the upload'), mediaArea.deleteUpload),
  'datocms.media.unused': project((t) => t('Could not list the unused uploads'), mediaArea.unusedUploads),
  'datocms.media.missingAlt': project((t) => t('Could not list the images without alt text'), mediaArea.missingAltText),
  'datocms.media.search': project((t) => t('Could not search uploads'), mediaArea.searchMedia),
  'datocms.media.filter': project((t) => t('Could not filter uploads'), mediaArea.filterMedia),
  'datocms.media.orderBy': project((t) => t('Could not order uploads'), mediaArea.orderMedia),
  'datocms.media.clearQuery': project((t) => t('Could not clear the query'), mediaArea.clearMediaQuery),
  'datocms.media.insertUpload': project((t) => t('Could not insert the upload'), mediaArea.insertUpload),
});

// the schema
const schemaRows = (): Rows => ({
  'datocms.newModel': project((t) => t('Could not start a new model'), schemaActions.newModel),
  'datocms.newBlockModel': project((t) => t('Could not start a new block model'), schemaActions.newBlockModel),
  'datocms.newField': project((t) => t('Could not start a new field'), schemaActions.newField),
  'datocms.newFieldset': project((t) => t('Could not start a new fieldset'), schemaActions.newFieldset),
  'datocms.newWebhook': project((t) => t('Could not start a new webhook'), schemaActions.newWebhook),
  'datocms.deleteModel': project((t) => t('Could not delete the model'), schemaActions.deleteModel),
  'datocms.deleteBlockModel': project((t) => t('Could not delete the block model'), schemaActions.deleteBlockModel),
  'datocms.deleteField': project((t) => t('Could not delete the field'), schemaActions.deleteField),
  'datocms.deleteFieldset': project((t) => t('Could not delete the fieldset'), schemaActions.deleteFieldset),
  'datocms.deleteWebhook': project((t) => t('Could not delete the webhook'), schemaActions.deleteWebhook),
  'datocms.moveFieldUp': project(moveFailed, (ctx: Context, arg) => schemaActions.moveField(ctx, arg, 'up')),
  'datocms.moveFieldDown': project(moveFailed, (ctx: Context, arg) => schemaActions.moveField(ctx, arg, 'down')),
  'datocms.generateTypes': project(
    (t) => t('Could not generate types'),
    (ctx: Context, arg) => ctx.types().generate(arg),
  ),
  'datocms.compareWithEnvironment': project(
    (t) => t('Could not compare the environments'),
    (ctx: Context, arg) => ctx.comparison().compareWithEnvironment(arg),
  ),
  'datocms.compareSchemas': project(
    (t) => t('Could not compare the environments'),
    (ctx: Context, arg) => ctx.comparison().compareSchemas(arg),
  ),
  'datocms.generateMigration': project(
    (t) => t('Could not generate the migration'),
    (ctx: Context) => ctx.comparison().generateMigration(),
  ),
  'datocms.schemaComparison.openChange': project(
    (t) => t('Could not compare the environments'),
    (ctx: Context, change) => ctx.comparison().openChange(change),
  ),
  'datocms.schemaComparison.refresh': project(
    (t) => t('Could not compare the environments'),
    (ctx: Context) => ctx.comparison().refresh(),
  ),
  'datocms.schemaComparison.close': anytime(
    (t) => t('Could not close the comparison'),
    (ctx: Context) => ctx.comparison.peek()?.close(),
  ),
});

// GraphQL (the Content Delivery API)
const graphqlRows = (): Rows => ({
  'datocms.graphql.run': project(
    (t) => t('Could not run the query'),
    (ctx: Context, uri, offset) => ctx.graphql().run(uri, offset),
  ),
  'datocms.graphql.runSelection': project(
    (t) => t('Could not run the query'),
    (ctx: Context) => ctx.graphql().runSelection(),
  ),
  'datocms.graphql.compareDrafts': project(
    (t) => t('Could not compare draft with published'),
    (ctx: Context, uri, offset) => ctx.graphql().compareDrafts(uri, offset),
  ),
  'datocms.graphql.copy': project(
    (t) => t('Could not copy the request'),
    (ctx: Context, uri, offset) => ctx.graphql().copy(undefined, uri, offset),
  ),
  'datocms.graphql.copyAsCurl': project(
    (t) => t('Could not copy the request'),
    (ctx: Context, uri, offset) => ctx.graphql().copy('curl', uri, offset),
  ),
  'datocms.graphql.copyAsExecuteQuery': project(
    (t) => t('Could not copy the request'),
    (ctx: Context, uri, offset) => ctx.graphql().copy('executeQuery', uri, offset),
  ),
  'datocms.graphql.changeLink': project(
    (t) => t('Could not change the DatoCMS link'),
    (ctx: Context, uri) => ctx.graphql().changeLink(uri),
  ),
  'datocms.graphql.findUsages': project(
    (t) => t('Could not find the usages in code'),
    (ctx: Context, arg) => ctx.graphql().findUsages(arg),
  ),
  'datocms.graphql.syncSchema': project(
    (t) => t('Could not sync the GraphQL schema'),
    (ctx: Context, uri) => ctx.graphql().syncSchema(uri),
  ),
});

let table: Rows | undefined;
/**
 * Built by the first command, once every bundle its handlers live in has loaded: so a row names its handler
 * directly, and the context must satisfy what each handler declares it needs.
 */
function commandTable(): Rows {
  table ??= {
    ...projectRows(),
    ...treeRows(),
    ...findingRows(),
    ...documentRows(),
    ...recordRows(),
    ...mediaRows(),
    ...schemaRows(),
    ...graphqlRows(),
  };
  return table;
}

/** Runs the command `id` with the menu's or caller's `args`; a failure becomes one notification (see Context.report). */
export async function runCommand(ctx: Context, id: string, args: unknown[]): Promise<unknown> {
  const row = commandTable()[id];
  if (!row) throw new Error(`DatoCMS Explorer has no command ${id}`);
  try {
    ctx.registry.userActed();
    if (row.needsProject && ctx.registry.list().length === 0) throw new NotSignedInError();
    return await row.run(ctx, ...args);
  } catch (error) {
    ctx.report(row.failed(ctx.t), error, { retry: () => vscode.commands.executeCommand(id, ...args) });
    return undefined;
  }
}
