import nock from 'nock';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * For a file that tests a real adapter against recorded HTTP: nock intercepts, refuses every
 * request it has no recording for, and fails a test that left a recording unused when asked to.
 * The functions suites share one module graph per worker (vitest.config.ts, `isolate: false`), so
 * the file puts everything back when it ends: the next file in the worker reaches the emulators.
 */
export function useRecordedHttp(options: { everyRecordingUsed?: (pending: string[]) => void } = {}) {
  beforeAll(() => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    options.everyRecordingUsed?.(pending);
  });
  afterAll(() => {
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  });
}
