// Component tests (web/src/**/*.test.tsx, jsdom): unmount what a test rendered.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
