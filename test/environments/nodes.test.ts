import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { environmentNodes } from '../../src/environments/nodes';
import type { EnvironmentNode, SectionNode } from '../../src/tree';
import { dateTimeText } from '../../src/platform/dates';
import { formatMessage } from '../../src/platform/translate';
import { FakeEnvironments, environment } from './fakeEnvironments';

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
      date: dateTimeText('en-US', 'UTC'),
      changed: (n) => changed.push(n),
    })) as EnvironmentNode[];
    assert.deepEqual(
      nodes.map((n) => [n.label, n.description, n.contextValue, n.icon]),
      [
        ['main', 'primary', 'environment.primary.ready', 'database'],
        ['alpha', 'sandbox', 'environment.sandbox.ready', 'beaker'],
        ['new-one', 'sandbox · creating 40%', 'environment.sandbox.creating', 'loading~spin'],
        ['zeta', 'sandbox · active', 'environment.sandbox.ready.active', 'beaker'],
      ],
    );
    assert.match(nodes[3]!.tooltip ?? '', /Forked from: main/);
    assert.match(nodes[3]!.tooltip ?? '', /The tree shows this environment/);
  });

  test('shows maintenance mode on the node once read, and offers to turn it off', async () => {
    const fake = new FakeEnvironments();
    fake.maintenance = true;
    const node = section('main');
    const changed = new Promise<SectionNode>(
      (resolve) =>
        void environmentNodes(node, { client: fake.api, t: formatMessage, date: dateTimeText('en-US', 'UTC'), changed: resolve }),
    );
    assert.equal(await changed, node);
    assert.equal(node.description, 'maintenance mode on');
    assert.equal(node.contextValue, 'environments.maintenanceOn');

    fake.maintenance = false;
    const off = section('main');
    await new Promise<SectionNode>(
      (resolve) => void environmentNodes(off, { client: fake.api, t: formatMessage, date: dateTimeText('en-US', 'UTC'), changed: resolve }),
    );
    assert.equal(off.description, undefined);
    assert.equal(off.contextValue, 'environments.maintenanceOff');
  });
});
