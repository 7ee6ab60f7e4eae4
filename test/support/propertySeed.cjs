// The property tests' seed: fixed in `npm test`, so a run passes or fails on the code, not on the documents it
// happened to draw. DATOCMS_PROPERTY_SEED=random draws new ones (fast-check prints the seed of a failure to replay).
const fc = require('fast-check');

const asked = process.env.DATOCMS_PROPERTY_SEED;
if (asked !== 'random') fc.configureGlobal({ seed: asked === undefined ? 20261202 : Number(asked) });
