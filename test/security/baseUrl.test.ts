// Where the token may be sent: https anywhere, plain http only to this machine; and the setting that
// chooses the server can come from the user only, never from an opened (possibly untrusted) folder.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { checkBaseUrl } from '../../src/platform/baseUrl';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { scope?: string; pattern?: string }> }[] };
  capabilities: { untrustedWorkspaces: { supported: boolean | 'limited'; restrictedConfigurations?: string[] } };
};
const settings = Object.assign({}, ...pkg.contributes.configuration.map((category) => category.properties)) as Record<
  string,
  { scope?: string; pattern?: string }
>;
const baseUrlSetting = settings['datocms.baseUrl'];

const ACCEPTED: [string, string][] = [
  ['https://site-api.datocms.com', 'https://site-api.datocms.com'],
  ['https://site-api.datocms.com/', 'https://site-api.datocms.com'],
  ['HTTPS://Site-Api.DatoCMS.com', 'https://site-api.datocms.com'],
  ['https://proxy.example.com:8443/cma/', 'https://proxy.example.com:8443/cma'],
  ['http://127.0.0.1:3030', 'http://127.0.0.1:3030'],
  ['http://localhost:3030', 'http://localhost:3030'],
  ['HTTP://LOCALHOST:3030', 'http://localhost:3030'],
  ['http://[::1]:3030', 'http://[::1]:3030'],
  ['http://[0:0:0:0:0:0:0:1]:3030', 'http://[::1]:3030'], // the same address, normalised
  ['http://127.1:3030', 'http://127.0.0.1:3030'], // shorthand for 127.0.0.1
];

const REFUSED: [string, RegExp][] = [
  ['http://site-api.datocms.com', /must use https/],
  ['http://127.0.0.1.evil.com', /must use https/],
  ['http://127.0.0.1.nip.io:3030', /must use https/],
  ['http://localhost.evil.com', /must use https/],
  ['http://localhost@evil.com', /must use https/], // "localhost" is the user name here; the host is evil.com
  ['http://127.0.0.1@evil.com:3030', /must use https/],
  ['http://evil.com#@127.0.0.1', /must use https/],
  ['http://evil.com\\@127.0.0.1', /must use https/],
  ['http://[::ffff:127.0.0.1]', /must use https/], // IPv4-mapped: not treated as this machine
  ['http://[::2]', /must use https/],
  ['http://0.0.0.0:3030', /must use https/],
  ['http://10.0.0.5', /must use https/],
  ['HTTP://EVIL.COM', /must use https/],
  ['ftp://127.0.0.1', /must use https/],
  ['file:///etc/passwd', /must use https/],
  ['javascript:alert(1)', /must use https/],
  ['https://user:secret@site-api.datocms.com', /must not contain credentials/],
  ['https://site-api.datocms.com/?token=x', /must not contain credentials, a query or a fragment/],
  ['site-api.datocms.com', /is not a valid URL/],
  ['', /is not a valid URL/],
];

describe('base URL', () => {
  for (const [input, normalised] of ACCEPTED) {
    test(`accepts ${input}`, () => {
      assert.deepEqual(checkBaseUrl(input), { ok: true, baseUrl: normalised });
    });
  }
  for (const [input, message] of REFUSED) {
    test(`refuses ${JSON.stringify(input)}`, () => {
      const checked = checkBaseUrl(input);
      assert.equal(checked.ok, false);
      assert.match(checked.ok ? '' : checked.message, message);
    });
  }

  test('the settings editor refuses what the extension refuses (the manifest pattern agrees for every plain-http case)', () => {
    assert.ok(baseUrlSetting?.pattern, 'datocms.baseUrl has a pattern');
    const pattern = new RegExp(baseUrlSetting.pattern);
    for (const [input] of REFUSED.filter(([i]) => /^http:/.test(i))) assert.doesNotMatch(input, pattern, input);
    for (const input of ['https://site-api.datocms.com', 'http://127.0.0.1:3030', 'http://localhost:3030/x', 'http://[::1]:3030'])
      assert.match(input, pattern);
  });

  test('datocms.baseUrl is application-scoped and restricted in untrusted workspaces: no folder can redirect the token', () => {
    assert.equal(baseUrlSetting?.scope, 'application');
    assert.equal(settings['datocms.defaultEnvironment']?.scope, 'application');
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations?.includes('datocms.baseUrl'));
  });

  test('the configuration reader ignores workspace and folder values of datocms.baseUrl', () => {
    // src/platform/config.ts reads the setting through inspect(): only globalValue (user) or the default count.
    const source = readFileSync(join(__dirname, '..', '..', 'src', 'platform', 'config.ts'), 'utf8');
    assert.match(source, /const value = userValue<string>\('baseUrl'\)/);
    assert.match(source, /return inspected\?\.globalValue \?\? inspected\?\.defaultValue;/);
    assert.doesNotMatch(source, /workspaceValue|workspaceFolderValue/);
  });
});
