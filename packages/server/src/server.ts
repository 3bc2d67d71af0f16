import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DatabaseInUseError } from './db/create-db.js';

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function build(config: Config) {
  try {
    // The listening server sends reminders; apps built by tests call the pass themselves.
    return await buildApp(config, { reminderTimer: true });
  } catch (error) {
    // A second server on the same DATA_DIR: say so in one line, like a bad setting.
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await build(config);

// Ctrl-C or SIGTERM: stop accepting, let in-flight requests finish, close the database.
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

try {
  await app.listen({ port: config.port, host: config.host });
  if (config.demoLogin) app.log.info('demo sign-in is on (no GOOGLE_CLIENT_ID set)');
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
