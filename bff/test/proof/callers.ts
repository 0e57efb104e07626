// The six callers of the proof suites, each a browser with its own cookies, kept logged in as who they are: an
// operation that ends or changes a session (logout, login, a password change, an impersonation) would otherwise leave
// the next call running as someone else.
import assert from 'node:assert/strict';
import type { EntityManager } from '@mikro-orm/postgresql';
import { confirmedUser, loggedIn, uniqueEmail } from '../../src/modules/auth/test-helpers.ts';
import { createBankingService } from '../../src/modules/banking/public.ts';
import { signUpUnconfirmedUser } from '../fixtures.ts';
import type { ApiClient, TestApp } from '../test-app.ts';
import type { WriteWatch } from '../db-fingerprint.ts';
import {
  RESOURCES,
  type FixtureContext,
  type FixtureUser,
  type Fixtures,
  type ResourceKind,
  type Role,
} from '../authorization-matrix.ts';

const BANK_ACCOUNT = {
  kind: 'domestic',
  clearingNumber: '83279',
  accountNumber: '1234567897',
  bankName: 'Swedbank',
} as const;

export class Callers {
  readonly t: TestApp;
  owner!: FixtureUser;
  other!: FixtureUser;
  admin!: FixtureUser;
  /** A second admin, who acts as the owner. */
  impersonator!: FixtureUser;
  unconfirmed!: FixtureUser;
  /** Put into the owner's resources; never in an answer to anyone else. */
  readonly ownerMarker = `Ägare-${Math.random().toString(36).slice(2, 10)}`;
  readonly otherMarker = `Annan-${Math.random().toString(36).slice(2, 10)}`;
  #impersonating: ApiClient | undefined;
  /**
   * With a write watch, a caller's session is asked for only when a row has been written since it was last seen to
   * hold: sessions, their users and their impersonations are rows, so an unchanged count means every session checked
   * then still holds. Most requests of the proof suites are refused and write nothing; without this, each one cost a
   * second request asking for the session.
   */
  watch: WriteWatch | undefined;
  /** Each role's client and the write count at which its session was last seen to hold. */
  readonly #held = new Map<Role, { api: ApiClient; count: string }>();

  constructor(t: TestApp) {
    this.t = t;
  }

  async setUp(): Promise<void> {
    this.owner = await confirmedUser(this.t, uniqueEmail('owner'), { firstName: 'Olga', lastName: 'Owner' });
    this.other = await confirmedUser(this.t, uniqueEmail('other'), { firstName: 'Otto', lastName: 'Other' });
    this.admin = await confirmedUser(this.t, uniqueEmail('admin'), { firstName: 'Ada', lastName: 'Admin' });
    this.impersonator = await confirmedUser(this.t, uniqueEmail('admin'), { firstName: 'Ivar', lastName: 'Admin' });
    for (const admin of [this.admin, this.impersonator])
      await this.t.sql(`update app_user set is_admin = true where id = $1`, [admin.userId]);
    // Freelancers who can send: a personal identity number (a Skatteverket test number) and a bank account.
    const banking = createBankingService(this.t.services);
    for (const freelancer of [this.owner, this.other]) {
      await this.t.sql(`update app_user set government_id = '198112189876' where id = $1`, [freelancer.userId]);
      await banking.seedAccount(this.t.services.orm.em.fork() as EntityManager, freelancer.userId, BANK_ACCOUNT);
    }
    this.unconfirmed = await signUpUnconfirmedUser(this.t);
  }

  /**
   * A browser logged in as `role` (a fresh one without cookies for `anonymous`). `countNow` is a write count the
   * caller read just before, with nothing run since (the suites read one after each refused request): it spares
   * reading it again.
   */
  async client(role: Role, countNow?: string): Promise<ApiClient> {
    if (role === 'anonymous') return this.t.client();
    const held = this.#held.get(role);
    if (held && held.count === (countNow ?? (await this.watch?.count()))) return held.api;
    let api: ApiClient;
    if (role === 'impersonating') {
      if (!this.#impersonating || !(await this.#is(this.#impersonating, this.owner.userId, true))) {
        const impersonating = await loggedIn(this.t, this.impersonator.email);
        const start = await impersonating.call('startImpersonation', { body: { userId: this.owner.userId } });
        assert.equal(start.status, 200, JSON.stringify(start.body));
        this.#impersonating = impersonating;
      }
      api = this.#impersonating;
    } else {
      const user = this[role];
      if (!(await this.#is(user.api, user.userId, false))) user.api = await loggedIn(this.t, user.email);
      api = user.api;
    }
    // Logging in writes a session: the count after it is the one the session holds at.
    if (this.watch) this.#held.set(role, { api, count: await this.watch.count() });
    return api;
  }

  /** The user whose resources a caller's requests name by default (the owner's; an admin's own for admin calls). */
  async fixturesFor(user: 'owner' | 'other'): Promise<Fixtures> {
    const owner = user === 'owner';
    const fixtureUser = { ...this[user], api: await this.client(user) };
    const context: FixtureContext = {
      t: this.t,
      user: fixtureUser,
      marker: owner ? this.ownerMarker : this.otherMarker,
    };
    const fixtures = { user: fixtureUser } as Record<string, unknown>;
    for (const kind of Object.keys(RESOURCES) as ResourceKind[]) {
      fixtures[kind] = () => (RESOURCES[kind] as (c: FixtureContext) => Promise<unknown>)(context);
    }
    return fixtures as Fixtures;
  }

  async #is(api: ApiClient, userId: string, impersonating: boolean): Promise<boolean> {
    const session = await api.request('GET', '/api/auth/session');
    return session.status === 200 && session.body.user.id === userId && session.body.isImpersonating === impersonating;
  }
}
