// "Allow saving invalid drafts" (draft_saving_active, with draft mode): DatoCMS saves any record of the model
// past its validators, whatever its status (a save of a published record is a new draft), and applies them when
// publishing. The local check relaxes exactly that: no validator, every value shape.
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma/types';
import * as fx from './fixtures';
import { bodyOf, plan, problemAt, problemsOf, refusedAt } from './helpers';

const withModel = (attributes: Record<string, unknown>) =>
  fx.context({
    itemTypes: [{ ...fx.articleModel, attributes: { ...fx.articleModel.attributes, ...attributes } }, fx.ctaModel, fx.quoteModel],
  });
const savesInvalid = withModel({ draft_mode_active: true, draft_saving_active: true });
const record = (status: string | null): Resource<'item'> => {
  const r = fx.articleRecord();
  return { ...r, meta: { ...r.meta, status } };
};

describe('saving invalid drafts', () => {
  for (const status of ['draft', 'updated', 'published', null]) {
    test(`a ${status ?? 'new'} record: required, length, format and range are not enforced`, () => {
      bodyOf(
        plan('record', record(status), savesInvalid, (d) => {
          d.slug = null;
          d.title = { en: 'ab', it: 'cd' };
          d.rating = 9;
          d.content[0].label = null;
        }),
      );
    });
  }

  test('value shapes still are', () => {
    refusedAt('record', record('published'), savesInvalid, 'slug', 'expected a string', (d) => {
      d.slug = 5;
    });
  });

  test('without draft mode the flag does nothing: every save is published, so validators apply', () => {
    refusedAt(
      'record',
      record('published'),
      withModel({ draft_mode_active: false, draft_saving_active: true }),
      'slug',
      'is required',
      (d) => {
        d.slug = null;
      },
    );
  });

  test('a model that does not save invalid drafts: a draft is held to every validator', () => {
    problemAt(
      problemsOf(
        plan('record', record('draft'), withModel({ draft_mode_active: true, draft_saving_active: false }), (d) => {
          d.title = { en: 'ab', it: 'cd' };
        }),
      ),
      'title.en',
    );
  });
});
