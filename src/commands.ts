// Every command, once: its id (as package.json declares it), what the user is told when it fails, whether it needs
// a signed-in project, and the handler it runs through one wrapper that reports failures one way (Context.report).
// Activation registers the ids; this table loads with the first command. A test checks it agrees with package.json.
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

// A handler reached when the command runs, not when the table is built (most are in bundles activation does not
// load); the context must still satisfy what the handler declares it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments come from menus, typed by each handler
type AnyHandler<D> = (deps: D, ...args: any[]) => unknown;
const later =
  <D>(get: () => AnyHandler<D>) =>
  (ctx: D, ...args: unknown[]) =>
    get()(ctx, ...args);

const project = (failed: CommandRow['failed'], run: CommandRow['run']): CommandRow => ({ failed, needsProject: true, run });
const moveFailed: CommandRow['failed'] = (t) => t('Could not move the field');
const anytime = (failed: CommandRow['failed'], run: CommandRow['run']): CommandRow => ({ failed, needsProject: false, run });

const COMMANDS = {
  // projects and environments
  'datocms.signIn': anytime(
    (t) => t('Could not sign in to DatoCMS'),
    later(() => projects.signIn),
  ),
  'datocms.signOut': project(
    (t) => t('Could not sign out'),
    later(() => projects.signOut),
  ),
  'datocms.switchEnvironment': project(
    (t) => t('Could not switch environment'),
    later(() => projects.switchEnvironment),
  ),
  'datocms.env.switch': project(
    (t) => t('Could not switch environment'),
    later(() => environments.switchTo),
  ),
  'datocms.env.fork': project(
    (t) => t('Could not fork the environment'),
    later(() => environments.fork),
  ),
  'datocms.env.promote': project(
    (t) => t('Could not promote the environment'),
    later(() => environments.promote),
  ),
  'datocms.env.rename': project(
    (t) => t('Could not rename the environment'),
    later(() => environments.rename),
  ),
  'datocms.env.delete': project(
    (t) => t('Could not delete the environment'),
    later(() => environments.remove),
  ),
  'datocms.env.maintenanceOn': project(
    (t) => t('Could not turn on maintenance mode'),
    later(() => environments.maintenanceOn),
  ),
  'datocms.env.maintenanceOff': project(
    (t) => t('Could not turn off maintenance mode'),
    later(() => environments.maintenanceOff),
  ),
  'datocms.resetSchemaGuard': anytime(
    (t) => t('Could not reset the schema change confirmations'),
    later(() => environments.resetSchemaGuard),
  ),
  'datocms.showLog': anytime(
    (t) => t('Could not show the log'),
    (ctx: Context) => ctx.log.show(),
  ),

  // the tree
  'datocms.refresh': anytime(
    (t) => t('Could not refresh'),
    (ctx: Context) => ctx.tree.refresh(),
  ),
  'datocms.refreshNode': anytime(
    (t) => t('Could not refresh'),
    (ctx: Context, node: tree.TreeNode) => ctx.tree.refresh(node),
  ),
  'datocms.loadMore': project(
    (t) => t('Could not load more records'),
    later(() => tree.loadMore),
  ),
  'datocms.retry': anytime(
    (t) => t('Could not retry'),
    later(() => tree.retry),
  ),
  'datocms.records.search': project(
    (t) => t('Could not search records'),
    later(() => tree.searchRecords),
  ),
  'datocms.records.filter': project(
    (t) => t('Could not filter records'),
    later(() => tree.filterRecords),
  ),
  'datocms.records.removeFilter': project(
    (t) => t('Could not remove the filter condition'),
    later(() => tree.removeFilter),
  ),
  'datocms.records.orderBy': project(
    (t) => t('Could not order records'),
    later(() => tree.orderRecords),
  ),
  'datocms.records.locale': project(
    (t) => t('Could not choose a locale'),
    later(() => tree.chooseLocale),
  ),
  'datocms.records.version': project(
    (t) => t('Could not choose a version'),
    later(() => tree.chooseVersion),
  ),
  'datocms.records.clearQuery': project(
    (t) => t('Could not clear the query'),
    later(() => tree.clearQuery),
  ),

  // finding and opening
  'datocms.openRecordById': project(
    (t) => t('Could not open the record'),
    later(() => navigation.openRecordById),
  ),
  'datocms.openFromUrl': project(
    (t) => t('Could not open the DatoCMS address'),
    later(() => navigation.openFromUrl),
  ),
  'datocms.searchRecords': project(
    (t) => t('Could not search records'),
    later(() => navigation.searchAndOpen),
  ),
  'datocms.revealInTree': project(
    (t) => t('Could not reveal the document in the tree'),
    later(() => navigation.revealInTree),
  ),
  'datocms.copyId': project(
    (t) => t('Could not copy the ID'),
    later(() => navigation.copyId),
  ),
  'datocms.copyApiKey': project(
    (t) => t('Could not copy the api_key'),
    later(() => navigation.copyApiKey),
  ),
  'datocms.openInDatoCMS': project(
    (t) => t('Could not open DatoCMS'),
    later(() => navigation.openInDatoCMS),
  ),

  // documents
  'datocms.documents.save': anytime(
    (t) => t('Could not save to DatoCMS'),
    later(() => documents.saveDocument),
  ),
  'datocms.documents.compareWithRemote': anytime(
    (t) => t('Could not compare with the DatoCMS version'),
    later(() => documents.compareWithRemote),
  ),
  'datocms.documents.overwriteRemote': anytime(
    (t) => t('Could not overwrite the DatoCMS version'),
    later(() => documents.overwriteRemote),
  ),
  'datocms.documents.revertToRemote': anytime(
    (t) => t('Could not revert to the DatoCMS version'),
    later(() => documents.revertToRemote),
  ),
  'datocms.openAsMarkdown': project(
    (t) => t('Could not open as Markdown'),
    later(() => documents.openAsMarkdown),
  ),
  'datocms.documents.saveActions': anytime(
    (t) => t('Could not show what to do about the save'),
    later(() => documents.saveActions),
  ),

  // records
  'datocms.newRecord': project(
    (t) => t('Could not start a new record'),
    later(() => records.newRecord),
  ),
  'datocms.duplicateRecord': project(
    (t) => t('Could not duplicate the record'),
    later(() => records.duplicate),
  ),
  'datocms.deleteRecord': project(
    (t) => t('Could not delete the record'),
    later(() => records.remove),
  ),
  'datocms.records.publish': project(
    (t) => t('Could not publish'),
    later(() => records.publish),
  ),
  'datocms.records.unpublish': project(
    (t) => t('Could not unpublish'),
    later(() => records.unpublish),
  ),
  'datocms.records.schedulePublish': project(
    (t) => t('Could not schedule the publication'),
    later(() => records.schedulePublication),
  ),
  'datocms.records.scheduleUnpublish': project(
    (t) => t('Could not schedule the unpublishing'),
    later(() => records.scheduleUnpublishing),
  ),
  'datocms.records.unschedulePublish': project(
    (t) => t('Could not cancel the scheduled publication'),
    later(() => records.cancelPublication),
  ),
  'datocms.records.unscheduleUnpublish': project(
    (t) => t('Could not cancel the scheduled unpublishing'),
    later(() => records.cancelUnpublishing),
  ),
  'datocms.records.bulkDelete': project(
    (t) => t('Could not delete the records'),
    later(() => records.deleteSelected),
  ),
  'datocms.exportRecords': project(
    (t) => t('Could not export records'),
    later(() => exporting.exportRecords),
  ),
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

  // the media area
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

  // the schema
  'datocms.newModel': project(
    (t) => t('Could not start a new model'),
    later(() => schemaActions.newModel),
  ),
  'datocms.newBlockModel': project(
    (t) => t('Could not start a new block model'),
    later(() => schemaActions.newBlockModel),
  ),
  'datocms.newField': project(
    (t) => t('Could not start a new field'),
    later(() => schemaActions.newField),
  ),
  'datocms.newFieldset': project(
    (t) => t('Could not start a new fieldset'),
    later(() => schemaActions.newFieldset),
  ),
  'datocms.newWebhook': project(
    (t) => t('Could not start a new webhook'),
    later(() => schemaActions.newWebhook),
  ),
  'datocms.deleteModel': project(
    (t) => t('Could not delete the model'),
    later(() => schemaActions.deleteModel),
  ),
  'datocms.deleteBlockModel': project(
    (t) => t('Could not delete the block model'),
    later(() => schemaActions.deleteBlockModel),
  ),
  'datocms.deleteField': project(
    (t) => t('Could not delete the field'),
    later(() => schemaActions.deleteField),
  ),
  'datocms.deleteFieldset': project(
    (t) => t('Could not delete the fieldset'),
    later(() => schemaActions.deleteFieldset),
  ),
  'datocms.deleteWebhook': project(
    (t) => t('Could not delete the webhook'),
    later(() => schemaActions.deleteWebhook),
  ),
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

  // GraphQL (the Content Delivery API)
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
} satisfies Record<string, CommandRow>;

/** Runs the command `id` with the menu's or caller's `args`; a failure becomes one notification (see Context.report). */
export async function runCommand(ctx: Context, id: string, args: unknown[]): Promise<unknown> {
  const row = (COMMANDS as Record<string, CommandRow>)[id];
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
