// Password hashing is bounded (docs/decisions/0036-bench-floors-and-bounded-hashing.md): however many logins arrive at
// once, at most HASHING_CONCURRENCY argon2 hashes run, the rest wait in order, and every one still gets its answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import argon2 from 'argon2';
import {
  HASHING_CONCURRENCY,
  hashingLoad,
  hashPassword,
  needsRehash,
  OWASP_ARGON2ID,
  passwordHashOptions,
  verifyPassword,
} from './passwords.ts';

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

test("OWASP's minimum argon2id cost unless a test harness outside production asks for less", () => {
  assert.deepEqual(
    {
      memoryCost: OWASP_ARGON2ID.memoryCost,
      timeCost: OWASP_ARGON2ID.timeCost,
      parallelism: OWASP_ARGON2ID.parallelism,
    },
    { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  );
  assert.equal(OWASP_ARGON2ID.type, argon2.argon2id);
  for (const env of [
    {},
    { NODE_ENV: 'development' },
    { PASSWORD_HASH_COST: 'owasp' },
    { PASSWORD_HASH_COST: 'TEST' },
    { NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' },
  ])
    assert.equal(passwordHashOptions(env), OWASP_ARGON2ID, JSON.stringify(env));
  for (const env of [{ PASSWORD_HASH_COST: 'test' }, { NODE_ENV: 'development', PASSWORD_HASH_COST: 'test' }]) {
    const cheap = passwordHashOptions(env);
    assert.equal(cheap.type, argon2.argon2id);
    assert.ok(cheap.memoryCost < OWASP_ARGON2ID.memoryCost, JSON.stringify(env));
  }
});

test("a hash made at OWASP's cost is not rehashed under it, a cheaper one is; this process hashes with its options", async () => {
  const owasp = await argon2.hash('lösenord', OWASP_ARGON2ID);
  const cheap = await argon2.hash('lösenord', passwordHashOptions({ PASSWORD_HASH_COST: 'test' }));
  assert.match(owasp, /\$m=19456,p=1,t=2\$/);
  const current = passwordHashOptions(process.env);
  assert.equal(needsRehash(owasp), current !== OWASP_ARGON2ID);
  assert.equal(needsRehash(cheap), current === OWASP_ARGON2ID);
  const made = await hashPassword('lösenord');
  assert.match(made, new RegExp(`\\$m=${current.memoryCost},p=1,t=${current.timeCost}\\$`));
  assert.equal(needsRehash(made), false);
  assert.equal(await verifyPassword(owasp, 'lösenord'), true);
  assert.equal(await verifyPassword(cheap, 'fel'), false);
});
