// Registers the record and schema actions (delete, duplicate, move fields, drag and drop) in the
// activation bundle; their code (dist/lifecycle.js, with its own error reporting) loads when one first runs.
import vscode = require('vscode');
import type { TreeNode } from '../tree/model';
import type { LifecycleGlue } from './lifecycle';

const load = () => require('./lifecycle') as typeof import('./lifecycle');
/** what a dragged field travels as (only within this tree) */
export const FIELD_MIME = 'text/x-datocms';

export function lifecycleCommands(glue: LifecycleGlue): vscode.Disposable[] {
  const command = (id: string) => vscode.commands.registerCommand(id, (...args: unknown[]) => load().run(id, glue, args));
  return [
    command('datocms.deleteRecord'),
    command('datocms.duplicateRecord'),
    command('datocms.deleteSchemaItem'),
    command('datocms.moveFieldUp'),
    command('datocms.moveFieldDown'),
  ];
}

/** Drag a field onto another field of its model and fieldset to move it there. */
export const fieldDragAndDrop = (glue: LifecycleGlue): vscode.TreeDragAndDropController<TreeNode> => ({
  dragMimeTypes: [FIELD_MIME],
  dropMimeTypes: [FIELD_MIME],
  handleDrag: (nodes, transfer) => load().drag(nodes, transfer),
  handleDrop: (onto, transfer) => load().drop(glue, transfer, onto),
});
