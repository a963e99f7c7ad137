import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test draws on an empty page: Testing Library unmounts what the last one drew.
afterEach(() => cleanup());
