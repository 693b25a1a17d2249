/* eslint-disable no-console -- this file exists to filter console output */
// oidc-provider 9 warns once per process that Node 20 is not its preferred
// runtime (it runs and is tested here; DESIGN.md section 8). Only that
// warning is dropped, so test output shows everything else.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime')) return;
  warn(...args);
};
