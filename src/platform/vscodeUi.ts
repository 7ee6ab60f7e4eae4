// The real Ui: VS Code notifications, quick picks, input boxes, progress and dialogs.
import vscode = require('vscode');
import { searchPick } from './searchPick';
import type {
  ConfirmOptions,
  InputOptions,
  PickItem,
  PickOptions,
  ProgressLocation,
  ProgressOptions,
  ProgressReport,
  SearchPickOptions,
  Ui,
} from './ui';

export class VscodeUi implements Ui {
  info(message: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(vscode.window.showInformationMessage(message, ...actions));
  }

  warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(vscode.window.showWarningMessage(message, ...actions));
  }

  error(message: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(vscode.window.showErrorMessage(message, ...actions));
  }

  async confirm(options: ConfirmOptions): Promise<string | undefined> {
    // VS Code's modal focuses its first button and adds Cancel last (Escape) unless a button is the close affordance.
    // The safe choice as that close affordance would drop Cancel but leave the focus, and Enter, on the destructive
    // action: so it stays a button, first and focused, and Cancel answers the same.
    const buttons = options.safe === undefined ? options.actions : [options.safe, ...options.actions];
    const chosen = await vscode.window.showWarningMessage(options.message, { modal: true, detail: options.detail }, ...buttons);
    return chosen === options.safe ? undefined : chosen;
  }

  async pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return (await this.quickPick(items, options, false))?.[0];
  }

  pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.quickPick(items, options, true);
  }

  private async quickPick<T>(items: PickItem<T>[], options: PickOptions, many: boolean): Promise<T[] | undefined> {
    const { title, placeholder, ignoreFocusOut, matchOnDescription = true } = options;
    const picked = await vscode.window.showQuickPick(
      items.map((item) => ({ label: item.label, description: item.description, detail: item.detail, picked: item.picked, item })),
      { title, placeHolder: placeholder, matchOnDescription, canPickMany: many, ignoreFocusOut },
    );
    return picked && (Array.isArray(picked) ? picked : [picked]).map((p) => p.item.value);
  }

  searchPick<T>(options: SearchPickOptions<T>): Promise<T[] | undefined> {
    return searchPick(options);
  }

  async input(options: InputOptions): Promise<string | undefined> {
    if (!options.accept) {
      return vscode.window.showInputBox({
        title: options.title,
        prompt: options.prompt,
        placeHolder: options.placeholder,
        value: options.value,
        password: options.password ?? false,
        ignoreFocusOut: options.password ?? false,
        validateInput: options.validate ? (text) => options.validate?.(text) ?? null : undefined,
      });
    }
    return checkedInput(options, options.accept);
  }

  withProgress<R>(options: ProgressOptions, task: (report: ProgressReport, signal: AbortSignal) => Promise<R>): Promise<R> {
    const { title, cancellable, location = 'notification' } = options;
    return Promise.resolve(
      vscode.window.withProgress({ location: progressLocation(location), title, cancellable }, (progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        return task({ message: (text) => progress.report({ message: text }) }, controller.signal).finally(() => subscription.dispose());
      }),
    );
  }

  status(message: string, ms: number): void {
    vscode.window.setStatusBarMessage(message, ms);
  }

  async openFiles(options: { title: string; openLabel: string; many: boolean }): Promise<string[] | undefined> {
    const uris = await vscode.window.showOpenDialog({ title: options.title, openLabel: options.openLabel, canSelectMany: options.many });
    return uris?.filter((uri) => uri.scheme === 'file').map((uri) => uri.fsPath);
  }

  async saveFile(options: { title: string; defaultName: string; filters: Record<string, string[]> }): Promise<string | undefined> {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri;
    const uri = await vscode.window.showSaveDialog({
      title: options.title,
      filters: options.filters,
      defaultUri: folder ? vscode.Uri.joinPath(folder, options.defaultName) : undefined,
    });
    return uri?.scheme === 'file' ? uri.fsPath : undefined;
  }

  async copy(text: string): Promise<void> {
    await vscode.env.clipboard.writeText(text);
  }

  async openExternal(url: string): Promise<void> {
    await vscode.env.openExternal(vscode.Uri.parse(url));
  }

  async openFile(path: string): Promise<void> {
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path));
  }
}

function progressLocation(location: ProgressLocation): vscode.ProgressLocation | { viewId: string } {
  if (location === 'notification') return vscode.ProgressLocation.Notification;
  return location === 'window' ? vscode.ProgressLocation.Window : { viewId: location.view };
}

/** An input box that stays open while `accept` checks the text, and shows its refusal in place. */
function checkedInput(options: InputOptions, accept: NonNullable<InputOptions['accept']>): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = options.title;
  box.prompt = options.prompt;
  box.placeholder = options.placeholder;
  box.value = options.value ?? '';
  box.password = options.password ?? false;
  box.ignoreFocusOut = options.password ?? false;
  let checking: AbortController | undefined;
  let closed = false;
  return new Promise<string | undefined>((resolve, reject) => {
    const done = (finish: () => void) => {
      closed = true;
      subscriptions.forEach((s) => s.dispose());
      box.dispose();
      finish();
    };
    const subscriptions = [
      box.onDidChangeValue((text) => {
        if (!checking) box.validationMessage = options.validate?.(text);
      }),
      box.onDidAccept(async () => {
        if (checking) return;
        const text = box.value;
        const invalid = options.validate?.(text);
        if (invalid !== undefined) {
          box.validationMessage = invalid;
          return;
        }
        const controller = (checking = new AbortController());
        box.busy = true;
        box.enabled = false;
        box.validationMessage = undefined;
        try {
          const refusal = await accept(text, controller.signal);
          if (controller.signal.aborted) return;
          if (refusal === undefined) return done(() => resolve(text));
          box.validationMessage = { message: refusal, severity: vscode.InputBoxValidationSeverity.Error };
        } catch (error) {
          if (!controller.signal.aborted) done(() => reject(error));
          return;
        } finally {
          checking = undefined;
          if (!closed) {
            box.busy = false;
            box.enabled = true;
          }
        }
      }),
      box.onDidHide(() => {
        checking?.abort();
        done(() => resolve(undefined));
      }),
    ];
    box.show();
  });
}
