// The documents' deep equality answers as Node's util.isDeepStrictEqual did for the values they compare: parsed JSON
// with exact numbers, Structured Text trees, missing against null.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { LosslessNumber } from 'lossless-json';
import { deepStrictEqual } from '../../src/documents/deepStrictEqual';

const CASES: [unknown, unknown][] = [
  [1, 1],
  [0, -0],
  [NaN, NaN],
  ['a', 'a'],
  [null, undefined],
  [null, null],
  [1, '1'],
  [
    { a: 1, b: [1, 2] },
    { b: [1, 2], a: 1 },
  ],
  [{ a: 1 }, { a: 1, b: undefined }],
  [{ a: undefined }, { b: undefined }],
  [
    [1, 2],
    [1, 2, 3],
  ],
  [[], {}],
  [{ 0: 'x', length: 1 }, ['x']],
  [Object.create(null), {}],
  [new LosslessNumber('12345678901234567890'), new LosslessNumber('12345678901234567890')],
  [new LosslessNumber('1.0'), new LosslessNumber('1')],
  [new LosslessNumber('1'), { isLosslessNumber: true, value: '1' }],
  [
    { schema: 'dast', document: { type: 'root', children: [{ type: 'heading', level: 2, children: [] }] } },
    { schema: 'dast', document: { type: 'root', children: [{ type: 'heading', level: 2, children: [] }] } },
  ],
  [
    { schema: 'dast', document: { type: 'root', children: [{ type: 'heading', level: 2, children: [] }] } },
    { schema: 'dast', document: { type: 'root', children: [{ type: 'heading', level: 3, children: [] }] } },
  ],
];

test('deepStrictEqual answers as util.isDeepStrictEqual on document values', () => {
  for (const [index, [a, b]] of CASES.entries()) {
    assert.equal(deepStrictEqual(a, b), isDeepStrictEqual(a, b), `case ${index}`);
    assert.equal(deepStrictEqual(b, a), isDeepStrictEqual(b, a), `case ${index}, the other way`);
  }
});
