// The base of every webview panel: it owns the panel's disposables, writes its page with a strict Content
// Security Policy (its own script by nonce, its stylesheet, images only from the hosts given, nothing else), and
// passes typed messages both ways. The theme reaches the page as VS Code's CSS variables. A panel restored after a
// reload (the serializer hands back its webview) is wrapped the same way.
import vscode = require('vscode');
import { random } from '../platform/host';

export interface PanelPage {
  /** the script and stylesheet, files of dist/ */
  script: string;
  style: string;
  /** origins images may come from (e.g. the project's image CDN) */
  imageSources: readonly string[];
  /** `data-*` attributes of the body, for the script's first moments (before any message) */
  data?: Record<string, string>;
}

export class Panel<In, Out> implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly received = new vscode.EventEmitter<In>();
  private disposed = false;
  readonly onMessage = this.received.event;

  /** Opens a new panel of `viewType` showing `page`. */
  static open<In, Out>(viewType: string, title: string, column: vscode.ViewColumn, dist: vscode.Uri, page: PanelPage): Panel<In, Out> {
    const webview = vscode.window.createWebviewPanel(
      viewType,
      title,
      { viewColumn: column, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [dist] },
    );
    return new Panel<In, Out>(webview, dist, page);
  }

  /** Wraps a panel VS Code restored (see registerWebviewPanelSerializer). */
  constructor(
    readonly webviewPanel: vscode.WebviewPanel,
    dist: vscode.Uri,
    page: PanelPage,
  ) {
    webviewPanel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    webviewPanel.webview.html = pageHtml(webviewPanel.webview, dist, page);
    this.own(this.received);
    this.own(webviewPanel.webview.onDidReceiveMessage((message: In) => this.received.fire(message)));
    this.own(webviewPanel.onDidDispose(() => this.dispose()));
  }

  get onDidDispose(): vscode.Event<void> {
    return this.webviewPanel.onDidDispose;
  }

  set title(title: string) {
    this.webviewPanel.title = title;
  }

  post(message: Out): void {
    if (!this.disposed) void this.webviewPanel.webview.postMessage(message);
  }

  own<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
    this.webviewPanel.dispose();
  }
}

/** The page: the policy, the stylesheet, an empty root, the script by nonce. */
function pageHtml(webview: vscode.Webview, dist: vscode.Uri, page: PanelPage): string {
  const nonce = random.base64(18);
  const asset = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
  const policy = [
    "default-src 'none'",
    `img-src ${page.imageSources.join(' ') || "'none'"}`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const data = Object.entries(page.data ?? {})
    .map(([key, value]) => ` data-${key}="${attribute(value)}"`)
    .join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<link rel="stylesheet" href="${attribute(asset(page.style))}">`,
    `</head><body${data}><main id="root"></main>`,
    `<script nonce="${nonce}" src="${attribute(asset(page.script))}"></script>`,
    '</body></html>',
  ].join('\n');
}

const attribute = (text: string) => text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
