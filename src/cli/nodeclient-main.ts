/** The nodeclient process entry when run from the sources (bin/nodeclient does the same for dist/). */
import { main } from './nodeclient.ts';

process.exitCode = await main(process.argv.slice(2));
