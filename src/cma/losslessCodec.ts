// lossless-json's parser and serialiser, needed only for bodies with numbers a double cannot hold: loaded on
// first use (its own bundle, dist/lossless.js). LosslessNumber instances are recognised across bundle copies
// by the library's shared symbol, so isLosslessNumber works on values made here.
export { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';
