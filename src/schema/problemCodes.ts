// The stable codes of the problems a document can have, and the data a quick fix needs beside the message.
// Messages are for people and may be reworded at any time; a code keeps its meaning once given, so quick fixes
// and tests recognise a problem by its code and read what they need from its data, never from the message.
// Only types here: the language room imports them without loading the schema bundle.

/** A value an enumeration allows (what a fix may write instead of the value typed). */
export type AllowedValue = string | number | boolean | null;

interface ProblemDataByCode {
  /** the text is not JSON (or is nested too deeply to read) */
  'invalid-json': undefined;
  /** the document is JSON but not an object */
  'not-an-object': undefined;
  'duplicate-key': { key: string };
  /** a key the object does not take; `allowed` are the keys it takes (every one, however many) */
  'unknown-key': { key: string; allowed: string[] };
  /** a key the object needs is absent; `allowed` when its value is one of a few */
  'missing-value': { allowed?: AllowedValue[] };
  /** `expected`: integer, number, string, boolean, object, array… when the schema says */
  'wrong-type': { expected?: string };
  'value-not-allowed': { allowed: AllowedValue[] };
  'out-of-range': undefined;
  blank: undefined;
  'invalid-id': undefined;
  /** any other value the schema refuses (a pattern, a date, a regular expression, JSON text…) */
  'invalid-value': undefined;

  /** a key the document had when it was opened was taken out; `path` is where it was */
  'removed-key': { key: string; path: (string | number)[]; nullAccepted: boolean };
  /** `$readonly` was changed, added to or taken out */
  'readonly-changed': undefined;

  'ordering-conflict': undefined;
  'ordering-not-allowed': undefined;
  'block-model-flag': undefined;
  'model-kind-conflict': undefined;
  /** the api_key is another model's (in the environment) or another field's (in the model); `taken` lists the ones in use */
  'api-key-taken': { apiKey: string; taken: string[] };
  /** a model's field link that names no field of the model; `allowed` are its field ids */
  'not-own-field': { allowed: string[] };

  'validator-not-allowed': { validator: string; allowed: string[] };
  'validator-missing': { validator: string };
  'plugin-editor-needs-extension': undefined;
  'fieldset-of-other-model': undefined;
  'content-link-required': undefined;
  /** a block model where models belong in `item_types`, or the other way round */
  'wrong-model-kind': { validator: string };
  'filters-not-allowed': undefined;

  /** a record value fails one of its field's validators */
  'validator-failed': { validator: string };
  /** a localized value lacks locales the record's other localized values have (or the model requires) */
  'missing-locales': { missing: string[] };
  'new-block-missing-field': { field: string };
  'unknown-block': undefined;
  'duplicate-block': undefined;
  'block-model-changed': undefined;
  'block-model-not-allowed': { allowed: string[] };
  'unknown-block-model': undefined;

  /** a new resource lacks a key DatoCMS needs to create it */
  'required-on-create': { key: string };
  /** a new resource sets a key DatoCMS sets itself */
  'set-by-datocms': { key: string };

  /** the API refused the save (422); its codes, and the values it allows when it says */
  'api-refused': { apiCode: string; detailCode?: string; allowed?: AllowedValue[] };
  'api-extraneous-attribute': { key: string };
  'api-stale-version': undefined;
}

export type ProblemCode = keyof ProblemDataByCode;

/** A code with its data: the data is required for the codes that have some. */
export type ProblemCoding = {
  [C in ProblemCode]: ProblemDataByCode[C] extends undefined ? { code: C; data?: undefined } : { code: C; data: ProblemDataByCode[C] };
}[ProblemCode];
