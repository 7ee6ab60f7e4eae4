// Exact numbers: lossless-json, shared by the API client (bodies with numbers a double cannot hold) and the schema
// layer (checking and comparing such values). A room of its own so that both take the same LosslessNumber class.
export {
  compareLosslessNumber,
  isLosslessNumber,
  isSafeNumber,
  LosslessNumber,
  parse as parseLossless,
  splitNumber,
  stringify as stringifyLossless,
} from 'lossless-json';
