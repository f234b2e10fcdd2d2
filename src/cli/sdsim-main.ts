/** The sdsim process entry when run from the sources (bin/sdsim does the same for dist/). */
import { main } from './sdsim.ts';

process.exitCode = await main(process.argv.slice(2));
