/** Deep merge of plain JSON (src/sim/scenario/merge-json.ts, where the scenario's checks use it too). */
export { mergeJson } from '../scenario/merge-json.ts';
