// Which token reads a project's Content Delivery API: the signed-in (CMA) token when the API accepts it — tried on
// the first request; a 401/403 means it may not — otherwise a read-only CDA token the user pastes once, kept in
// VS Code's secret storage per project. A token is never logged, shown, or written anywhere else: every stored token is
// scrubbed from what the API (or a proxy) answers, errors included. No vscode import.
import { CancelledError } from '../cma';
import { deliveryTokenSecretKey } from '../projects/projectStore';
import { CdaAuthError, scrubSecrets } from './cdaHttp';
import type { GraphqlDeps } from './deps';

/** The secret-storage key of a project's delivery token (the projects room reads it too: answers to agents are scrubbed of it). */
export const cdaTokenKey = deliveryTokenSecretKey;

export class CdaTokens {
  readonly #deps: Pick<GraphqlDeps, 'ui' | 't' | 'secrets' | 'signedInToken' | 'storedTokens' | 'projectName'>;
  /** projects whose signed-in token the delivery API refused (for the rest of the session, or until it changes) */
  readonly #refused = new Set<string>();
  /** one question at a time per project, whatever asks */
  readonly #asking = new Map<string, Promise<string>>();

  constructor(deps: Pick<GraphqlDeps, 'ui' | 't' | 'secrets' | 'signedInToken' | 'storedTokens' | 'projectName'>) {
    this.#deps = deps;
  }

  /**
   * Runs `attempt` with the token that reads the project's delivery API; when the API refuses it (401/403), asks
   * for a delivery token and runs `attempt` once more with it. `drafts` says whether the request reads drafts (a
   * token may read published content only), for the question's wording.
   */
  async run<T>(projectKey: string, drafts: boolean, attempt: (token: string, secrets: readonly string[]) => Promise<T>): Promise<T> {
    const secrets = await this.secrets();
    try {
      return await this.#run(projectKey, drafts, async (token) => attempt(token, [...secrets, token]));
    } catch (error) {
      // a server (or a proxy) may echo a token in an error: it never reaches a message or a log line
      if (error instanceof Error) error.message = scrubSecrets(error.message, secrets);
      throw error;
    }
  }

  /** Every token kept, for what shows or stores anything the delivery API answered to be scrubbed of it. */
  async secrets(): Promise<string[]> {
    return ((await this.#deps.storedTokens?.()) ?? []).filter((token): token is string => typeof token === 'string' && token.length >= 8);
  }

  async #run<T>(projectKey: string, drafts: boolean, attempt: (token: string) => Promise<T>): Promise<T> {
    const stored = await this.#deps.secrets.get(cdaTokenKey(projectKey));
    let refusedToken: 'signed-in' | 'stored' | undefined;
    if (stored) {
      try {
        return await attempt(stored);
      } catch (error) {
        if (!(error instanceof CdaAuthError)) throw error;
        refusedToken = 'stored';
      }
    } else if (!this.#refused.has(projectKey)) {
      const token = await this.#deps.signedInToken(projectKey);
      if (token) {
        try {
          return await attempt(token);
        } catch (error) {
          if (!(error instanceof CdaAuthError)) throw error;
          this.#refused.add(projectKey);
          refusedToken = 'signed-in';
        }
      }
    }
    const token = await this.#ask(projectKey, drafts, refusedToken ?? 'signed-in', stored);
    try {
      return await attempt(token);
    } catch (error) {
      if (error instanceof CdaAuthError) {
        // a token the API refuses is not kept: the next request asks again
        await this.#deps.secrets.delete(cdaTokenKey(projectKey));
        throw new CdaAuthError(
          this.#deps.t(
            'The Content Delivery API refused the token you pasted for {0} too. Check that it may access the Content Delivery API{1}, then run the query again to paste another one.',
            this.#deps.projectName(projectKey),
            drafts ? this.#deps.t(' with drafts') : '',
          ),
          error.status,
          error.code,
        );
      }
      throw error;
    }
  }

  /** The signed-in token changed (sign-in again, sign-out): it is worth trying again; a stored one goes with a sign-out. */
  async forget(projectKey: string, signedOut: boolean): Promise<void> {
    this.#refused.delete(projectKey);
    if (signedOut) await this.#deps.secrets.delete(cdaTokenKey(projectKey));
  }

  #ask(projectKey: string, drafts: boolean, refused: 'signed-in' | 'stored', stored: string | undefined): Promise<string> {
    let asking = this.#asking.get(projectKey);
    if (!asking) {
      asking = this.#question(projectKey, drafts, refused, stored).finally(() => this.#asking.delete(projectKey));
      this.#asking.set(projectKey, asking);
    }
    return asking;
  }

  async #question(projectKey: string, drafts: boolean, refused: 'signed-in' | 'stored', stored: string | undefined): Promise<string> {
    const { ui, t } = this.#deps;
    const name = this.#deps.projectName(projectKey);
    const why =
      refused === 'stored'
        ? t('The Content Delivery API refused the delivery token stored for {0}{1}.', name, drafts ? t(' (with drafts)') : '')
        : t('The signed-in token of {0} may not read the Content Delivery API{1}.', name, drafts ? t(' with drafts') : '');
    const answer = await ui.input({
      title: t('Content Delivery API token of {0}', name),
      prompt: `${why} ${t("Paste a read-only API token of the project (Project settings → API tokens, with access to the Content Delivery API{0}); it is kept in VS Code's secret storage.", drafts ? t(' and its drafts') : '')}`,
      password: true,
      validate: (text) => (text.trim() === '' ? t('Paste the token, or press Escape to cancel.') : undefined),
    });
    const token = answer?.trim();
    if (!token) throw new CancelledError('No delivery token was given.');
    if (token === stored) throw new CdaAuthError(why, 401, undefined);
    await this.#deps.secrets.store(cdaTokenKey(projectKey), token);
    return token;
  }
}
