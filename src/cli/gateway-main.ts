/** The gateway process entry when run from the sources (bin/gateway does the same for dist/). */
import { main } from './gateway.ts';

process.exitCode = await main(process.argv.slice(2));
