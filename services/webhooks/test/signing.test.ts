import { sealSecret } from '@quire/platform/secrets';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeaders } from '../src/modules/webhooks/domain/signing';
import { signingSecrets } from '../src/modules/webhooks/domain/webhook-secrets';

describe('signing', () => {
  const body = JSON.stringify({ eventId: 'evt1', type: 'ping' });
  const at = new Date();

  it('makes whsec_ secrets the Standard Webhooks library reads', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it('signs as Standard Webhooks: a receiver verifies with the secret and refuses another', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders([secret], 'evt1', at, body);
    expect(headers).toEqual({
      'webhook-id': 'evt1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('ping', 'pong'), headers)).toThrow();
  });

  it('during a rotation, sends both signatures; either secret verifies', () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const headers = signatureHeaders([current, previous], 'evt1', at, body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
  });

  it('opens the sealed secrets, the previous one only while its grace lasts', () => {
    const key = 'internal-secret-of-the-service';
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const webhook = {
      secretSealed: sealSecret(key, 'webhook-signing-secret', current),
      previousSecretSealed: sealSecret(key, 'webhook-signing-secret', previous),
      previousSecretExpiresAt: new Date(at.getTime() + 1000),
    };
    expect(webhook.secretSealed).not.toContain(current.slice(6));
    expect(signingSecrets(key, webhook, at)).toEqual([current, previous]);
    expect(signingSecrets(key, webhook, new Date(at.getTime() + 2000))).toEqual([current]);
    expect(() => signingSecrets('another-internal-secret', webhook, at)).toThrow();
  });
});
