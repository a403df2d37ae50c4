/**
 * How Cloud Functions runs the `api` function: instances, concurrency, memory,
 * CPU and timeout, read from the environment when the functions are deployed
 * (functions/.env.<project-id>; a change takes a redeploy of the function).
 * Unset or empty means the default; a value that is set but not valid stops
 * the deploy with a message naming the variable, rather than quietly running
 * with a default on the morning of an on-sale.
 */

export type ApiMemory = '128MiB' | '256MiB' | '512MiB' | '1GiB' | '2GiB' | '4GiB' | '8GiB' | '16GiB' | '32GiB';

export interface ApiRuntimeSettings {
  /** Instances kept warm even when idle (billed while idle): 0 scales to zero between visits. */
  minInstances: number;
  /** Upper bound on instances: caps what a flood of requests (or a loop) can cost. */
  maxInstances: number;
  /** Requests one instance serves at once; the API is I/O-bound, so many share one CPU well. */
  concurrency: number;
  memory: ApiMemory;
  cpu: number;
  timeoutSeconds: number;
}

/**
 * The defaults: no idle cost; 20 instances of 80 requests each is far above a
 * small organisation's busiest minute (`npm run bench` serves thousands of
 * registrations a second on one process) while bounding the bill; 512 MiB
 * leaves room for sharp's image re-encoding on upload; 60 s covers the
 * slowest call (an upload of 5 MB re-encoded at three sizes).
 */
export const API_SETTING_DEFAULTS: ApiRuntimeSettings = {
  minInstances: 0,
  maxInstances: 20,
  concurrency: 80,
  memory: '512MiB',
  cpu: 1,
  timeoutSeconds: 60,
};

const MEMORY_MIB: Record<ApiMemory, number> = {
  '128MiB': 128,
  '256MiB': 256,
  '512MiB': 512,
  '1GiB': 1024,
  '2GiB': 2048,
  '4GiB': 4096,
  '8GiB': 8192,
  '16GiB': 16384,
  '32GiB': 32768,
};

/** Cloud Run's memory range for each CPU count (2nd-gen functions run on Cloud Run). */
const MEMORY_RANGE_FOR_CPU: Record<number, [number, number]> = {
  1: [128, 4096],
  2: [128, 8192],
  4: [2048, 16384],
  6: [4096, 24576],
  8: [4096, 32768],
};

export class ApiSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiSettingsError';
  }
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ApiSettingsError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

/** The `api` function's runtime settings from API_* variables (see API_SETTING_DEFAULTS). */
export function apiRuntimeSettings(env: NodeJS.ProcessEnv = process.env): ApiRuntimeSettings {
  const defaults = API_SETTING_DEFAULTS;
  const minInstances = wholeNumber(env, 'API_MIN_INSTANCES', defaults.minInstances, 0, 1000);
  const maxInstances = wholeNumber(env, 'API_MAX_INSTANCES', defaults.maxInstances, 1, 1000);
  if (minInstances > maxInstances) {
    throw new ApiSettingsError(`API_MIN_INSTANCES (${minInstances}) cannot be more than API_MAX_INSTANCES (${maxInstances}).`);
  }
  const concurrency = wholeNumber(env, 'API_CONCURRENCY', defaults.concurrency, 1, 1000);
  const timeoutSeconds = wholeNumber(env, 'API_TIMEOUT_SECONDS', defaults.timeoutSeconds, 1, 3600);

  const memoryText = env.API_MEMORY?.trim();
  const memory = (memoryText || defaults.memory) as ApiMemory;
  if (!Object.hasOwn(MEMORY_MIB, memory)) {
    throw new ApiSettingsError(`API_MEMORY must be one of ${Object.keys(MEMORY_MIB).join(', ')}, not "${memoryText}".`);
  }
  const cpuText = env.API_CPU?.trim();
  const cpu = cpuText ? Number(cpuText) : defaults.cpu;
  const range = MEMORY_RANGE_FOR_CPU[cpu];
  if (!range) {
    throw new ApiSettingsError(`API_CPU must be one of ${Object.keys(MEMORY_RANGE_FOR_CPU).join(', ')}, not "${cpuText}".`);
  }
  if (MEMORY_MIB[memory] < range[0] || MEMORY_MIB[memory] > range[1]) {
    throw new ApiSettingsError(`API_MEMORY ${memory} does not fit API_CPU ${cpu}: Cloud Run allows ${range[0]} to ${range[1]} MiB with ${cpu} CPU.`);
  }
  return { minInstances, maxInstances, concurrency, memory, cpu, timeoutSeconds };
}
