import type { GitBookAPI } from 'gitbook-api-0202';
import type { TodayLedger } from '../../support/client-0202';
import type { TestUser } from '../../support/factories';
import type { StackState } from '../../support/stack';

/** What every area of the client-0202 test starts from: an organization, its admin, and the ledger of today's client. */
export interface TodayContext {
  stack: StackState;
  ledger: TodayLedger;
  orgId: string;
  admin: TestUser;
  /** Today's client as the admin. */
  api: GitBookAPI;
}
