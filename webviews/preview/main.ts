// The Record Preview's webview: renders the models the panel posts, keeps the chosen locale across reloads, and
// turns clicks into messages (open a linked record or address, show a field in the editor). No vscode import:
// it talks to the extension through postMessage only.
import type { FromWebview, PreviewModel, PreviewState, ToWebview } from './protocol';
import { renderPreview } from './render';
import './style.css';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): PreviewState | undefined;
  setState(state: PreviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const host = acquireVsCodeApi();
const root = document.getElementById('root')!;
let state: PreviewState = host.getState() ?? { uri: document.body.dataset['uri'] ?? '' };
host.setState(state);
let model: PreviewModel | undefined;

function show(): void {
  if (!model) return;
  root.innerHTML = renderPreview(model, state.locale ?? model.locales[0] ?? '');
  host.postMessage({ type: 'rendered', version: model.version, text: root.innerText });
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'render') {
    model = message.model;
    show();
  } else if (message.type === 'reveal') {
    root.querySelector(`[data-field="${CSS.escape(message.field)}"]`)?.scrollIntoView({ block: 'start' });
  }
});

root.addEventListener('click', (event) => {
  const target = (event.target as Element).closest('[data-record], [data-url], a[href], .label');
  if (!target) return;
  event.preventDefault();
  const element = target as HTMLElement;
  // links of rendered Markdown carry their address as href; the extension decides what may open
  const url =
    element.dataset['url'] ?? (element instanceof HTMLAnchorElement && element.getAttribute('href') !== '#' ? element.href : undefined);
  if (element.dataset['record']) host.postMessage({ type: 'openRecord', id: element.dataset['record'] });
  else if (url) host.postMessage({ type: 'openLink', url });
  else {
    const field = element.closest<HTMLElement>('[data-field]')?.dataset['field'];
    if (field) host.postMessage({ type: 'revealField', field });
  }
});

root.addEventListener('change', (event) => {
  const select = event.target as HTMLSelectElement;
  if (select.id !== 'locale') return;
  state = { ...state, locale: select.value };
  host.setState(state);
  show();
});

host.postMessage({ type: 'ready' });
