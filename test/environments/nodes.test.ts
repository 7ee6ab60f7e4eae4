import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { environmentNodes } from '../../src/environments/nodes';
import type { EnvironmentNode, SectionNode } from '../../src/tree';
import { formatMessage } from '../../src/platform/translate';
import { TreePresenter } from '../../src/tree/presenter';
import { FakeEnvironments, environment } from './fakeEnvironments';

const presenter = new TreePresenter({ recordCounts: () => undefined, recordTotal: () => undefined }, () => ({
  t: formatMessage,
  numbers: new Intl.NumberFormat('en'),
  dates: () => ({ short: (iso: string) => `on ${iso.slice(0, 10)}`, exact: (iso: string) => `on ${iso.slice(0, 10)}`, timeZone: 'UTC' }),
}));

function section(shown: string): SectionNode {
  return {
    kind: 'environments',
    id: `p:bistro@${shown}/environments`,
    parent: undefined,
    projectKey: 'bistro',
    environment: shown,
    label: 'Environments',
  };
}

describe('the Environments node', () => {
  test('lists the primary first, marks sandboxes, the environment the tree shows, and unfinished ones', async () => {
    const fake = new FakeEnvironments(['main', 'zeta', 'alpha']);
    fake.environments.push(environment('new-one', { status: 'creating', fork_completion_percentage: 40 }));
    const changed: SectionNode[] = [];
    const nodes = (await environmentNodes(section('zeta'), {
      client: fake.api,
      t: formatMessage,
      changed: (n) => changed.push(n),
    })) as EnvironmentNode[];
    assert.deepEqual(
      nodes.map((n) => {
        const look = presenter.present(n);
        return [look.label, look.description, look.contextValue, look.icon.id];
      }),
      [
        ['main', 'primary', 'environment primary ready', 'database'],
        ['alpha', 'sandbox', 'environment sandbox ready', 'beaker'],
        ['new-one', 'sandbox · creating 40%', 'environment sandbox creating', 'loading~spin'],
        ['zeta', 'sandbox · active', 'environment sandbox ready active', 'beaker'],
      ],
    );
    const hover = presenter.tooltip(nodes[3]!) ?? '';
    assert.match(hover, /Forked from: main/);
    assert.match(hover, /The tree shows this environment/);
  });

  test('shows maintenance mode on the node once read, and offers to turn it off', async () => {
    const fake = new FakeEnvironments();
    fake.maintenance = true;
    const node = section('main');
    const changed = new Promise<SectionNode>(
      (resolve) => void environmentNodes(node, { client: fake.api, t: formatMessage, changed: resolve }),
    );
    assert.equal(await changed, node);
    assert.equal(presenter.description(node), 'maintenance mode on');
    assert.equal(presenter.contextValue(node), 'environments maintenanceOn');

    fake.maintenance = false;
    const off = section('main');
    await new Promise<SectionNode>((resolve) => void environmentNodes(off, { client: fake.api, t: formatMessage, changed: resolve }));
    assert.equal(presenter.description(off), undefined);
    assert.equal(presenter.contextValue(off), 'environments maintenanceOff');
  });
});
