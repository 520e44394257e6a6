import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { createSamlProvider, deleteSamlProviderById, samlProviderStatus, updateSamlProviderFields } from '../src/domain/saml-providers';
import { findSamlProvider } from '../src/store/saml-providers.store';
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
      INSERT INTO teams (id, organization_id, title) VALUES ('team1', 'org1', 'Engineering'), ('team2', 'org2', 'Elsewhere');`);
  });
  afterAll(async () => {
    await db.close();
  });

  async function eventsOf(providerId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE topic = $1 ORDER BY seq', ['identity.events']);
    return rows.map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> }).filter((e) => e.data.samlProviderId === providerId);
  }

  it('creates a pending provider with the default role, then activates it once configured', async () => {
    const created = await createSamlProvider(db, 'org1', { label: 'Okta' }, now);
    expect(created).toMatchObject({ label: 'Okta', defaultRole: 'read', defaultTeam: null, entityId: null });
    expect(samlProviderStatus(created)).toBe('pending');

    const updated = await updateSamlProviderFields(
      db,
      'org1',
      created.id,
      { entityID: 'https://idp.example.com', certificate, ssoURL: 'https://idp.example.com/sso' },
      now,
    );
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
    const created = await createSamlProvider(db, 'org1', { label: 'With team', defaultTeam: 'team1', defaultRole: null }, now);
    expect(created.defaultTeam).toMatchObject({ id: 'team1', title: 'Engineering', memberCount: 0 });
    expect(created.defaultRole).toBeNull();

    await expectApiError(createSamlProvider(db, 'org1', { label: 'x', defaultTeam: 'team2' }, now), 400, /"defaultTeam"/);
    await expectApiError(updateSamlProviderFields(db, 'org1', created.id, { defaultTeam: 'missing' }, now), 400, /"defaultTeam"/);
    const cleared = await updateSamlProviderFields(db, 'org1', created.id, { defaultTeam: null }, now);
    expect(cleared.defaultTeam).toBeNull();
  });

  it('leaves the provider without a default team when the team is deleted', async () => {
    await db.exec("INSERT INTO teams (id, organization_id, title) VALUES ('doomed', 'org1', 'Doomed')");
    const created = await createSamlProvider(db, 'org1', { label: 'Doomed team', defaultTeam: 'doomed' }, now);
    await db.exec("DELETE FROM teams WHERE id = 'doomed'");
    const after = await findSamlProvider(db, 'org1', created.id);
    expect(after).toMatchObject({ defaultTeamId: null, defaultTeam: null });
  });

  it('refuses a certificate out of its validity period at the given time, and writes nothing', async () => {
    const later = new Date(now.getTime() + 40 * 24 * 3600 * 1000);
    await expectApiError(createSamlProvider(db, 'org1', { label: 'Late', certificate }, later), 400, /"certificate": expired on/);
    const { rows } = await db.query("SELECT 1 FROM saml_providers WHERE label = 'Late'");
    expect(rows).toHaveLength(0);
  });

  it('keeps providers to their organization and deletes once', async () => {
    const created = await createSamlProvider(db, 'org1', { label: 'Scoped' }, now);
    await expectApiError(updateSamlProviderFields(db, 'org2', created.id, { label: 'Stolen' }, now), 404, /not found/);
    expect(await deleteSamlProviderById(db, 'org2', created.id, now)).toBe(false);
    expect(await deleteSamlProviderById(db, 'org1', created.id, now)).toBe(true);
    expect(await deleteSamlProviderById(db, 'org1', created.id, now)).toBe(false);
    expect((await eventsOf(created.id)).map((e) => e.type)).toEqual(['saml-provider.created', 'saml-provider.deleted']);
  });
});
