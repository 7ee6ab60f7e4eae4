// What an agent never reads in a webhook document: its basic-auth password, and the values of headers whose names
// say they carry a credential (Authorization, X-Api-Key…). Each is replaced by a marker in place, and the answer says
// so; a proposal that sends a marker back is refused, so a hidden value can never be overwritten by its marker. (The
// stored tokens every answer is scrubbed of are the platform's: see ../platform/secrets.ts.)
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { Translate } from '../platform/translate';

const HIDDEN_PASSWORD = '[hidden from agents: the webhook password]';
const HIDDEN_HEADER = '[hidden from agents: a credential header]';
const CREDENTIAL_HEADER = /auth|token|secret|key|password|cookie|signature|credential/i;

/** Whether a header of that name carries a credential. */
const isCredentialHeader = (name: string): boolean => CREDENTIAL_HEADER.test(name);

/** The webhook document's text with its credentials replaced by markers; `hidden` names what was replaced. */
export function hideWebhookSecrets(text: string, knownSecrets: readonly string[]): { text: string; hidden: string[] } {
  const root = parseTree(text);
  const spans: { node: Node; marker: string; what: string }[] = [];
  if (root?.type === 'object') {
    const password = findNodeAtLocation(root, ['http_basic_password']);
    if (password?.type === 'string' && password.value !== '')
      spans.push({ node: password, marker: HIDDEN_PASSWORD, what: 'http_basic_password' });
    const headers = findNodeAtLocation(root, ['headers']);
    for (const property of headers?.type === 'object' ? (headers.children ?? []) : []) {
      const [name, value] = property.children ?? [];
      if (name && value?.type === 'string' && isCredentialHeader(String(name.value)))
        spans.push({ node: value, marker: HIDDEN_HEADER, what: `headers.${String(name.value)}` });
    }
  }
  let out = text;
  for (const { node, marker } of [...spans].sort((a, b) => b.node.offset - a.node.offset))
    out = `${out.slice(0, node.offset)}${JSON.stringify(marker)}${out.slice(node.offset + node.length)}`;
  // text that does not parse (an editor mid-edit) still never shows a known secret
  const hidden = spans.map((s) => s.what);
  for (const secret of knownSecrets)
    if (secret.length > 0 && out.includes(secret)) {
      out = out.split(secret).join(HIDDEN_PASSWORD);
      if (!hidden.includes('http_basic_password')) hidden.push('http_basic_password');
    }
  return { text: out, hidden };
}

/** The sentence that says what was hidden. */
export function hiddenNote(t: Translate, hidden: string[]): string | undefined {
  if (hidden.length === 0) return undefined;
  return t(
    'Hidden from agents and replaced by a marker: {0}. The user sees the real values in the editor; a proposal must not send a marker back (leave these keys out to keep them).',
    hidden.join(', '),
  );
}

/** Whether a proposed value holds a marker anywhere. */
export function holdsMarker(value: unknown): boolean {
  if (value === HIDDEN_PASSWORD || value === HIDDEN_HEADER) return true;
  if (Array.isArray(value)) return value.some(holdsMarker);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsMarker);
  return false;
}
