// Password hashing is bounded (docs/decisions/0036-bench-floors-and-bounded-hashing.md): however many logins arrive at
// once, at most HASHING_CONCURRENCY argon2 hashes run, the rest wait in order, and every one still gets its answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HASHING_CONCURRENCY, hashingLoad, hashPassword, verifyPassword } from './passwords.ts';

test('a burst of hashes and verifications runs at most HASHING_CONCURRENCY at a time, and each answers rightly', async () => {
  const hash = await hashPassword('rätt lösenord');
  const burst = HASHING_CONCURRENCY + 4;
  let maxRunning = 0;
  let maxWaiting = 0;
  let done = false;
  // Sampled between turns of the event loop until the burst is over (no clock involved).
  const sampling = (async () => {
    while (!done) {
      const { running, waiting } = hashingLoad();
      maxRunning = Math.max(maxRunning, running);
      maxWaiting = Math.max(maxWaiting, waiting);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const answers = await Promise.all(
    Array.from({ length: burst }, (_, i) =>
      i % 3 === 2
        ? hashPassword(`nytt ${i}`).then((h) => h.startsWith('$argon2id$'))
        : verifyPassword(hash, i % 3 === 0 ? 'rätt lösenord' : 'fel'),
    ),
  );
  done = true;
  await sampling;
  assert.deepEqual(
    answers,
    Array.from({ length: burst }, (_, i) => i % 3 !== 1),
  );
  assert.ok(maxRunning >= 1 && maxRunning <= HASHING_CONCURRENCY, `running at once: ${maxRunning}`);
  assert.ok(maxWaiting >= 1, 'the burst queued');
  assert.deepEqual(hashingLoad(), { running: 0, waiting: 0 });
});
