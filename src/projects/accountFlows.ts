// Sign in / sign out / switch environment as Ui dialogues. No vscode import (tested with a fake Ui).
import type { CmaClient } from '../cma';
import { DEFAULT_BASE_URL } from '../platform/baseUrl';
import type { Project } from './project';
import { InvalidTokenError, signIn, type SignInResult } from './signIn';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';

/**
 * Asks for a token (masked) and checks it with GET /site while the box stays open: a refused token is
 * named under the text, to be corrected in place; only a working one is stored. undefined: dismissed.
 * `to`: signIn's arguments but the token (the server, where the project is stored, how its client is made).
 */
export async function runSignIn(
  ui: Ui,
  t: Translate,
  to: Omit<Parameters<typeof signIn>[0], 'token' | 'signal'>,
): Promise<Project | undefined> {
  let result: SignInResult | undefined;
  // The server is named in the title whenever it is not DatoCMS itself, so a token is never typed for an unexpected host.
  const token = await ui.input({
    title: to.baseUrl === DEFAULT_BASE_URL ? t('Sign in to DatoCMS') : t('Sign in to DatoCMS at {0}', to.baseUrl),
    prompt: t('Paste an API token with access to the Content Management API (Project settings → API tokens)'),
    password: true,
    validate: (text) => (text.trim() === '' ? t('Enter an API token.') : undefined),
    accept: async (text, signal) => {
      try {
        result = await signIn({ token: text, baseUrl: to.baseUrl, store: to.store, createClient: to.createClient, signal });
        return undefined;
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        return t('DatoCMS refused this token (401): nothing was stored. Paste a full API token of the project, or press Escape.');
      }
    },
  });
  if (token === undefined || result === undefined) return undefined;
  const { project, replaced } = result;
  void ui.info(replaced ? t('Signed in again to {0}.', project.name) : t('Signed in to {0}.', project.name));
  return project;
}

/** Asks which project to sign out of: choosing one is the decision (Escape stays signed in). */
export async function pickProjectToSignOut(ui: Ui, t: Translate, projects: Project[]): Promise<Project | undefined> {
  if (projects.length === 0) {
    void ui.info(t('You are not signed in to any DatoCMS project.'));
    return undefined;
  }
  return ui.pick(
    projects.map((p) => ({ label: p.name, description: p.internalDomain ?? p.baseUrl, value: p })),
    {
      title: t('Sign out of a DatoCMS project'),
      placeholder: t('Its API token is deleted from this computer; Escape stays signed in'),
    },
  );
}

/** Whether to sign out of a project named beforehand (its tree item): the one question, the safe choice first. */
export async function confirmSignOut(ui: Ui, t: Translate, project: Project): Promise<boolean> {
  const signOut = t('Sign Out');
  const answer = await ui.confirm({
    message: t('Sign out of {0}?', project.name),
    detail: t('Its API token is deleted from this computer: signing in again needs the token. Nothing changes in DatoCMS.'),
    actions: [signOut],
    safe: t('Stay Signed In'),
  });
  return answer === signOut;
}

/** Quick pick over the environments of a project (GET /environments). */
export async function pickEnvironment(ui: Ui, t: Translate, client: CmaClient, current: string): Promise<string | undefined> {
  const environments = await ui.withProgress({ title: t('Loading environments…'), cancellable: true }, (_report, signal) =>
    client.environments.list({ signal }),
  );
  const items = environments.map((env) => ({
    label: env.id,
    description:
      [
        env.meta['primary'] === true ? t('primary') : undefined,
        env.id === current ? t('active') : undefined,
        env.meta['status'] !== 'ready' && typeof env.meta['status'] === 'string' ? env.meta['status'] : undefined,
      ]
        .filter(Boolean)
        .join(' · ') || undefined,
    value: env.id,
    picked: env.id === current,
  }));
  return ui.pick(items, { title: t('Switch DatoCMS environment'), placeholder: t('Current: {0}', current) });
}
