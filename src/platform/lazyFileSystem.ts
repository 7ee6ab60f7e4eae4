// A file system provider registered at activation whose implementation is made on first use: the workbench asks
// for a `datocms:` file only once a document is opened, and the code behind it loads then.
import vscode = require('vscode');

export function lazyFileSystem(make: () => vscode.FileSystemProvider): vscode.FileSystemProvider & vscode.Disposable {
  const changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  let provider: vscode.FileSystemProvider | undefined;
  let forwarding: vscode.Disposable | undefined;
  const files = () => {
    if (!provider) {
      provider = make();
      forwarding = provider.onDidChangeFile((events) => changed.fire(events));
    }
    return provider;
  };
  return {
    onDidChangeFile: changed.event,
    // Changes made elsewhere are found at save time (the conflict check), not by polling the API.
    watch: () => new vscode.Disposable(() => undefined),
    stat: (uri) => files().stat(uri),
    readDirectory: (uri) => files().readDirectory(uri),
    readFile: (uri) => files().readFile(uri),
    writeFile: (uri, content, options) => files().writeFile(uri, content, options),
    createDirectory: (uri) => files().createDirectory(uri),
    delete: (uri, options) => files().delete(uri, options),
    rename: (from, to, options) => files().rename(from, to, options),
    dispose: () => {
      forwarding?.dispose();
      changed.dispose();
    },
  };
}
