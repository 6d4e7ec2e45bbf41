import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Chakra's dialogs mount lazily in a portal; on a loaded 2-core machine that can take longer
// than testing-library's 1 s default, so waits allow 5 s (they still fail when nothing shows).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
