// Worker threads do not inherit tsx's loader hooks on Node 20, so a scan thread run from
// source (tests, development) registers them itself before loading its TypeScript entry. The
// production build puts a compiled scan-thread.mjs beside the server bundle instead.
import { register } from 'tsx/esm/api';

register();
const { default: scan } = await import('./scan-thread.ts');
export default scan;
