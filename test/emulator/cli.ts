// `npm run emulator -- --port P --token T --records N --uploads N --latency MS [--rate-limit] [--job-duration MS] [--empty]`
import { startEmulator } from './index.js';

function parseArgs(argv: string[]): {
  port?: number;
  token?: string;
  records?: number;
  uploads?: number;
  latencyMs?: number;
  rateLimit: boolean;
  jobDurationMs?: number;
  empty: boolean;
} {
  const out: ReturnType<typeof parseArgs> = { rateLimit: false, empty: false };
  const number = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < 0)
      throw new Error(`${flag} expects a non-negative integer, got ${value ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    switch (flag) {
      case '--port':
        out.port = number(flag, argv[++i]);
        break;
      case '--token': {
        const token = argv[++i];
        if (!token) throw new Error('--token expects a value');
        out.token = token;
        break;
      }
      case '--records':
        out.records = number(flag, argv[++i]);
        break;
      case '--uploads':
        out.uploads = number(flag, argv[++i]);
        break;
      case '--latency':
        out.latencyMs = number(flag, argv[++i]);
        break;
      case '--job-duration':
        out.jobDurationMs = number(flag, argv[++i]);
        break;
      case '--rate-limit':
        out.rateLimit = true;
        break;
      case '--empty':
        out.empty = true;
        break;
      default:
        throw new Error(
          `Unknown option ${flag} (options: --port, --token, --records, --uploads, --latency, --job-duration, --rate-limit, --empty)`,
        );
    }
  }
  return out;
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const emulator = await startEmulator(args);
  // Printing the token is the point here: it is the emulator's own throwaway token.
  console.log(`DatoCMS emulator listening on ${emulator.url} (token: ${emulator.token})`);
  console.log(`Content Delivery API (GraphQL): ${emulator.url}/cda/`);
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
