import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach } from 'vitest';

// Chakra's dialogs mount lazily in a portal; on a loaded 2-core machine that can take longer
// than testing-library's 1 s default, so waits allow 5 s (they still fail when nothing shows).
configure({ asyncUtilTimeout: 5000 });

// React's development build (the only one with `act`, which testing-library needs) records an
// "owner stack" for every element it creates, up to 10,000 a second: an Error with its stack trace
// each time. That was the largest single cost of the view tests (a sixth of a file's CPU). The
// view tests read the screen, never those stacks, so the counter React keeps of them reads as
// past its limit and React stops recording them; its warnings still print, with less detail.
const internals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
  configurable: true,
  get: () => Number.MAX_SAFE_INTEGER,
  set: () => {},
});

// No request leaves a view test (docs/testing.md): the views' calls are fakes the paths settle.
// A request that reaches happy-dom's own network fails as a network failure would, and fails the
// test that made it, with its address.
const escaped: string[] = [];
const refuse = (what: string) => {
  escaped.push(what);
  return new TypeError('Failed to fetch');
};
globalThis.fetch = (async (input: RequestInfo | URL) => {
  throw refuse(`fetch ${input instanceof Request ? input.url : String(input)}`);
}) as typeof fetch;
globalThis.WebSocket = class {
  constructor(url: string | URL) {
    throw refuse(`WebSocket ${String(url)}`);
  }
} as unknown as typeof WebSocket;
XMLHttpRequest.prototype.send = function send(this: XMLHttpRequest) {
  throw refuse('XMLHttpRequest');
};

afterEach(async () => {
  cleanup();
  // A dialog that unmounts hands focus back with a zero-delay timer. Run late, it lands in the next
  // test's dialog as a focus outside it, and that dialog closes itself before its first step. Timers
  // of one delay run in the order they were set, so this one runs after every such hand-back.
  await new Promise((resolve) => setTimeout(resolve, 0));
  localStorage.clear();
  const made = escaped.splice(0);
  if (made.length) throw new Error(`the test made real requests: ${made.join(', ')}`);
});
