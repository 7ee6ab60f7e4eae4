// Diagnostics for activate_ms (not the reported number): installed in place of the manifest's `main` when
// BENCH_HOST_PROBE=bench/host-probe.cjs, it CPU-profiles require(dist/extension.js) and activate() inside the
// extension host and writes host-<time>.cpuprofile and .json ({loadMs, activateMs}) to $BENCH_PROBE_OUT.
const inspector = require('inspector');
const fs = require('fs');
const path = require('path');
const out = process.env.BENCH_PROBE_OUT || '/tmp/probe-out';
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 100 });
session.post('Profiler.start');
const t0 = performance.now();
const ext = require('./extension.js');
const t1 = performance.now();
exports.activate = (context) => {
  const t2 = performance.now();
  const api = ext.activate(context);
  const t3 = performance.now();
  session.post('Profiler.stop', (err, { profile }) => {
    fs.mkdirSync(out, { recursive: true });
    const stamp = Date.now();
    fs.writeFileSync(path.join(out, `host-${stamp}.cpuprofile`), JSON.stringify(profile));
    fs.writeFileSync(path.join(out, `host-${stamp}.json`), JSON.stringify({ loadMs: t1 - t0, activateMs: t3 - t2 }));
  });
  return api;
};
exports.deactivate = () => ext.deactivate();
