// Component tests (web/src/**/*.test.tsx, jsdom): unmount what a test rendered.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for what they check; on a busy 2-core machine a render after a click can
// take more than the library's default second, so they wait up to 5 s (still well inside a test's 20 s).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
