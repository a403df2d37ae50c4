// The API as a plain Node HTTP server (no emulator): what `npm run bench`
// measures. Configured like any run, from the environment (config.ts).
import { createServer } from 'node:http';
import { createApi } from '../../functions/lib/app.js';
import { dependenciesFromEnvironment } from '../../functions/lib/config.js';

// PORT=0: any free port; the parent learns which from the 'listening' message.
const port = Number(process.env.PORT ?? 5199);
const app = await createApi(dependenciesFromEnvironment());
const server = createServer({ keepAliveTimeout: 30_000 }, app);
server.listen(port, '127.0.0.1', () => process.send?.({ listening: server.address().port }));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
