// Secrets kept out of logs and messages.
import type { Resource } from '../cma';
import { Webhook } from '../domain/views';
import type { OpenedDocument } from './documentService';

export /** Removes webhook basic-auth passwords (from what was opened and from the user's text) from a message. */
function redact(message: string, opened: OpenedDocument, text: string): string {
  if (opened.ref.kind !== 'webhook') return message;
  const secrets = new Set<string>();
  const fromServer = Webhook.basicAuthPassword(opened.resource as Resource<'webhook'>);
  if (fromServer !== undefined) secrets.add(fromServer);
  try {
    const parsed: unknown = JSON.parse(text);
    const typed = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['http_basic_password'] : undefined;
    if (typeof typed === 'string') secrets.add(typed);
  } catch {
    // unparsable text: nothing more to redact
  }
  let out = message;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join('[redacted]');
  return out;
}
