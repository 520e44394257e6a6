import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { createSamlProvider as createSamlProviderAnswer } from '../src/modules/saml/application/create-saml-provider';
import { deleteSamlProvider } from '../src/modules/saml/application/delete-saml-provider';
import { updateSamlProvider } from '../src/modules/saml/application/update-saml-provider';
import { samlProviderStatus } from '../src/modules/saml/domain/saml-providers';
import { findSamlProvider, type SamlProviderChanges } from '../src/modules/saml/store/saml-providers.store';
import { expectApiError, openServiceDb } from '../../../test/support/service-db';

// The domain against a real (embedded) Postgres: team checks, the ON DELETE SET NULL of the
// default team, and the outbox events. Teams are inserted directly: the teams API is not needed here.

const now = new Date();

function makeCertificate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=idp', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'cert.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SAML provider domain', () => {
  let db: PgliteDatabase;
  const certificate = makeCertificate();

  beforeAll(async () => {
    db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
    await db.exec(`INSERT INTO organizations (id, title) VALUES ('org1', 'One'), ('org2', 'Two');
      INSERT INTO teams (id, organization_id, title) VALUES ('team1', 'org1', 'Engineering'), ('team2', 'org2', 'Elsewhere');
      INSERT INTO users (id, email, display_name) VALUES ('ada', 'ada@example.com', 'Ada');
      INSERT INTO members (organization_id, user_id, role) VALUES ('org1', 'ada', 'admin'), ('org2', 'ada', 'admin');`);
  });

  // The use cases as an admin of both organizations, at `at`; they answer the provider with its team's spaces.
  const deps = (at = now) => ({ db, clock: () => at });
  const ada = { userId: 'ada' };
  const createSamlProvider = async (orgId: string, fields: SamlProviderChanges & { label: string }, at = now) =>
    (await createSamlProviderAnswer(deps(at), ada, { organizationId: orgId, fields })).provider;
  const updateSamlProviderFields = async (orgId: string, samlProviderId: string, changes: SamlProviderChanges) =>
    (await updateSamlProvider(deps(), ada, { organizationId: orgId, samlProviderId, changes })).provider;
  afterAll(async () => {
    await db.close();
  });

  async function eventsOf(providerId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE topic = $1 ORDER BY seq', ['identity.events']);
    return rows.map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> }).filter((e) => e.data.samlProviderId === providerId);
  }

  it('creates a pending provider with the default role, then activates it once configured', async () => {
    const created = await createSamlProvider('org1', { label: 'Okta' });
    expect(created).toMatchObject({ label: 'Okta', defaultRole: 'read', defaultTeam: null, entityId: null });
    expect(samlProviderStatus(created)).toBe('pending');

    const updated = await updateSamlProviderFields('org1', created.id, {
      entityID: 'https://idp.example.com',
      certificate,
      ssoURL: 'https://idp.example.com/sso',
    });
    expect(samlProviderStatus(updated)).toBe('active');
    expect(await eventsOf(created.id)).toEqual([
      expect.objectContaining({ type: 'saml-provider.created', data: { organizationId: 'org1', samlProviderId: created.id, label: 'Okta' } }),
      expect.objectContaining({
        type: 'saml-provider.updated',
        data: { organizationId: 'org1', samlProviderId: created.id, fields: ['entityID', 'certificate', 'ssoURL'] },
      }),
    ]);
  });

  it('embeds a default team of the organization and refuses a team of another organization', async () => {
    const created = await createSamlProvider('org1', { label: 'With team', defaultTeam: 'team1', defaultRole: null });
    expect(created.defaultTeam).toMatchObject({ id: 'team1', title: 'Engineering', memberCount: 0 });
    expect(created.defaultRole).toBeNull();

    await expectApiError(createSamlProvider('org1', { label: 'x', defaultTeam: 'team2' }), 400, /"defaultTeam"/);
    await expectApiError(updateSamlProviderFields('org1', created.id, { defaultTeam: 'missing' }), 400, /"defaultTeam"/);
    const cleared = await updateSamlProviderFields('org1', created.id, { defaultTeam: null });
    expect(cleared.defaultTeam).toBeNull();
  });

  it('leaves the provider without a default team when the team is deleted', async () => {
    await db.exec("INSERT INTO teams (id, organization_id, title) VALUES ('doomed', 'org1', 'Doomed')");
    const created = await createSamlProvider('org1', { label: 'Doomed team', defaultTeam: 'doomed' });
    await db.exec("DELETE FROM teams WHERE id = 'doomed'");
    const after = await findSamlProvider(db, 'org1', created.id);
    expect(after).toMatchObject({ defaultTeamId: null, defaultTeam: null });
  });

  it('refuses a certificate out of its validity period at the given time, and writes nothing', async () => {
    const later = new Date(now.getTime() + 40 * 24 * 3600 * 1000);
    await expectApiError(createSamlProvider('org1', { label: 'Late', certificate }, later), 400, /"certificate": expired on/);
    const { rows } = await db.query("SELECT 1 FROM saml_providers WHERE label = 'Late'");
    expect(rows).toHaveLength(0);
  });

  it('keeps providers to their organization and deletes once', async () => {
    const created = await createSamlProvider('org1', { label: 'Scoped' });
    await expectApiError(updateSamlProviderFields('org2', created.id, { label: 'Stolen' }), 404, /not found/);
    await expectApiError(deleteSamlProvider(deps(), ada, { organizationId: 'org2', samlProviderId: created.id }), 404, /not found/);
    await deleteSamlProvider(deps(), ada, { organizationId: 'org1', samlProviderId: created.id });
    await expectApiError(deleteSamlProvider(deps(), ada, { organizationId: 'org1', samlProviderId: created.id }), 404, /not found/);
    expect((await eventsOf(created.id)).map((e) => e.type)).toEqual(['saml-provider.created', 'saml-provider.deleted']);
  });
});
